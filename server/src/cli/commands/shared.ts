/** What the commands that read must-gathers share: their arguments and how they open them. */
import { resolve } from 'node:path';
import { analysisContext, defaultCacheDir } from '../../service';
import type { AnalysisContext, RuleLevels } from '../../service';
import type { Limits } from '../../limits';
import { UsageError } from '../command';
import type { Parsed } from '../command';
import { openGathers } from '../openGathers';
import { readPoolFor } from '../readThreads';
import type { OpenedGathers } from '../openGathers';
import { cacheDirOption, jobsOption, limitOption } from '../options';

/** One line on stderr, the program's name first. */
export function tell(line: string): void {
  process.stderr.write(`must-gather-inspector: ${line}\n`);
}

export function cacheDirOf(parsed: Parsed): string {
  const dir = parsed.get(cacheDirOption);
  return dir ? resolve(dir) : defaultCacheDir();
}

export interface GatherArgs {
  path: string;
  limits: Limits;
  cacheDir: string;
  /** `--jobs`, when given. */
  jobs?: number | undefined;
}

/** The one `<path>` of analyze, status, timeline, recommend and report, with --limit and --cache-dir. */
export function gatherArgs(command: string, parsed: Parsed): GatherArgs {
  if (parsed.operands.length !== 1) throw new UsageError(`${command} takes exactly one <path>`);
  return {
    path: parsed.operands[0]!,
    limits: parsed.get(limitOption),
    cacheDir: cacheDirOf(parsed),
    jobs: parsed.get(jobsOption),
  };
}

/**
 * The must-gathers under `<path>` and a context to analyse them; none (exit 2) when it fails.
 * A command reads a hosted cluster's settled NodePools' Machines only when it shows them
 * (`everyMachine`: the timeline); the findings are the same without them.
 */
export async function openForAnalysis(
  a: GatherArgs,
  levels: RuleLevels,
  everyMachine = false,
): Promise<(OpenedGathers & { ctx: AnalysisContext }) | undefined> {
  const pool = readPoolFor(a.jobs, tell);
  const opened = await openGathers(a.path, a.limits, a.cacheDir, tell);
  return (
    opened && {
      ...opened,
      ctx: analysisContext({ limits: a.limits, levels, pool, everyMachine }),
    }
  );
}
