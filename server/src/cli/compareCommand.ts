/**
 * `compare <gather-a> <gather-b>`: each path opened as `analyze` opens it (one must-gather
 * each), both analysed, `analysis/compareGathers.ts` compares them, and `cli/compare.ts`
 * prints. Two clusters' gathers are refused without --force.
 */
import { analysisContext, analyzeRoot, compareGathers, placeComparison } from '../service';
import type { GatherRoot, RootAnalysis, RuleLevels } from '../service';
import type { Limits } from '../limits';
import { formatCompareJson, formatCompareText } from './compare';
import { openGathers } from './openGathers';
import { readPoolFor } from './readThreads';
import type { OpenedGathers } from './openGathers';

export interface CompareArgs {
  /** Two gathers of one cluster, each a must-gather (or an archive of one). */
  paths: readonly [string, string];
  format: 'text' | 'json';
  /** Compare gathers of two different clusters (or of unknown ones) anyway. */
  force: boolean;
  levels: RuleLevels;
  limits: Limits;
  /** `--jobs`, when given. */
  jobs?: number | undefined;
}

export async function compareCommand(
  command: CompareArgs,
  cacheDir: string,
  tell: (line: string) => void,
): Promise<number> {
  const pool = readPoolFor(command.jobs, tell);
  const opened: (OpenedGathers & { path: string; root: GatherRoot })[] = [];
  for (const path of command.paths) {
    const o = await openGathers(path, command.limits, cacheDir, tell);
    if (!o) return 2;
    if (o.roots.length > 1) {
      tell(
        `${path} holds ${o.roots.length} must-gathers (${o.roots.map((r) => o.display(r.path)).join(', ')}): name one of them`,
      );
      return 2;
    }
    opened.push({ path, ...o, root: o.roots[0]! });
  }
  const ctx = analysisContext({
    limits: command.limits,
    levels: command.levels,
    pool,
    everyMachine: false,
  });
  const analyses: RootAnalysis[] = [];
  for (const o of opened) {
    const a = await analyzeRoot(o.root, ctx);
    for (const e of a.internalErrors) tell(e);
    analyses.push(a);
  }
  const comparison = compareGathers(analyses[0]!, analyses[1]!);
  if (!comparison.sameCluster && !command.force) {
    const id = (i: number) =>
      analyses[i]!.snapshot.clusterVersion?.clusterID ?? 'unknown (no ClusterVersion)';
    tell(
      `${command.paths[0]} and ${command.paths[1]} are not gathers of one cluster (cluster IDs ${id(0)} and ${id(1)}); --force compares them anyway`,
    );
    return 2;
  }
  // A root is named as given, joined with where the must-gather lies below it.
  const name = (root: string) => {
    const o = opened.find((x) => x.root.path === root)!;
    const inside = o.display(root);
    return inside === '.' ? o.path : `${o.path.replace(/[\\/]+$/, '')}/${inside}`;
  };
  const reported = placeComparison(comparison, name, (f) => ctx.cache.peek(f));
  process.stdout.write(
    command.format === 'json'
      ? formatCompareJson(reported)
      : formatCompareText(reported, process.stdout.isTTY === true),
  );
  return 0;
}
