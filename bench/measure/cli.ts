/**
 * `analyze` on one generated must-gather against its two baselines, measured in turn (floor,
 * `rg`, `analyze`, floor, ...) so that a change in the machine's load falls on all three alike.
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
}

const node = process.execPath;

/** A new CLI process analysing `dir` (exit 1: findings at error level, which these have). */
export function analyzeRun(cli: string, dir: string) {
  return () => runProcess(node, [cli, 'analyze', dir, '--format', 'json'], [0, 1]);
}

export async function measureCli(
  cli: string,
  info: GeneratedInfo,
  listFile: string,
  runs = 5,
): Promise<CliFigures> {
  const facts = await analysisFacts(info.dir);
  writeList(listFile, facts.filesRead);
  const [floor, rg, analyze] = interleavedMedians(runs, [
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
  ]);
  if (!floor || !rg || !analyze) throw new Error('a measurement is missing');
  return {
    info,
    facts,
    floorMs: floor.ms,
    rgMs: rg.ms,
    analyze: { ms: analyze.ms, maxRssMiB: analyze.maxRssMiB ?? 0 },
  };
}
