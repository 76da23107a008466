// `npm start [-- [status|analyze] <path> ...]`: analyse a must-gather (by default the bundled
// samples) and print the findings, or with `status` where the update stands. Error findings are the expected result on the samples, so they do not fail
// this command; use `node dist/cli.js analyze` directly where the exit status matters.
import { spawnSync } from 'node:child_process';

const given = process.argv.slice(2);
const command = ['status', 'analyze'].includes(given[0] ?? '') ? given[0] : 'analyze';
const args = command === given[0] ? given.slice(1) : given;
const hasPath = args.some((a) => !a.startsWith('-'));
const cli = ['dist/cli.js', command, ...(hasPath ? args : ['examples', ...args])];
const r = spawnSync(process.execPath, cli, { stdio: 'inherit' });
if (r.status === 1) {
  console.error(
    `(exit status 1 from the CLI: at least one error ${command === 'status' ? 'insight' : 'finding'}, as expected for a stuck upgrade)`,
  );
  process.exit(0);
}
process.exit(r.status ?? 2);
