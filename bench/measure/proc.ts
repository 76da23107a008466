/** Timing new processes (wall time and peak RSS) and summarising samples. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repo = process.cwd(); // run from the repository root (npm run bench)

export interface ProcRun {
  ms: number;
  /** Peak RSS in MiB (Node processes only, through the preload). */
  maxRssMiB?: number;
  stdout: string;
}

/** Runs a command once; Node scripts get the peak-RSS preload. Throws on a failing exit. */
export function runProcess(
  cmd: string,
  args: string[],
  okCodes = [0],
  env: NodeJS.ProcessEnv = {},
): ProcRun {
  const dir = mkdtempSync(join(tmpdir(), 'mgi-bench-'));
  const rssFile = join(dir, 'maxrss');
  const isNode = cmd === process.execPath;
  const argv = isNode ? ['--require', join(repo, 'bench/support/maxrss.cjs'), ...args] : args;
  try {
    const t = performance.now();
    const r = spawnSync(cmd, argv, {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, ...env, MGI_BENCH_MAXRSS: rssFile },
    });
    const ms = performance.now() - t;
    if (r.error) throw r.error;
    if (!okCodes.includes(r.status ?? -1)) {
      throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
    }
    const out: ProcRun = { ms, stdout: r.stdout };
    if (isNode) out.maxRssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One warm-up run (fills the page cache), then the median of `n` runs. */
export function medianRun(n: number, run: () => ProcRun): ProcRun {
  run();
  const runs = Array.from({ length: n }, run).sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)] as ProcRun;
}

/**
 * Medians of several commands measured in turn (a, b, a, b, ...) so a change in the machine's
 * load falls on all of them alike and their ratio holds. Each sample comes right after an
 * unmeasured run of the same command: the page cache holds less than one `rg` pass reads, so
 * without it a command would run on what the one before left in the cache.
 */
export function interleavedMedians(n: number, runs: (() => ProcRun)[]): ProcRun[] {
  return interleavedSamples(n, runs).map(middle);
}

/** The samples of `interleavedMedians`, in the order taken: sample k of each is round k's. */
export function interleavedSamples(n: number, runs: (() => ProcRun)[]): ProcRun[][] {
  const samples = runs.map((): ProcRun[] => []);
  for (let k = 0; k < n; k++)
    runs.forEach((run, i) => {
      run();
      samples[i]?.push(run());
    });
  return samples;
}

/** The middle sample by time (the upper one of an even count). */
export function middle(samples: ProcRun[]): ProcRun {
  const sorted = [...samples].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)] as ProcRun;
}

/**
 * The median of the ratios a/b taken round by round: each pair ran back to back, so a change
 * in the machine's speed between rounds falls on both sides of its ratio.
 */
export function pairedRatio(a: ProcRun[], b: ProcRun[]): number {
  return median(a.map((r, k) => r.ms / (b[k]?.ms ?? NaN)));
}

/** The median as `medianRun` takes it: the middle sample, the upper one of an even count. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

export function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}
