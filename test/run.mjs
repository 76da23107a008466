// Runs the bundled tests (out/test, built by esbuild.mjs) with node's test runner.
// `node test/run.mjs` runs every layer; `node test/run.mjs unit` (or lsp) runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const layers = process.argv.slice(2);
const wanted = layers.length > 0 ? layers : ['unit', 'lsp'];

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.test.js') ? [full] : [];
  });
}

const tests = wanted.flatMap((l) => files(join('out', 'test', l))).sort();
if (tests.length === 0) {
  console.error(`no test files found for: ${wanted.join(', ')} (did the build run?)`);
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--test', '--test-reporter=spec', ...tests],
  {
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);
