/**
 * `analyze` on one generated must-gather against its two baselines, and `timeline` against
 * `analyze`, measured in turn (floor, `rg`, `analyze`, `timeline`, floor, ...) so that a change
 * in the machine's load falls on all four alike.
 */
import { join } from 'node:path';
import type { GeneratedInfo } from '../gen/ensure';
import { analysisFacts, writeList } from './analysis';
import type { AnalysisFacts } from './analysis';
import type { ProcRun } from './proc';
import { interleavedSamples, middle, pairedRatio, repo, runProcess } from './proc';

export interface CliFigures {
  info: GeneratedInfo;
  facts: AnalysisFacts;
  /** A new Node process reading once every file the analysis reads. */
  floorMs: number;
  /** One `rg -uu -c` pass over the whole must-gather. */
  rgMs: number;
  analyze: { ms: number; maxRssMiB: number };
  /** `analyze` / `rg`, the median of the ratios of the rounds (each pair run back to back). */
  rgRatio: number;
  /** `analyze` / the floor, likewise. */
  floorRatio: number;
  /** `timeline --format json`: the same analysis, then its intervals placed and printed. */
  timeline: { ms: number; maxRssMiB: number; intervals: number };
}

const node = process.execPath;

/** A new CLI process analysing `dir` (exit 1: findings at error level, which these have). */
export function analyzeRun(cli: string, dir: string) {
  return () => runProcess(node, [cli, 'analyze', dir, '--format', 'json'], [0, 1]);
}

/** Intervals in `timeline --format json` output, over every root it found. */
function intervalCount(stdout: string): number {
  const out = JSON.parse(stdout) as { timelines: { intervals: unknown[] }[] };
  return out.timelines.reduce((n, t) => n + t.intervals.length, 0);
}

export async function measureCli(
  cli: string,
  info: GeneratedInfo,
  listFile: string,
  runs = 5,
): Promise<CliFigures> {
  const facts = await analysisFacts(info.dir);
  writeList(listFile, facts.filesRead);
  const [floors, rgs, analyzes, timelines] = interleavedSamples(runs, [
    () => runProcess(node, [join(repo, 'bench/support/read-files.cjs'), listFile]),
    () =>
      runProcess(
        'rg',
        [
          '-uu',
          '--no-messages',
          '-c',
          'machineconfiguration.openshift.io/state: Degraded',
          info.dir,
        ],
        [0, 1],
      ),
    analyzeRun(cli, info.dir),
    () => runProcess(node, [cli, 'timeline', info.dir, '--format', 'json']),
  ]);
  if (!floors || !rgs || !analyzes || !timelines) throw new Error('a measurement is missing');
  const [floor, rg, analyze, timeline] = [floors, rgs, analyzes, timelines].map(middle) as [
    ProcRun,
    ProcRun,
    ProcRun,
    ProcRun,
  ];
  return {
    info,
    facts,
    floorMs: floor.ms,
    rgMs: rg.ms,
    analyze: { ms: analyze.ms, maxRssMiB: analyze.maxRssMiB ?? 0 },
    rgRatio: pairedRatio(analyzes, rgs),
    floorRatio: pairedRatio(analyzes, floors),
    timeline: {
      ms: timeline.ms,
      maxRssMiB: timeline.maxRssMiB ?? 0,
      intervals: intervalCount(timeline.stdout),
    },
  };
}

export interface StartFigures {
  /** `analyze` without the code cache (a CLI's first run of a command, or the cache off). */
  uncached: { ms: number; ratio: number };
  /** `analyze --jobs 2`: one read thread beside the main one. */
  twoThreads: { ms: number; maxRssMiB: number; ratio: number; maxRssRatio: number };
  /** `analyze` as above, measured in the same rounds: the baseline of both ratios. */
  analyze: { ms: number; maxRssMiB: number };
}

/**
 * What the code cache and a read thread change, each against `analyze` as it runs by default,
 * in interleaved rounds on the same must-gather.
 */
export function measureStart(cli: string, dir: string, runs = 7): StartFigures {
  const [base, uncached, two] = interleavedSamples(runs, [
    analyzeRun(cli, dir),
    () =>
      runProcess(node, [cli, 'analyze', dir, '--format', 'json'], [0, 1], {
        MUST_GATHER_INSPECTOR_CODE_CACHE: '0',
      }),
    () => runProcess(node, [cli, 'analyze', dir, '--format', 'json', '--jobs', '2'], [0, 1]),
  ]);
  if (!base || !uncached || !two) throw new Error('a measurement is missing');
  const [b, u, t] = [base, uncached, two].map(middle) as [ProcRun, ProcRun, ProcRun];
  return {
    analyze: { ms: b.ms, maxRssMiB: b.maxRssMiB ?? 0 },
    uncached: { ms: u.ms, ratio: pairedRatio(uncached, base) },
    twoThreads: {
      ms: t.ms,
      maxRssMiB: t.maxRssMiB ?? 0,
      ratio: pairedRatio(two, base),
      maxRssRatio: (t.maxRssMiB ?? 0) / (b.maxRssMiB ?? 1),
    },
  };
}
