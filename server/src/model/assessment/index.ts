/**
 * The update assessment: where the update as a whole stands, computed once per snapshot before
 * the rules, so that each rule judges one object knowing what normal progress looks like.
 */
import type { Snapshot } from '../snapshot';
import { primaryPool } from '../snapshot';
import { controlPlaneStatus, migratingArchitecture } from './controlPlane';
import { nodeStatus, sortNodes } from './nodes';
import { poolStatus } from './pools';
import type { NodeStatus, UpdateAssessment } from './types';
import { controlPlaneFromHostedCluster } from './guestlessControlPlane';
import { assessHosted } from './hosted';

export function assessUpdate(s: Snapshot): UpdateAssessment {
  const now = s.gatherTime ?? latestTransition(s);
  const target = s.clusterVersion?.history[0]?.version || s.clusterVersion?.desiredVersion;
  const migrating = migratingArchitecture(s.clusterVersion) !== undefined;
  const byPool = new Map<string, NodeStatus[]>();
  const all: NodeStatus[] = [];
  for (const n of s.nodes) {
    const pool = primaryPool(s, n);
    const status = nodeStatus(s, n, target, migrating, pool);
    all.push(status);
    const list = byPool.get(pool?.name ?? '');
    if (list) list.push(status);
    else byPool.set(pool?.name ?? '', [status]);
  }
  const masters = sortNodes(byPool.get('master') ?? []);
  const cp = controlPlaneStatus(s, now, masters, all);
  return {
    now,
    // A hosted cluster without its guest part: its HostedCluster holds the version's status.
    controlPlane:
      s.hosted && !s.clusterVersion ? controlPlaneFromHostedCluster(s.hosted, cp, now) : cp,
    pools: s.pools
      .filter((p) => p.name !== 'master')
      .map((p) => poolStatus(p, sortNodes(byPool.get(p.name) ?? []))),
    ...(s.hosted ? { hosted: assessHosted(s.hosted) } : {}),
  };
}

/**
 * Without a gather time, the newest moment the must-gather shows: a condition change of the
 * ClusterVersion or an operator (oc's offline anchor), or the CVO's newest log result, which runs
 * every few minutes and so sits closest to the gather.
 */
function latestTransition(s: Snapshot): Date | undefined {
  let latest: Date | undefined;
  const note = (t: Date | undefined) => {
    if (t && (!latest || t > latest)) latest = t;
  };
  for (const o of [...(s.clusterVersion ? [s.clusterVersion] : []), ...s.operators]) {
    for (const c of o.conditions) note(c.lastTransitionTime);
  }
  for (const log of s.cvoLogs) note(log.results[log.results.length - 1]?.time);
  return latest;
}

export type * from './types';
