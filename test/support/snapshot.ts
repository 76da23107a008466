/** Loads a fixture's Snapshot with a fresh cache, so a test may mutate its objects freely. */
import { loadSnapshot } from '../../server/src/analysis/loadSnapshot';
import type { LoadResult } from '../../server/src/analysis/loadSnapshot';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import type { Json } from '../../server/src/model/access';
import type { Condition } from '../../server/src/model/condition';
import type { KubeObject } from '../../server/src/model/kubeObject';

export async function loadFixture(scenario: string): Promise<LoadResult> {
  const roots = await discoverRoots(scenario);
  if (roots.length !== 1)
    throw new Error(`expected one root in ${scenario}, found ${roots.length}`);
  return loadSnapshot(await buildIndex(roots[0]!), new ParsedFileCache());
}

/** Sets fields of a condition entry in an object's raw status. */
export function setCondition(
  o: KubeObject,
  type: string,
  fields: Partial<Record<keyof Condition, string>>,
): void {
  const conds = (o.status.conditions ?? []) as Json[];
  const c = conds.find((x) => x.type === type);
  if (!c) throw new Error(`${o.name} has no ${type} condition`);
  Object.assign(c, fields);
}

/** An object's raw `metadata.labels`, created when missing, for tests that add or drop labels. */
export function labelsOf(o: KubeObject): Json {
  return ((o.raw.metadata as Json).labels ??= {}) as Json;
}
