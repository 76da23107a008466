/** Runs the bundled CLI (`dist/cli.js`) as a user would, and returns what it printed. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './fixtures';

const cliPath = join(repoRoot, 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
