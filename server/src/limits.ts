import { availableParallelism } from 'node:os';

/**
 * Bounds on the work done per file, so that a hostile file costs one finding, not the process.
 * Users set them with `mustGatherInspector.limits.*` (editor) or `--limit <name>=<n>` (CLI).
 */
export interface Limits {
  /** Files larger than this are not parsed. */
  maxFileSizeMiB: number;
  /** YAML alias expansions per document (billion laughs). */
  maxAliasCount: number;
  /** Levels of nested maps and lists in one document. */
  maxNestingDepth: number;
  /** Documents read from one file; the rest are ignored. */
  maxDocumentsPerFile: number;
  /** Size of one MachineConfig file's contents once decoded and gunzipped. */
  maxDecompressedMiB: number;
  /** Text read from the end of one pod log, once gunzipped; earlier lines are counted, not kept. */
  maxLogMiB: number;
  /** All that one archive may extract to, nested archives included. */
  maxExtractedGiB: number;
  /** Entries one archive may hold, nested archives included. */
  maxArchiveEntries: number;
  /** Extracted bytes per compressed byte, for each nested archive and for the whole. */
  maxCompressionRatio: number;
  /** Archives inside archives, levels deep. */
  maxArchiveNesting: number;
  /** The archive cache's size; least recently used extractions go first. */
  archiveCacheGiB: number;
}

export const defaultLimits: Limits = {
  maxFileSizeMiB: 64,
  maxAliasCount: 100,
  maxNestingDepth: 200,
  maxDocumentsPerFile: 1000,
  maxDecompressedMiB: 16,
  maxLogMiB: 64,
  maxExtractedGiB: 200,
  maxArchiveEntries: 2_000_000,
  maxCompressionRatio: 100,
  maxArchiveNesting: 3,
  archiveCacheGiB: 100,
};

/** Accepted range of each limit (inclusive). */
export const limitRanges: Record<keyof Limits, [number, number]> = {
  maxFileSizeMiB: [1, 1024],
  maxAliasCount: [0, 100_000],
  maxNestingDepth: [8, 5000],
  maxDocumentsPerFile: [1, 100_000],
  maxDecompressedMiB: [1, 1024],
  maxLogMiB: [1, 4096],
  maxExtractedGiB: [1, 100_000],
  maxArchiveEntries: [1, 100_000_000],
  maxCompressionRatio: [2, 100_000],
  maxArchiveNesting: [0, 10],
  archiveCacheGiB: [1, 100_000],
};

export const limitNames = Object.keys(defaultLimits) as (keyof Limits)[];

export function isLimitName(name: string): name is keyof Limits {
  return (limitNames as string[]).includes(name);
}

/** Why a value cannot be a limit, or undefined when it can. */
export function limitProblem(name: keyof Limits, value: unknown): string | undefined {
  const [min, max] = limitRanges[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return `${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`;
  }
  return undefined;
}

/** Limits from a settings object; unknown names and bad values are reported and ignored. */
export function limitsFrom(raw: unknown, warn: (m: string) => void): Limits {
  const out: Limits = { ...defaultLimits };
  if (raw === null || typeof raw !== 'object') return out;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!isLimitName(name)) {
      warn(`mustGatherInspector.limits: unknown limit "${name}"`);
      continue;
    }
    const problem = limitProblem(name, value);
    if (problem) warn(`mustGatherInspector.limits.${problem}`);
    else out[name] = value as number;
  }
  return out;
}

export const mib = 1024 * 1024;

/**
 * A namespace's pod List is read to judge its pods (the `pods` read mode) up to this size, and
 * never past `maxFileSizeMiB`: a larger one (thousands of pods) is one `yaml-invalid`, not a
 * parse of hundreds of MiB. The largest an operator's namespace holds is about 10 MiB (a storage
 * or network operator's pods on 250 nodes). Not a setting.
 */
export const maxPodListMiB = 32;

/** The environment variable that caps an analysis' read threads, like the CLI's `--jobs`. */
export const jobsVariable = 'MUST_GATHER_INSPECTOR_JOBS';

/** What is wrong with a number of threads, if anything. */
export function jobsProblem(value: string): string | undefined {
  return /^[1-9]\d{0,2}$/.test(value)
    ? undefined
    : `a whole number of threads from 1, not "${value}"`;
}

/**
 * Threads an analysis reads and parses files with, the main one included: `--jobs` when given,
 * else `MUST_GATHER_INSPECTOR_JOBS`, else 1 (the main thread alone). One thread is the default
 * because it is the faster on the machines measured: on 2 cores a read thread made `analyze`
 * of the benchmark's 2 GiB must-gather 7 to 14% slower (bench/results.md), V8's own compiler
 * and collector threads already using the second core and parsing being bound by memory.
 * At most the machine's cores.
 */
export function readThreads(
  requested?: number,
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): number {
  const set = env[jobsVariable]?.trim();
  const wanted =
    requested ?? (set && jobsProblem(set) === undefined ? Number(set) : undefined) ?? 1;
  return Math.max(1, Math.min(wanted, cores));
}
