/**
 * The control plane's place in the update (oc controlplane.go `assessControlPlaneStatus`): the
 * release payload's operators at the target, the history, and whether progress is what an
 * update usually shows.
 */
import { duration, isoTime } from '../../core/text';
import type { ClusterOperator } from '../clusterOperator';
import type { ClusterVersion, HistoryEntry } from '../clusterVersion';
import { findCondition } from '../condition';
import type { Snapshot } from '../snapshot';
import { updateRefusal } from '../updateAcceptance';
import type {
  ControlPlaneAssessment,
  ControlPlaneStatus,
  NodeStatus,
  UnhealthyOperator,
  UpdatingOperator,
} from './types';

const minute = 60_000;

/** Operators of the release payload: those the CVO manages carry these annotations. */
export function payloadOperators(operators: ClusterOperator[]): ClusterOperator[] {
  const annotated = operators.filter((o) =>
    Object.keys(o.annotations).some(
      (k) =>
        k.startsWith('include.release.openshift.io/') ||
        k.startsWith('exclude.release.openshift.io/'),
    ),
  );
  // Gathers that dropped the annotations: every operator counts.
  return annotated.length > 0 ? annotated : operators;
}

/** An update to a new payload is in flight (Progressing=True, or the newest entry Partial). */
export function updateInFlight(cv: ClusterVersion | undefined): boolean {
  if (!cv) return false;
  return findCondition(cv.conditions, 'Progressing')?.status === 'True' || cv.updateInProgress;
}

/** `Multi` while a migration to a multi-architecture payload is in flight. */
export function migratingArchitecture(cv: ClusterVersion | undefined): 'Multi' | undefined {
  if (!cv || !updateInFlight(cv)) return undefined;
  const desired = cv.spec.desiredUpdate as { architecture?: unknown } | undefined;
  const architecture = (cv.status.desired as { architecture?: unknown } | undefined)?.architecture;
  if (desired?.architecture === 'Multi' || architecture === 'Multi') {
    const [latest, previous] = cv.history;
    // Multi from the start (an install or an update of a multi payload) is no migration.
    if (!previous || !latest || previous.version === latest.version) return 'Multi';
  }
  const [latest, previous] = cv.history;
  return latest &&
    previous &&
    previous.version === latest.version &&
    previous.image !== latest.image
    ? 'Multi'
    : undefined;
}

/**
 * @param allNodes every node's status, to tell a Completed update (nodes still on an older
 *   release) from a cluster that is not updating.
 */
export function controlPlaneStatus(
  s: Snapshot,
  now: Date | undefined,
  masters: NodeStatus[],
  allNodes: NodeStatus[],
): ControlPlaneStatus {
  const cv = s.clusterVersion;
  const history = cv?.history ?? [];
  const latest = history[0];
  const target = latest?.version || cv?.desiredVersion;
  const desired = cv?.desiredVersion ?? target;
  const ops = payloadOperators(s.operators);
  const isUpdated = (o: ClusterOperator) =>
    desired !== undefined && o.operatorVersion?.version === desired;
  const updating: UpdatingOperator[] = [];
  let waiting = 0;
  for (const o of ops) {
    if (isUpdated(o)) continue;
    const p = findCondition(o.conditions, 'Progressing');
    if (p?.status === 'True') {
      updating.push({
        name: o.name,
        since: p.lastTransitionTime,
        message: p.message,
        evidence: p.location,
      });
    } else if (p?.status === 'False') waiting++;
  }
  const updated = ops.filter(isUpdated).length;
  const health = operatorHealth(ops);
  const inFlight = updateInFlight(cv);
  const previous = history[1];
  const architecture = migratingArchitecture(cv);
  const startedAt = latest?.startedTime;
  const completedAt = latest?.state === 'Completed' ? latest.completionTime : undefined;
  const end = completedAt ?? now;
  const durationSeconds =
    startedAt && end
      ? Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / 1000))
      : undefined;
  const progressing = cv && findCondition(cv.conditions, 'Progressing');
  // A release the CVO refused is not being applied, whatever Progressing says (4.7–4.9 list it
  // as a Partial history entry and report Progressing=True "Unable to apply").
  const refusal = updateRefusal(cv);
  const refused = refusal && refusal.condition.status !== 'Unknown' ? refusal : undefined;
  let evidence = progressing?.location ?? cv?.at('status');

  let assessment: ControlPlaneAssessment;
  let reason: string;
  if (cv && refused) {
    const requested = refused.requested.version ?? refused.requested.image ?? '?';
    const c = refused.condition;
    assessment = inFlight ? 'Stalled' : 'NotUpdating';
    reason =
      `The update to ${requested} was not accepted (${c.type}=${c.status} ${c.reason}): ` +
      `the cluster stays on ${refused.current ?? 'its current release'} and applies nothing of it.`;
    evidence = c.location;
  } else if (!cv) {
    assessment = 'NotUpdating';
    reason = 'The must-gather holds no ClusterVersion, so where an update stands is unknown.';
  } else if (inFlight) {
    // Nodes rolling with none degraded: machine-config's rollout moves, however long it takes.
    const nodesMoving =
      allNodes.some((n) => n.assessment === 'Progressing') &&
      !allNodes.some((n) => n.assessment === 'Degraded');
    const stalledBy = slowness(ops, updated, updating, history, startedAt, now, nodesMoving);
    assessment = stalledBy.assessment;
    reason =
      `Updating to ${target ?? '?'}${previous ? ` from ${previous.version}` : ''}` +
      `${architecture ? ' (migration to a multi-architecture payload)' : ''}: ` +
      `${updated} of ${ops.length} operators updated${stalledBy.note}.`;
  } else {
    const behind = allNodes.filter((n) => stillOnOlderRelease(s, n, target, startedAt));
    if (latest?.state === 'Completed' && behind.length > 0) {
      assessment = 'Completed';
      reason =
        `Update to ${target} completed${completedAt ? ` at ${isoTime(completedAt)}` : ''}; ` +
        `${behind.length} node${behind.length === 1 ? '' : 's'} still run${behind.length === 1 ? 's' : ''} an older release.`;
    } else {
      assessment = 'NotUpdating';
      reason = `The cluster is not updating${progressing ? ` (Progressing=${progressing.status}${progressing.message ? `: ${progressing.message}` : ''})` : ''}.`;
    }
  }
  const lastCompleted = history.slice(1).find((h) => h.state === 'Completed')?.version;
  return {
    assessment,
    target,
    from: previous?.version,
    fromIncomplete: previous?.state === 'Partial',
    lastCompleted,
    architecture,
    startedAt,
    completedAt,
    durationSeconds,
    completionPercent:
      desired !== undefined && ops.length > 0
        ? Math.round((updated / ops.length) * 100)
        : undefined,
    operators: { total: ops.length, updated, updating: updating.length, waiting },
    updating,
    health,
    nodes: masters,
    reason,
    evidence,
  };
}

/**
 * A node still runs a release older than the target: its config's stamped release says so, or,
 * for configs without the stamp (before 2022), it has not reached its pool's target config and
 * that config was rendered during the update.
 */
function stillOnOlderRelease(
  s: Snapshot,
  n: NodeStatus,
  target: string | undefined,
  startedAt: Date | undefined,
): boolean {
  if (n.version !== undefined) return n.version !== target;
  if (n.phase === 'Updated' || !startedAt) return false;
  const pool = s.pools.find((p) => p.name === n.pool);
  const created = pool?.targetConfig
    ? s.machineConfigs.get(pool.targetConfig)?.creationTimestamp
    : undefined;
  return created !== undefined && created >= startedAt;
}

function operatorHealth(ops: ClusterOperator[]): ControlPlaneStatus['health'] {
  const unhealthy: UnhealthyOperator[] = [];
  let unavailable = 0;
  let degraded = 0;
  for (const o of ops) {
    const a = findCondition(o.conditions, 'Available');
    const d = findCondition(o.conditions, 'Degraded');
    if (a?.status !== 'True') unavailable++;
    else if (d?.status === 'True') degraded++;
    for (const [c, bad] of [
      [a, a?.status === 'False'],
      [d, d?.status === 'True'],
    ] as const) {
      if (c && bad) {
        unhealthy.push({
          name: o.name,
          condition: c.type as 'Available' | 'Degraded',
          since: c.lastTransitionTime,
          message: [c.reason, c.message].filter((x) => x !== '').join(': '),
          evidence: c.location,
        });
      }
    }
  }
  return { healthy: ops.length - unavailable - degraded, unavailable, degraded, unhealthy };
}

/**
 * Stalled, slow or on time, as oc estimates it (but a machine-config rollout with nodes moving
 * and none degraded is on time, whatever its length): the update's expected length is projected from
 * when operators last moved and how many are done (about 97% of operators are updated two thirds
 * into an update, machine-config's node rollout taking the rest), or is the last update's length
 * (one hour without one). Past the estimate it is slow; ten minutes past it, stalled.
 */
function slowness(
  ops: ClusterOperator[],
  updated: number,
  updating: UpdatingOperator[],
  history: HistoryEntry[],
  startedAt: Date | undefined,
  now: Date | undefined,
  nodesMoving: boolean,
): { assessment: ControlPlaneAssessment; note: string } {
  if (!startedAt || !now || ops.length === 0) return { assessment: 'Progressing', note: '' };
  const updatingFor = now.getTime() - startedAt.getTime();
  const mcoOnly =
    updating.length === 1 && updating[0]!.name === 'machine-config' && updated === ops.length - 1;
  // The node rollout's length depends on the pools' sizes, which the estimate does not know.
  if (mcoOnly && nodesMoving) {
    return { assessment: 'Progressing', note: '; machine-config is rolling out to the nodes' };
  }
  let last: number | undefined;
  if (mcoOnly) last = updating[0]!.since?.getTime();
  else {
    for (const o of ops) {
      const t = findCondition(o.conditions, 'Progressing')?.lastTransitionTime?.getTime();
      if (t !== undefined && (last === undefined || t > last)) last = t;
    }
  }
  if (last === undefined || last <= startedAt.getTime()) last = now.getTime();
  const toLast = last - startedAt.getTime();
  const x = updated / ops.length;
  const share = timewise(x);
  const previous = history
    .slice(1, -1)
    .find((h) => h.state === 'Completed' && h.startedTime && h.completionTime);
  const baseline = previous
    ? previous.completionTime!.getTime() - previous.startedTime!.getTime()
    : 60 * minute;
  const expected = x > 0 && share > 0 && toLast > 5 * minute ? toLast / share : baseline;
  if (x >= 1) return { assessment: 'Progressing', note: '' };
  let remaining = expected - updatingFor;
  remaining = remaining >= 0 ? remaining * 1.2 : remaining / 1.2;
  const lastText = `; last progress ${isoTime(new Date(last))}, ${duration(now.getTime() - last)} before the gather`;
  if (remaining < -10 * minute) {
    return {
      assessment: 'Stalled',
      note: `, running for ${duration(updatingFor)} where about ${duration(expected)} was expected${lastText}`,
    };
  }
  if (remaining < 0) {
    return {
      assessment: 'ProgressingSlow',
      note: `, running for ${duration(updatingFor)}, longer than the about ${duration(expected)} expected`,
    };
  }
  return { assessment: 'Progressing', note: '' };
}

/** Share of an update's time that has passed when a share of operators is updated. */
function timewise(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x <= 0.97 ? (x / 0.97) * 0.67 : 0.67 + ((x - 0.97) / 0.03) * 0.33;
}
