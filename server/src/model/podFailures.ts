/**
 * Why a pod cannot run, from its status alone: the scheduler cannot place it (PodScheduled=False,
 * Unschedulable), a container waits in a failure the kubelet keeps retrying (a crash loop, an
 * image it cannot pull, a config it cannot build), or was killed for memory and is not ready.
 * A pod that restarted and now runs ready is not failing; a pod evicted or completed is a
 * leftover (docs/domain/pods.md).
 */
import type { Location } from '../core/finding';
import { clip } from '../core/text';
import { findCondition } from './condition';
import type { Condition } from './condition';
import type { Node } from './node';
import type { ContainerStatus, Pod } from './pod';

/** Waiting reasons the kubelet keeps retrying without help (kubelet `images`, `kuberuntime`). */
const failingWaitReasons: ReadonlySet<string> = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
]);

/** The waiting reasons of an image the kubelet cannot pull. */
export const imagePullReasons: ReadonlySet<string> = new Set(['ImagePullBackOff', 'ErrImagePull']);

/** The image a pull failure's waiting message names (`Back-off pulling image "<image>"`). */
export function pulledImage(message: string): string | undefined {
  return /\bimage "([^"\s]+)"/.exec(message)?.[1];
}

/** `ocp-v4.0-art-dev@sha256:4deebe6b9e58`: an image's last path part, its digest cut to 12. */
export function shortImage(image: string): string {
  const last = image.slice(image.lastIndexOf('/') + 1);
  return last.replace(/@sha256:([0-9a-f]{12})[0-9a-f]+$/, '@sha256:$1');
}

export type PodFailure =
  | { kind: 'unschedulable'; message: string; since?: Date; location: Location }
  | {
      kind: 'waiting';
      container: ContainerStatus;
      reason: string;
      message: string;
      location: Location;
    }
  | { kind: 'oom-killed'; container: ContainerStatus; since?: Date; location: Location }
  | {
      kind: 'node-not-ready';
      node: string;
      /** The node's Ready condition (False or Unknown). */
      ready: Condition;
      since?: Date;
      location: Location;
    };

/** A node's Ready condition, when the gather holds the node. */
export type NodeReadiness = (node: string) => Condition | undefined;

/** A node not ready for less than this is passing (a reboot); its pods are not judged by it. */
const notReadyMinutes = 5;

/**
 * The Ready condition of a gathered node that has not been ready for 5 minutes or more at
 * `now` (or since an unknown time): the pods on it are judged by it. A node's reboot for an
 * update is a minute or two of NotReady, and the unreachable taint evicts pods after 5 minutes.
 */
export function staleNodes(nodes: readonly Node[], now: Date | undefined): NodeReadiness {
  const ready = new Map<string, Condition>();
  for (const n of nodes) {
    const c = findCondition(n.conditions, 'Ready');
    if (!c || c.status === 'True') continue;
    const since = c.lastTransitionTime;
    if (since && now && now.getTime() - since.getTime() < notReadyMinutes * 60_000) continue;
    ready.set(n.name, c);
  }
  return (name) => ready.get(name);
}

/**
 * What keeps the pod from running, the first found; undefined when nothing does. With
 * `readiness`, a pod on a node that is not ready is failing whatever its last status says: the
 * kubelet there no longer reports, so its containers' states are stale.
 */
export function podFailure(p: Pod, readiness?: NodeReadiness): PodFailure | undefined {
  const phase = p.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return undefined;
  const node = p.nodeName;
  const ready = node !== undefined ? readiness?.(node) : undefined;
  if (node !== undefined && ready && ready.status !== 'True') {
    const f: PodFailure = {
      kind: 'node-not-ready',
      node,
      ready,
      location: p.at('spec', 'nodeName'),
    };
    if (ready.lastTransitionTime) f.since = ready.lastTransitionTime;
    return f;
  }
  const scheduled = p.scheduled;
  if (
    phase === 'Pending' &&
    scheduled?.status === 'False' &&
    scheduled.reason === 'Unschedulable'
  ) {
    const f: PodFailure = {
      kind: 'unschedulable',
      message: scheduled.message,
      location: scheduled.location,
    };
    if (scheduled.lastTransitionTime) f.since = scheduled.lastTransitionTime;
    return f;
  }
  for (const c of p.containers) {
    const w = c.waiting;
    if (w && failingWaitReasons.has(w.reason)) {
      return {
        kind: 'waiting',
        container: c,
        reason: w.reason,
        message: w.message,
        location: w.location,
      };
    }
  }
  for (const c of p.containers) {
    const t = c.lastTerminated;
    if (t?.reason === 'OOMKilled' && !c.ready) {
      const f: PodFailure = { kind: 'oom-killed', container: c, location: t.location };
      if (t.finishedAt) f.since = t.finishedAt;
      return f;
    }
  }
  return undefined;
}

/**
 * The scheduler's `0/N nodes are available: K node(s) <why>, …` in a few words, each reason with
 * its count (`free host ports (1), taint node-role.kubernetes.io/master (1)`), for a one-line
 * message; undefined when the message has another form. The wording is the scheduler's plugins'
 * (kube-scheduler `framework` status messages, `FitError.Error`).
 */
export function schedulerWords(message: string): { nodes: number; reasons: string } | undefined {
  const m = /^0\/(\d+) nodes are available: (.*)$/s.exec(message.trim());
  if (!m) return undefined;
  // The scheduler appends what preemption would do (1.25+): not a reason.
  const said = m[2]!.replace(/\s*preemption: .*$/s, '');
  const items = [
    ...said.matchAll(/(\d+) (node\(s\) |Insufficient )([^,{.]*(?:\{[^}]*\})?[^,.]*)/g),
  ];
  const reasons = items.map(([, count, kind, why]) =>
    kind === 'Insufficient '
      ? `insufficient ${why!.trim()} (${count})`
      : `${shortWhy(why!.trim())} (${count})`,
  );
  return reasons.length > 0 ? { nodes: Number(m[1]), reasons: reasons.join(', ') } : undefined;
}

function shortWhy(why: string): string {
  if (/free ports/.test(why)) return 'host ports in use';
  const taint = /taint \{([^:}]+)/.exec(why);
  if (taint) return `taint ${taint[1]}`;
  if (/node affinity\/selector|node selector/.test(why))
    return "not matching the pod's node selector";
  if (/anti-affinity/.test(why)) return 'pod anti-affinity';
  if (/were unschedulable|unschedulable/.test(why)) return 'cordoned';
  if (/volume node affinity conflict/.test(why)) return 'volume node affinity conflict';
  return clip(why, 40);
}
