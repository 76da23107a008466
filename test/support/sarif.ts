/** What the SARIF tests analyse: every fixture and sample, and a folder holding several clusters. */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import type * as Sarif from 'sarif';
import { examplesDir, fixturesDir, repoRoot, samples, updates } from './fixtures';

const cliPath = join(repoRoot, 'dist', 'cli.js');
const execFileP = promisify(execFile);

/** `analyze <path> --format sarif`, without blocking: the fixtures run a few at a time. */
export async function sarifOf(
  path: string,
  ...args: string[]
): Promise<{ code: number; text: string; log: Sarif.Log }> {
  const argv = [cliPath, 'analyze', path, '--format', 'sarif', ...args];
  const opts = { encoding: 'utf8' as const, maxBuffer: 256 * 1024 * 1024 };
  const r = await execFileP(process.execPath, argv, opts).then(
    (x) => ({ code: 0, stdout: x.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
  return { code: r.code, text: r.stdout, log: JSON.parse(r.stdout) as Sarif.Log };
}

/** The folders under test/fixtures and examples: each a must-gather, a form of one, or several. */
export const sarifInputs = [fixturesDir, examplesDir].flatMap((dir) =>
  readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((p) => statSync(p).isDirectory()),
);

/** Of different clusters (cluster IDs differ), in folders named as the fixtures. */
export const otherClusters = [
  samples.apiserverCrashLoop,
  updates.pausedPool,
  updates.recommend,
  samples.gatherExtra,
];
/** Two gathers of one cluster (`235e70fb-…`); the first sorts first. */
export const sameCluster = [updates.stalled, join(fixturesDir, 'update-stalled-reduced-logs')];

/**
 * A folder holding the gathers above, copied (discovery follows no symlink): several clusters,
 * one of them gathered twice.
 */
export function severalClusters(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'mgi-clusters-'));
  for (const g of [...otherClusters, ...sameCluster]) {
    cpSync(g, join(path, basename(g)), { recursive: true });
  }
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
