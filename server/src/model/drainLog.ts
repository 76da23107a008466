/**
 * What the drain logs say, per node: the machine-config-controller's drain controller (4.11+,
 * `pkg/controller/drain/drain_controller.go`) and the machine-config daemon's own drain (≤4.10,
 * `pkg/daemon/drain.go`). Both use the kubectl drain helper, whose eviction errors
 * (`error when evicting pods/"P" -n "N" (will retry after 5s): Cannot evict pod as it would
 * violate the pod's disruption budget.`) name the pod but not the node; the controller's own lines
 * name the node (`node X: initiating drain`, `node X: Drain failed. … Error message from drain: …`,
 * `node X: drain exceeded timeout: 1h0m0s. Will continue to retry.`).
 */

import { forEachLine } from '../core/text';

export interface PodRef {
  namespace: string;
  name: string;
}

/** Pods as `<namespace>/<name>`, comma-separated (empty for none). */
export function podList(pods: readonly PodRef[]): string {
  return pods.map((p) => `${p.namespace}/${p.name}`).join(', ');
}

/**
 * `started`: a drain attempt began (`initiating drain`, ≤4.10 `Update prepared; beginning drain`);
 * `cordoned`: the controller cordoned the node for a new drain (`cordoning`);
 * `refused`: an eviction the pod's PodDisruptionBudget refused (no node named);
 * `failed`: a drain attempt failed (`Drain failed. …`, ≤4.10 `Draining failed with: …, retrying`);
 * `exceeded`: past the hour (`drain exceeded timeout`, ≤4.10 `failed to drain node : X after 1 hour`);
 * `completed`: the drain (or uncordon) finished (`operation successful; applying completion
 * annotation`, ≤4.10 `drain complete`).
 */
type DrainLineKind = 'started' | 'cordoned' | 'refused' | 'failed' | 'exceeded' | 'completed';

export interface DrainLine {
  kind: DrainLineKind;
  /** The node the line is about: named by the controller's lines, or the daemon's own node. */
  node?: string;
  /** Pods the line names (the refused one, or those in a failure's error). */
  pods: PodRef[];
  /** The line's own timestamp (the RFC3339 prefix `oc` adds). */
  time?: Date;
  /** Offsets of the whole line in the log text. */
  span: [number, number];
  /** The message after the klog header. */
  message: string;
  /** A failure logged after 10 minutes of failing (the controller then retries every 5 minutes). */
  failingLong?: boolean;
}

const evictionPod = /error when evicting pods\/"([^"]+)" -n "([^"]+)"/g;
const refusal =
  /^error when evicting pods\/"([^"]+)" -n "([^"]+)" \(will retry after \d+s\): Cannot evict pod as it would violate the pod's disruption budget/;
const nodeLine = /^node (\S+): (.*)$/;
const criPrefix = /^(?:stdout|stderr) [FP] /;
const klogHeader = /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ [^\]]+\] /;

/** The pods an error text names (`error when evicting pods/"P" -n "N"…`), each once. */
export function podsInError(text: string): PodRef[] {
  const out: PodRef[] = [];
  for (const m of text.matchAll(evictionPod)) {
    const p = { name: m[1]!, namespace: m[2]! };
    if (!out.some((o) => o.name === p.name && o.namespace === p.namespace)) out.push(p);
  }
  return out;
}

/**
 * The drain lines of a log, oldest first. `daemonNode` is the node of a machine-config-daemon log
 * (≤4.10): its lines do not name it.
 */
export function parseDrainLog(text: string, daemonNode?: string): DrainLine[] {
  const out: DrainLine[] = [];
  forEachLine(text, (line, start, end) => {
    // Cheap test first: most controller lines are about renders and pools.
    if (/drain|evict|Drain/.test(line)) {
      const d = drainLine(line.replace(/\r$/, ''), daemonNode);
      if (d) out.push({ ...d, span: [start, end] });
    }
  });
  return out;
}

function drainLine(
  line: string,
  daemonNode: string | undefined,
): Omit<DrainLine, 'span'> | undefined {
  const sp = line.indexOf(' ');
  const t = sp > 0 ? new Date(line.slice(0, sp)) : undefined;
  const time = t && !Number.isNaN(t.getTime()) ? t : undefined;
  let message = time ? line.slice(sp + 1) : line;
  // The kubelet's own files (a gather's rotated logs) keep the CRI prefix: `stderr F `.
  message = message.replace(criPrefix, '').replace(klogHeader, '');
  const base = (kind: DrainLineKind, node: string | undefined, pods: PodRef[] = []) => {
    const d: Omit<DrainLine, 'span'> = { kind, pods, message };
    if (node !== undefined) d.node = node;
    if (time) d.time = time;
    return d;
  };
  const r = refusal.exec(message);
  if (r) return base('refused', daemonNode, [{ name: r[1]!, namespace: r[2]! }]);
  const n = nodeLine.exec(message);
  if (n) {
    const [, node, what] = n as unknown as [string, string, string];
    if (what === 'initiating drain') return base('started', node);
    if (what === 'cordoning') return base('cordoned', node);
    if (what.startsWith('operation successful')) return base('completed', node);
    if (what.startsWith('drain exceeded timeout')) return base('exceeded', node);
    if (what.startsWith('Drain failed.')) {
      const d = base('failed', node, podsInError(what));
      if (what.startsWith('Drain failed. Drain has been failing for more than'))
        d.failingLong = true;
      return d;
    }
    return undefined;
  }
  // The daemon's own drain (≤4.10), read only from a daemon's log.
  if (daemonNode === undefined) return undefined;
  const failed = /^Draining failed with: (.*), retrying$/.exec(message);
  if (failed) return base('failed', daemonNode, podsInError(failed[1]!));
  if (message === 'Update prepared; beginning drain') return base('started', daemonNode);
  if (message === 'drain complete') return base('completed', daemonNode);
  // `Marking Degraded due to: failed to drain node : <node> after 1 hour` (writer.go).
  const hour = /failed to drain node ?: ?(\S+) after 1 hour/.exec(message);
  if (hour) return base('exceeded', hour[1]);
  // 4.7 before June 2021: `failed to drain node (5 tries): timed out waiting for the condition: …`.
  if (/failed to drain node \(\d+ tries\)/.test(message))
    return base('exceeded', daemonNode, podsInError(message));
  return undefined;
}

/** A pod whose eviction keeps failing on the node, with the lines that say so. */
interface BlockingPod<L extends DrainLine = DrainLine> extends PodRef {
  /** Evictions refused by the pod's disruption budget (the helper retries every 5 s). */
  refusals: number;
  firstRefused?: Date;
  lastRefused?: Date;
  /** The newest line naming the pod: a refusal, else a failure naming it. */
  line: L;
}

/** The drain of one node as far as the logs tell, since its last completed drain. */
export interface NodeDrain<L extends DrainLine = DrainLine> {
  node: string;
  /** The first line of the open drain (cordoning or the first attempt). */
  started?: L;
  attempts: number;
  failures: L[];
  /** The newest failure, the line that names the node and what blocked it. */
  lastFailure?: L;
  exceeded?: L;
  blocking: BlockingPod<L>[];
}

const podKey = (p: PodRef) => `${p.namespace}/${p.name}`;

/**
 * The open drain of `node` in `lines` (oldest first, from one log or several merged): what
 * happened since its last `completed`. Refusals do not name the node: they count for it when a
 * failure of this node names the pod, or when this node's drain is the only one open at the time.
 */
export function nodeDrain<L extends DrainLine>(
  lines: readonly L[],
  node: string,
): NodeDrain<L> | undefined {
  let from = 0;
  lines.forEach((l, i) => {
    if (l.node === node && l.kind === 'completed') from = i + 1;
  });
  const open = lines.slice(from);
  const mine = open.filter((l) => l.node === node);
  if (mine.length === 0) return undefined;
  const failures = mine.filter((l) => l.kind === 'failed');
  const d: NodeDrain<L> = {
    node,
    attempts: mine.filter((l) => l.kind === 'started').length,
    failures,
    blocking: [],
  };
  const started = mine.find((l) => l.kind === 'cordoned' || l.kind === 'started');
  if (started) d.started = started;
  const last = failures[failures.length - 1];
  if (last) d.lastFailure = last;
  const exceeded = [...mine].reverse().find((l) => l.kind === 'exceeded');
  if (exceeded) d.exceeded = exceeded;

  const named = new Map<string, PodRef>();
  for (const f of failures) for (const p of f.pods) named.set(podKey(p), p);
  // Which nodes have a drain open at each line, for refusals no failure names.
  const openNodes = new Set<string>();
  const byPod = new Map<string, BlockingPod<L>>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.node !== undefined && l.kind !== 'refused') {
      if (l.kind === 'completed') openNodes.delete(l.node);
      else openNodes.add(l.node);
    }
    if (i < from) continue;
    const pods =
      l.kind === 'refused'
        ? l.node === node ||
          l.pods.some((p) => named.has(podKey(p))) ||
          (l.node === undefined && openNodes.size === 1 && openNodes.has(node))
          ? l.pods
          : []
        : l.kind === 'failed' && l.node === node
          ? l.pods
          : [];
    for (const p of pods) {
      const key = podKey(p);
      let b = byPod.get(key);
      if (!b) byPod.set(key, (b = { ...p, refusals: 0, line: l }));
      if (l.kind === 'refused') {
        b.refusals++;
        if (l.time) {
          b.firstRefused ??= l.time;
          b.lastRefused = l.time;
        }
      }
      if (l.kind === 'refused' || b.refusals === 0) b.line = l;
    }
  }
  d.blocking = [...byPod.values()];
  return d;
}
