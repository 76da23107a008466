/**
 * Each node's place in the update: phase and assessment as `oc adm upgrade status` judges them
 * (workerpool.go `assessNodesStatus`, `calculatePhase`; mco/layered_node_state.go), from the
 * machine-config daemon's annotations, the node's conditions and its cordon.
 */
import { nodeAssessmentOrder } from '../../core/updateStatus';
import type { Condition } from '../condition';
import type { MachineConfigPool } from '../machineConfigPool';
import { nodeAnnotations } from '../node';
import type { Node } from '../node';
import type { Snapshot } from '../snapshot';
import { primaryPool } from '../snapshot';
import { nodeEstimate } from './estimate';
import type { NodeAssessment, NodePhase, NodeStatus } from './types';

/** The release a rendered config was made for, when the controller stamped it. */
function configVersion(s: Snapshot, config: string | undefined): string | undefined {
  return config ? s.machineConfigs.get(config)?.releaseImageVersion || undefined : undefined;
}

/** What the assessment reads of a node, read once (each getter re-reads the raw object). */
interface NodeFacts {
  current: string | undefined;
  desired: string | undefined;
  state: string | undefined;
  reason: string | undefined;
  desiredDrain: string | undefined;
  lastAppliedDrain: string | undefined;
  conditions: Condition[];
  unschedulable: boolean;
  unschedulableSince: Date | undefined;
}

function factsOf(n: Node): NodeFacts {
  return {
    current: n.currentConfig,
    desired: n.desiredConfig,
    state: n.mcdState,
    reason: n.mcdReason,
    desiredDrain: n.desiredDrain,
    lastAppliedDrain: n.lastAppliedDrain,
    conditions: n.conditions,
    unschedulable: n.unschedulable,
    unschedulableSince: n.unschedulable ? n.unschedulableSince : undefined,
  };
}

/**
 * Why a node does not take work, in oc's words and in the order of its conditions (then its
 * cordon), with the earliest time one started when known (a cordon has none in oc's count).
 */
function unavailability(n: NodeFacts): { reasons: string[]; since: Date | undefined } {
  const reasons: string[] = [];
  let since: Date | undefined;
  const bad: Record<string, [ok: string, text: string]> = {
    Ready: ['True', 'Not ready'],
    DiskPressure: ['False', 'Disk pressure'],
    NetworkUnavailable: ['False', 'Network unavailable'],
  };
  for (const c of n.conditions) {
    const rule = Object.hasOwn(bad, c.type) ? bad[c.type] : undefined;
    if (!rule || c.status === rule[0]) continue;
    reasons.push(rule[1]);
    const t = c.lastTransitionTime;
    if (t && (!since || t < since)) since = t;
  }
  if (n.unschedulable) {
    reasons.push('Node is marked unschedulable');
    if (!since) since = n.unschedulableSince;
  }
  return { reasons, since };
}

/** The controller asked for a drain the daemon has not finished (4.11+ drain annotations). */
function drainInProgress(n: NodeFacts): boolean {
  const desired = n.desiredDrain;
  const applied = n.lastAppliedDrain;
  if (!desired || !applied) return false;
  if (desired !== applied) return desired.split('-')[0] === 'drain';
  // Same drain asked and applied, yet still Done: the daemon has not started Working yet.
  return n.state === 'Done';
}

/**
 * @param target the release the cluster updates (or updated) to.
 * @param migrating a migration to a multi-architecture payload: the release stays the same, so
 *   a node is updated only once it runs its pool's target config (as oc 4.18+ judges it).
 */
export function nodeStatus(
  s: Snapshot,
  node: Node,
  target: string | undefined,
  migrating = false,
  pool: MachineConfigPool | undefined = primaryPool(s, node),
): NodeStatus {
  const n = factsOf(node);
  const version = configVersion(s, n.current);
  const desiredVersion = configVersion(s, n.desired);
  const poolTarget = pool?.targetConfig;
  const done = n.state === 'Done' && n.current === n.desired;
  // Without a stamped release (configs before 2022) the pool's target config decides.
  const onPoolTarget = n.current !== undefined && n.current === poolTarget && done;
  const updated =
    version !== undefined && target !== undefined
      ? version === target && (!migrating || onPoolTarget)
      : onPoolTarget;
  const updating =
    !updated &&
    n.desired !== undefined &&
    n.current !== n.desired &&
    (poolTarget === undefined || n.desired === poolTarget) &&
    (desiredVersion === undefined || target === undefined || desiredVersion === target);
  const phase = phaseOf(n, updated, updating, pool);
  let assessment = assessmentOf(phase);
  let message: string | undefined;
  let since: Date | undefined = phase === 'Draining' ? n.unschedulableSince : undefined;

  const unavailable = unavailability(n);
  const degraded = n.state === 'Degraded' || n.state === 'Unreconcilable';
  const processing = !done && !degraded && n.desired !== undefined;
  // oc counts a node that is not ready, cordoned or still being processed as unavailable even
  // while its assessment stays Progressing or Degraded (mco/layered_node_state.go IsUnavailable).
  const isUnavailable = unavailable.reasons.length > 0 || processing;
  if (!updating && isUnavailable) {
    assessment = 'Unavailable';
    message = [
      ...unavailable.reasons,
      ...(processing && unavailable.reasons.length === 0
        ? ['Machine Config Daemon is processing the node']
        : []),
    ].join(' | ');
    since = unavailable.since;
  }
  if (degraded) {
    assessment = 'Degraded';
    message = n.reason || `the machine-config daemon reports ${n.state}`;
  }
  return {
    name: node.name,
    pool: pool?.name,
    assessment,
    phase,
    unavailable: isUnavailable,
    estimate: nodeEstimate(phase, updated, degraded || (isUnavailable && !updating)),
    version,
    currentConfig: n.current,
    desiredConfig: n.desired,
    message,
    since,
    evidence: degraded
      ? node.at('metadata', 'annotations', nodeAnnotations.reason)
      : node.at('metadata', 'annotations', nodeAnnotations.state),
  };
}

function phaseOf(
  n: NodeFacts,
  updated: boolean,
  updating: boolean,
  pool: MachineConfigPool | undefined,
): NodePhase {
  if (updating) {
    if (drainInProgress(n)) return 'Draining';
    if (n.state === 'Rebooting') return 'Rebooting';
    return 'Updating';
  }
  if (updated) return 'Updated';
  if (pool?.paused) return 'Paused';
  return 'Pending';
}

function assessmentOf(phase: NodePhase): NodeAssessment {
  switch (phase) {
    case 'Paused':
      return 'Excluded';
    case 'Pending':
      return 'Outdated';
    case 'Updated':
      return 'Completed';
    default:
      return 'Progressing';
  }
}

const assessmentOrder: readonly NodeAssessment[] = nodeAssessmentOrder;
const phaseOrder: NodePhase[] = [
  'Draining',
  'Updating',
  'Rebooting',
  'Paused',
  'Pending',
  'Updated',
];

/** Worst first (Degraded, Unavailable, …), then by phase, then by name: as oc lists them. */
export function sortNodes(nodes: NodeStatus[]): NodeStatus[] {
  return [...nodes].sort(
    (a, b) =>
      assessmentOrder.indexOf(a.assessment) - assessmentOrder.indexOf(b.assessment) ||
      phaseOrder.indexOf(a.phase) - phaseOrder.indexOf(b.phase) ||
      a.name.localeCompare(b.name),
  );
}
