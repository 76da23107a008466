/**
 * `analyze` on one generated must-gather against its two baselines, and `timeline` against
 * `analyze`, measured in turn (floor, `rg`, `analyze`, `timeline`, floor, ...) so that a change
 * in the machine's load falls on all four alike.
 */
import { join } from 'node:path';
import type { GeneratedInfo } from '../gen/ensure';
import { analysisFacts, writeList } from './analysis';
import type { AnalysisFacts } from './analysis';
import { interleavedMedians, repo, runProcess } from './proc';

export interface CliFigures {
  info: GeneratedInfo;
  facts: AnalysisFacts;
  /** A new Node process reading once every file the analysis reads. */
  floorMs: number;
  /** One `rg -uu -c` pass over the whole must-gather. */
  rgMs: number;
  analyze: { ms: number; maxRssMiB: number };
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
  const [floor, rg, analyze, timeline] = interleavedMedians(runs, [
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
  if (!floor || !rg || !analyze || !timeline) throw new Error('a measurement is missing');
  return {
    info,
    facts,
    floorMs: floor.ms,
    rgMs: rg.ms,
    analyze: { ms: analyze.ms, maxRssMiB: analyze.maxRssMiB ?? 0 },
    timeline: {
      ms: timeline.ms,
      maxRssMiB: timeline.maxRssMiB ?? 0,
      intervals: intervalCount(timeline.stdout),
    },
  };
}
