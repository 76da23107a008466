/**
 * The extension-host test entry (`extensionTestsPath`): runs every `*.e2e.js` beside it with
 * mocha inside VS Code, prints through the host's console, and writes each test's result to
 * the file named by MGI_E2E_RESULTS so the outer runner can count them one by one.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

interface Result {
  title: string;
  state: 'passed' | 'failed';
  error?: string;
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000 });
  for (const f of readdirSync(__dirname)
    .filter((n) => n.endsWith('.e2e.js'))
    .sort())
    mocha.addFile(join(__dirname, f));
  const results: Result[] = [];
  const save = () => {
    const out = process.env.MGI_E2E_RESULTS;
    if (out) writeFileSync(out, JSON.stringify(results, null, 2));
  };
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      save();
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => results.push({ title: t.fullTitle(), state: 'passed' }));
    runner.on('fail', (t, err: Error) =>
      results.push({ title: t.fullTitle(), state: 'failed', error: err.stack ?? err.message }),
    );
  });
}
