/**
 * The steps of a cause's chain (core/finding.ts `ChainLink`). From an unhealthy operator down to a
 * failing pod, as an engineer follows it: the
 * operator's condition, the workload that owns the pod (a ReplicaSet's Deployment), the pod, the
 * failing container, the node it runs on, the last error line of its log. Each step carries its
 * state and its place in the gather; a step the gather lacks says so and has no place.
 */
import type { ChainLink, Location } from '../../core/finding';
import { clip, plural } from '../../core/text';
import type { Condition } from '../../model/condition';
import { findCondition } from '../../model/condition';
import type { ContainerStatus, Pod } from '../../model/pod';
import type { PodFailure } from '../../model/podFailures';
import type { PodLogTail, Snapshot } from '../../model/snapshot';
import type { Workload } from '../../model/workload';
import { heldFor } from './words';

/** An operator's condition a pod holds back. */
export interface HeldCondition {
  operator: string;
  condition: Condition;
}

export function operatorLink(s: Snapshot, h: HeldCondition): ChainLink {
  const c = h.condition;
  const what = c.type === 'Degraded' ? 'Degraded' : 'not available';
  return {
    kind: 'operator',
    name: `ClusterOperator ${h.operator}`,
    state: `${what}${heldFor(c.lastTransitionTime, s.gatherTime)}${c.reason ? ` (${c.reason})` : ''}`,
    location: c.location,
  };
}

/** The workload that owns a pod: a DaemonSet or StatefulSet itself, a ReplicaSet's Deployment. */
export function ownerWorkload(s: Snapshot, p: Pod): Workload | undefined {
  const owner = p.owner;
  if (!owner) return undefined;
  const find = (kind: string, name: string) =>
    s.operandWorkloads.find(
      (w) => w.kind === kind && w.name === name && w.namespace === p.namespace,
    );
  const direct = find(owner.kind, owner.name);
  if (owner.kind !== 'ReplicaSet') return direct;
  const deployment = direct?.ownerName;
  return (deployment ? find('Deployment', deployment) : undefined) ?? direct;
}

function workloadLink(s: Snapshot, p: Pod): ChainLink | undefined {
  const w = ownerWorkload(s, p);
  if (w) {
    return {
      kind: 'workload',
      name: `${w.kind} ${w.namespace ?? ''}/${w.name}`,
      state: w.rolloutWords,
      location: w.at('status'),
    };
  }
  const owner = p.owner;
  return owner
    ? {
        kind: 'workload',
        name: `${owner.kind} ${p.namespace ?? ''}/${owner.name}`,
        state: 'owner of the pod',
      }
    : undefined;
}

function podLink(p: Pod, f: PodFailure): ChainLink {
  return {
    kind: 'pod',
    name: `pod ${p.namespace ?? ''}/${p.name}`,
    state:
      f.kind === 'unschedulable'
        ? 'Pending, Unschedulable'
        : f.kind === 'node-not-ready'
          ? `${p.phase || 'phase unknown'}, as its node last reported`
          : p.phase || 'phase unknown',
    location: p.at(),
  };
}

/** `last OOMKilled`, `last exit code 255`: how a container's previous run ended, when known. */
export function lastExitWords(c: ContainerStatus): string | undefined {
  const last = c.lastTerminated;
  if (last?.reason === 'OOMKilled') return 'last OOMKilled';
  return last?.exitCode !== undefined ? `last exit code ${last.exitCode}` : undefined;
}

function containerLink(f: PodFailure): ChainLink | undefined {
  if (f.kind === 'unschedulable' || f.kind === 'node-not-ready') return undefined;
  const c = f.container;
  const exit = lastExitWords(c);
  const state = f.kind === 'oom-killed' ? 'OOMKilled, not ready' : `${f.reason}`;
  return {
    kind: 'container',
    name: `container ${c.name}`,
    state: [
      state,
      plural(c.restartCount, 'restart'),
      ...(f.kind === 'waiting' && exit ? [exit] : []),
    ].join(', '),
    location: f.location,
  };
}

/** The node a pod runs on, and whether it is Ready. */
function nodeLink(s: Snapshot, p: Pod): ChainLink | undefined {
  const name = p.nodeName;
  if (!name) return undefined;
  const n = s.nodes.find((x) => x.name === name);
  if (!n) return { kind: 'node', name: `node ${name}`, state: 'where the pod runs' };
  const ready = findCondition(n.conditions, 'Ready');
  const state = !ready
    ? 'no Ready condition'
    : ready.status === 'True'
      ? 'Ready'
      : `not ready${heldFor(ready.lastTransitionTime, s.gatherTime)}${ready.reason ? ` (${ready.reason})` : ''}`;
  return { kind: 'node', name: `node ${name}`, state, location: ready?.location ?? n.at() };
}

/** The last error line of the container's log, at its place in the file. */
function logLink(tail: PodLogTail | undefined): ChainLink | undefined {
  const line = tail?.lines[tail.lines.length - 1];
  if (!tail || !line) return undefined;
  return {
    kind: 'log',
    name: tail.previous ? 'previous run’s log' : 'log',
    // `oc adm inspect` stamps each line with the kubelet's time: the line says the rest.
    state: clip(line.text.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, ''), 160),
    location: logLine(tail.file, line.span),
  };
}

export function logLine(file: string, span: [number, number]): Location {
  return { file, doc: 0, pointer: '', span };
}

export function podChain(
  s: Snapshot,
  held: readonly HeldCondition[],
  p: Pod,
  f: PodFailure,
  tail: PodLogTail | undefined,
): ChainLink[] {
  return [
    ...held.map((h) => operatorLink(s, h)),
    workloadLink(s, p),
    podLink(p, f),
    containerLink(f),
    nodeLink(s, p),
    logLink(tail),
  ].filter((l): l is ChainLink => l !== undefined);
}
