/**
 * A pool's place in the update, from its nodes' (workerpool.go `assessMachineConfigPool`): a
 * paused pool with outdated nodes is Excluded, a pool without nodes Empty.
 */
import type { MachineConfigPool } from '../machineConfigPool';
import type { NodeStatus, PoolAssessment, PoolCounts, PoolStatus } from './types';

export function poolStatus(p: MachineConfigPool, nodes: NodeStatus[]): PoolStatus {
  const counts: PoolCounts = {
    total: nodes.length,
    updated: 0,
    available: 0,
    progressing: 0,
    draining: 0,
    degraded: 0,
    excluded: 0,
    outdated: 0,
  };
  let pending = 0;
  for (const n of nodes) {
    const degraded = n.assessment === 'Degraded';
    if (degraded) counts.degraded++;
    if (!n.unavailable) counts.available++;
    if (n.phase === 'Updated') {
      counts.updated++;
      continue;
    }
    counts.outdated++;
    if (n.phase === 'Paused') counts.excluded++;
    else if (n.phase === 'Pending') pending++;
    else {
      if (n.phase === 'Draining') counts.draining++;
      if (!degraded) counts.progressing++;
    }
  }
  return {
    name: p.name,
    required: p.requiredForUpgrade,
    paused: p.paused,
    assessment: assessmentOf(counts, pending),
    completionPercent:
      counts.total === 0 ? undefined : Math.round((counts.updated / counts.total) * 100),
    counts,
    nodes,
    evidence: p.at('status'),
  };
}

function assessmentOf(c: PoolCounts, pending: number): PoolAssessment {
  if (c.total === 0) return 'Empty';
  if (c.updated === c.total) return 'Completed';
  if (pending === c.total) return 'Pending';
  if (c.degraded > 0) return 'Degraded';
  if (c.excluded > 0) return 'Excluded';
  return 'Progressing';
}
