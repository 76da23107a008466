/**
 * A hosted cluster's control-plane namespace on the timeline (issue 45): the HostedControlPlane's
 * conditions (all of them, as the HostedCluster's), each ControlPlaneComponent's condition that
 * says it has not rolled out, each control-plane pod that cannot run (since when, and its
 * containers' last terminations as moments), and each pod the scheduler has not placed for a
 * while (etcd's, when its claim is not provisioned). Only failing or unplaced pods and stuck
 * components get a lane, so a control plane of forty pods adds a handful. The namespace's Warning events are the
 * timeline's events (timeline.ts). Pure.
 */
import type { Interval, IntervalSource } from '../core/interval';
import { clip } from '../core/text';
import type { Condition } from '../model/condition';
import {
  componentNotRolledOut,
  failingControlPlanePods,
  unscheduledControlPlanePods,
} from '../model/hostedControlPlane';
import type { ControlPlane, FailingPod, UnscheduledPod } from '../model/hostedControlPlane';

/** Adds a lane's condition intervals (timeline.ts `intervalsOf`). */
export type ConditionIntervals = (
  locator: string,
  list: readonly Condition[],
  source: (c: Condition) => IntervalSource,
) => void;

/** `now`: the gather, from which a pod not yet scheduled counts as stuck. */
export function controlPlaneIntervals(
  cp: ControlPlane,
  now: Date | undefined,
  end: (from: Date) => Date,
  conditions: ConditionIntervals,
): Interval[] {
  if (cp.hcp) conditions(cp.hcp.subject, cp.hcp.conditions, () => 'HostedControlPlane');
  for (const c of cp.components) {
    const stuck = componentNotRolledOut(c);
    if (stuck) conditions(c.subject, [stuck], () => 'ControlPlaneComponent');
  }
  return [
    ...failingControlPlanePods(cp).flatMap((f) => podIntervals(f, end)),
    ...unscheduledControlPlanePods(cp, now).map((u) => unscheduledInterval(u, end)),
  ];
}

/** A pod Pending and not scheduled since its `PodScheduled` turned False, its evidence that condition. */
function unscheduledInterval(u: UnscheduledPod, end: (from: Date) => Date): Interval {
  const why = u.scheduled.reason || 'NotScheduled';
  return {
    level: 'Error',
    source: 'Pod',
    locator: u.pod.subject,
    reason: `PodScheduled=False (${why})`,
    message: `Pending, not scheduled: ${clip(u.scheduled.message, 500) || why}`,
    from: u.since,
    to: end(u.since),
    evidence: u.scheduled.location,
    annotations: { reason: why, component: u.component },
  };
}

/** When the failure began, as far as the status tells. */
function failingSince(f: FailingPod): Date | undefined {
  const x = f.failure;
  if (x.kind === 'waiting')
    // A container in back-off waits since it last ended; one that never ran, since the pod began.
    return x.container.lastTerminated?.finishedAt ?? f.pod.creationTimestamp;
  if (x.kind === 'oom-killed') return x.container.runningSince ?? x.since;
  return x.since ?? f.pod.creationTimestamp;
}

/** `reason`: the lane's key; `why`: origin's reason annotation (the kubelet's word alone). */
function failureWords(f: FailingPod): {
  reason: string;
  why: string;
  container?: string;
  message: string;
} {
  const x = f.failure;
  switch (x.kind) {
    case 'waiting':
      return {
        reason: `${x.container.name} ${x.reason}`,
        why: x.reason,
        container: x.container.name,
        message: `${x.message ? `${clip(x.message, 400)} ` : ''}(${x.container.restartCount} restarts)`,
      };
    case 'oom-killed':
      return {
        reason: `${x.container.name} OOMKilled`,
        why: 'OOMKilled',
        container: x.container.name,
        message: `Container ${x.container.name} was killed for memory and is not ready (${x.container.restartCount} restarts)`,
      };
    case 'unschedulable':
      return { reason: 'Unschedulable', why: 'Unschedulable', message: clip(x.message, 500) };
    case 'node-not-ready':
      return {
        reason: 'NodeNotReady',
        why: 'NodeNotReady',
        message: `Its node ${x.node} is not ready`,
      };
  }
}

function podIntervals(f: FailingPod, end: (from: Date) => Date): Interval[] {
  const out: Interval[] = [];
  const locator = f.pod.subject;
  const from = failingSince(f);
  if (from) {
    const w = failureWords(f);
    out.push({
      level: 'Error',
      source: 'Pod',
      locator,
      reason: w.reason,
      message: w.message,
      from,
      to: end(from),
      evidence: f.failure.location,
      annotations: {
        reason: w.why,
        component: f.component,
        ...(w.container ? { container: w.container } : {}),
      },
    });
  }
  // Each container's last end, a moment: what the crash loop or the OOM kill last did.
  for (const c of f.pod.containers) {
    const t = c.lastTerminated;
    if (!t?.finishedAt) continue;
    const code = t.exitCode !== undefined ? `, exit code ${t.exitCode}` : '';
    out.push({
      level: 'Warning',
      source: 'Pod',
      locator,
      reason: `${c.name} terminated (${t.reason || 'unknown'})`,
      message: `Container ${c.name} last ended${code} (${c.restartCount} restarts)`,
      from: t.finishedAt,
      to: t.finishedAt,
      evidence: t.location,
      annotations: { reason: t.reason || 'unknown', component: f.component, container: c.name },
    });
  }
  return out;
}
