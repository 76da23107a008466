/**
 * The extension as users get it: `npm run package` (vsce, after the production build) into a
 * folder of the test run, once per run, with a copy of package.json beside it for the
 * installer to know the extension's folder name.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

let packaged: string | undefined;

export function packagedVsix(
  repoRoot: string,
  outDir: string,
  log: (line: string) => void,
): string {
  if (packaged && existsSync(packaged)) return packaged;
  mkdirSync(outDir, { recursive: true });
  const vsix = join(outDir, 'must-gather-inspector.vsix');
  log(`packaging the extension into ${vsix}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', '--silent', 'package', '--', '--out', vsix], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0 || !existsSync(vsix))
    throw new Error(`npm run package failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  copyFileSync(join(repoRoot, 'package.json'), join(outDir, 'package.json'));
  packaged = vsix;
  return vsix;
}
