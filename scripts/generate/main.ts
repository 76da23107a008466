/**
 * `npm run generate`: writes the generated files (README rules table and CLI commands,
 * settings schema); `--check` writes nothing and exits 1 when one is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles } from './files';

const repo = process.cwd();
const check = process.argv.includes('--check');
let stale = 0;
for (const f of generatedFiles(repo)) {
  const path = join(repo, f.path);
  if (readFileSync(path, 'utf8') === f.text) continue;
  stale++;
  if (check) console.error(`${f.path} is stale: run npm run generate`);
  else {
    writeFileSync(path, f.text);
    console.log(`wrote ${f.path}`);
  }
}
process.exitCode = check && stale > 0 ? 1 : 0;
