// `npm run test:electron`: the same extension-host suite in desktop VS Code through
// @vscode/test-electron, on a machine that can download VS Code (not in CI: ours cannot).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

const repo = resolve(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'mgi-electron-'));
const workspace = join(tmp, 'examples');
cpSync(join(repo, 'examples'), workspace, { recursive: true });
try {
  await runTests({
    version: '1.100.3',
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'out', 'test', 'e2e', 'suite', 'index.js'),
    launchArgs: [workspace, '--disable-workspace-trust'],
    extensionTestsEnv: { MGI_E2E_RESULTS: join(tmp, 'results.json') },
  });
} catch (err) {
  console.error(`end-to-end suite failed: ${err}`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
