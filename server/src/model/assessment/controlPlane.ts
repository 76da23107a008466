/**
 * The control plane's place in the update (oc controlplane.go `assessControlPlaneStatus`): the
 * release payload's operators at the target, the history, and whether progress is what an
 * update usually shows.
 */
import { duration, isoTime } from '../../core/text';
import { requiredPoolsBehind } from '../../core/updateStatus';
import type { ClusterOperator } from '../clusterOperator';
import type { ClusterVersion, HistoryEntry } from '../clusterVersion';
import { findCondition } from '../condition';
import type { Snapshot } from '../snapshot';
import { MCO_DEPLOYMENT } from '../deployment';
import { updateRefusal } from '../updateAcceptance';
import { baselineSeconds, estimateSecondsLeft, estimateText, truncateToMinute } from './estimate';
import type {
  ControlPlaneAssessment,
  ControlPlaneStatus,
  MachineConfigImage,
  NodeStatus,
  UnhealthyOperator,
  UpdatingOperator,
} from './types';

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
  return multiArchHistory(cv.history) ? 'Multi' : undefined;
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
  const mcoImage = machineConfigImage(s);
  // oc: machine-config is not updated while its Deployment runs another image than the one it
  // reports (a migration to multi-arch keeps the version; the image changes).
  const isUpdated = (o: ClusterOperator) =>
    desired !== undefined &&
    o.operatorVersion?.version === desired &&
    !(o.name === 'machine-config' && mcoImage?.pending);
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
  const estimate = inFlight
    ? ocEstimate(
        ops,
        updated,
        isUpdated,
        history,
        startedAt,
        completedAt,
        now,
        multiArchHistory(history),
      )
    : undefined;
  // A release the CVO refused is not being applied, whatever Progressing says (4.7–4.9 list it
  // as a Partial history entry and report Progressing=True "Unable to apply").
  const refusal = updateRefusal(cv);
  const refused = refusal && refusal.condition.status !== 'Unknown' ? refusal : undefined;
  let evidence = progressing?.location ?? cv?.at('status');

  const requiredBehind = requiredPoolsNotUpdated(s, allNodes);
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
    const mcoOnly =
      updating.length === 1 && updating[0]!.name === 'machine-config' && updated === ops.length - 1;
    const stalledBy = slowness(estimate, mcoOnly, nodesMoving);
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
        `Update to ${target} completed${completedAt ? ` at ${isoTime(completedAt)}` : ''}` +
        requiredPoolsBehind(requiredBehind) +
        `; ${behind.length} node${behind.length === 1 ? '' : 's'} still run${behind.length === 1 ? 's' : ''} an older release.`;
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
    estimate: estimate?.text,
    machineConfigImage: mcoImage,
    updating,
    health,
    nodes: masters,
    requiredPoolsNotUpdated: requiredBehind,
    reason,
    evidence,
  };
}

/**
 * oc's test for a migration to multi-arch: the newest history entry keeps the previous one's
 * version with another image.
 */
function multiArchHistory(history: HistoryEntry[]): boolean {
  const [latest, previous] = history;
  return (
    latest !== undefined &&
    previous !== undefined &&
    latest.version === previous.version &&
    latest.image !== previous.image
  );
}

/**
 * The image machine-config reports (`status.versions` `operator-image`, 4.18+) against the one
 * its Deployment runs, when the gather holds both; `pending` when they differ.
 */
function machineConfigImage(s: Snapshot): MachineConfigImage | undefined {
  const reported = s.operators
    .find((o) => o.name === 'machine-config')
    ?.versions.find((v) => v.name === 'operator-image');
  const deployed = s.mcoDeployment?.containerImage(MCO_DEPLOYMENT.container);
  if (!reported || !deployed) return undefined;
  return {
    reported: reported.version,
    deployed: deployed.image,
    pending: reported.version !== deployed.image,
    evidence: deployed.location,
  };
}

/** Required-for-upgrade pools with a node that is not Updated, by name. */
function requiredPoolsNotUpdated(s: Snapshot, allNodes: NodeStatus[]): string[] {
  return s.pools
    .filter((p) => p.requiredForUpgrade)
    .filter((p) => allNodes.some((n) => n.pool === p.name && n.phase !== 'Updated'))
    .map((p) => p.name);
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
 * oc's estimate of the time left (controlplane.go `assessControlPlaneStatus`): the newest
 * Progressing change of any payload operator (machine-config's, when it alone is left) against
 * the update's start, the share of operators updated and the baseline; undefined when every
 * operator is updated or the times are unknown.
 */
function ocEstimate(
  ops: ClusterOperator[],
  updated: number,
  isUpdated: (o: ClusterOperator) => boolean,
  history: HistoryEntry[],
  startedAt: Date | undefined,
  completedAt: Date | undefined,
  now: Date | undefined,
  multiArch: boolean,
): Estimate | undefined {
  if (!startedAt || !now || ops.length === 0 || updated === ops.length) return undefined;
  let last: number | undefined;
  let mcoSince: number | undefined;
  for (const o of ops) {
    const p = findCondition(o.conditions, 'Progressing');
    const t = p?.lastTransitionTime?.getTime();
    if (t !== undefined && (last === undefined || t > last)) last = t;
    if (o.name === 'machine-config' && p?.status === 'True' && !isUpdated(o)) mcoSince = t;
  }
  if (mcoSince !== undefined && ops.length - updated === 1) last = mcoSince;
  const start = startedAt.getTime();
  if (last === undefined || last <= start) last = now.getTime();
  const updatingFor = ((completedAt ?? now).getTime() - start) / 1000;
  const left = estimateSecondsLeft(
    baselineSeconds(history),
    (last - start) / 1000,
    updatingFor,
    updated / ops.length,
  );
  const total = truncateToMinute(updatingFor + left);
  return {
    secondsLeft: left,
    totalSeconds: total,
    text: left === 0 ? undefined : estimateText(left, total, multiArch),
    lastProgress: new Date(last),
    updatingFor,
  };
}

interface Estimate {
  secondsLeft: number;
  totalSeconds: number;
  /** What oc prints after "Est. Time Remaining:" (nothing when the estimate is exactly 0). */
  text: string | undefined;
  lastProgress: Date;
  updatingFor: number;
}

/**
 * Stalled, slow or on time, as oc judges it from its estimate (ten minutes overdue is stalled,
 * overdue is slow), but a machine-config rollout with nodes moving and none degraded is on time
 * whatever its length: the node rollout takes as long as the pools are large, which an estimate
 * from operator counts cannot know (README, "Where the update stands").
 */
function slowness(
  estimate: Estimate | undefined,
  mcoOnly: boolean,
  nodesMoving: boolean,
): { assessment: ControlPlaneAssessment; note: string } {
  if (!estimate) return { assessment: 'Progressing', note: '' };
  if (mcoOnly && nodesMoving) {
    return { assessment: 'Progressing', note: '; machine-config is rolling out to the nodes' };
  }
  const { secondsLeft, totalSeconds, updatingFor, lastProgress } = estimate;
  const running = duration(updatingFor * 1000);
  const expected = duration(totalSeconds * 1000);
  if (secondsLeft < -10 * 60) {
    return {
      assessment: 'Stalled',
      note: `, running for ${running} where about ${expected} was expected; last progress ${isoTime(lastProgress)}`,
    };
  }
  if (secondsLeft < 0) {
    return {
      assessment: 'ProgressingSlow',
      note: `, running for ${running}, longer than the about ${expected} expected`,
    };
  }
  return { assessment: 'Progressing', note: '' };
}
