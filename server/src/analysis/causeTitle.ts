/**
 * A cause's one line: its root named (one finding's message, or the problem shared by several
 * nodes of a pool), then what it holds back upstream. Built from the root findings' subjects,
 * kinds and the snapshot's objects; the wording of one root is its own message.
 */
import type { Finding, Subject } from '../core/finding';
import { messageMaxLength } from '../core/finding';
import { clip, listing, plural } from '../core/text';
import { podsInError } from '../model/drainLog';
import type { Snapshot } from '../model/snapshot';
import { drainCause } from '../rules/common/consequences';
import { drainOfNode } from '../rules/common/drainText';
import { fitted, someNames } from '../rules/common/words';

/** The object a subject names, as a title says it: `machine-config`, `pool worker`, `the update`. */
function objectName(subject: Subject): string {
  if (subject === 'cv/version') return 'the update';
  if (subject.startsWith('co/')) return subject.slice(3);
  if (subject.startsWith('mcp/')) return `pool ${subject.slice(4)}`;
  if (subject.startsWith('node/')) return `node ${subject.slice(5)}`;
  if (subject.startsWith('pod/')) return `pod ${subject.slice(4)}`;
  return subject;
}

export function causeTitle(
  roots: readonly Finding[],
  subjects: readonly Subject[],
  s: Snapshot,
  poolOf: (subject: Subject) => string | undefined,
): string {
  const head = rootTitle(roots, s, poolOf);
  // What the root holds back: the operators and the update among the cause's objects.
  const rootObjects = new Set(roots.map((r) => r.about ?? r.subject));
  const held = subjects
    .filter((x) => !rootObjects.has(x) && (x.startsWith('co/') || x === 'cv/version'))
    .map(objectName);
  const tail = held.length > 0 ? `; holds back ${listing(held)}` : '';
  return clip(fitted(messageMaxLength, head, tail), messageMaxLength);
}

function rootTitle(
  roots: readonly Finding[],
  s: Snapshot,
  poolOf: (subject: Subject) => string | undefined,
): string {
  const first = roots[0]!;
  if (roots.length === 1) return first.message;
  const pools = new Set(roots.map((r) => poolOf(r.subject)));
  const pool = pools.size === 1 ? [...pools][0] : undefined;
  const nodes = roots.filter((r) => r.subject.startsWith('node/'));
  if (pool && nodes.length === roots.length) {
    const what = first.cause === drainCause ? drainWords(nodes, s) : `like ${first.message}`;
    return `Pool ${pool.slice(4)}: ${plural(nodes.length, 'node')} ${what}`;
  }
  const others = [...new Set(roots.slice(1).map((r) => objectName(r.about ?? r.subject)))];
  return `${first.message}; also ${someNames(others)}`;
}

/**
 * `cannot drain: PodDisruptionBudgets refuse evictions (kafka, payments, …)`: the namespaces of
 * the pods the daemons' reasons name. The drain retries an eviction only while the API answers
 * 429 (a PodDisruptionBudget), so "global timeout reached" on an eviction means a budget kept
 * refusing it (docs/domain/machine-config-daemon.md).
 */
function drainWords(nodes: readonly Finding[], s: Snapshot): string {
  const names = nodes.map((f) => f.subject.slice('node/'.length));
  const reasons = s.nodes.filter((n) => names.includes(n.name)).map((n) => n.mcdReason ?? '');
  const drains = names.map((n) => drainOfNode(s, n));
  const pods = [
    ...reasons.flatMap((r) => podsInError(r)),
    ...drains.flatMap((d) => d?.blocking ?? []),
  ];
  const namespaces = [...new Set(pods.map((p) => p.namespace))].sort();
  const refused =
    reasons.some((r) => /global timeout reached|disruption budget/.test(r)) ||
    drains.some((d) => d?.blocking.some((b) => b.refusals > 0));
  const why = refused ? 'PodDisruptionBudgets refuse evictions' : 'evictions fail';
  return namespaces.length > 0
    ? `cannot drain: ${why} (${someNames(namespaces)})`
    : `cannot drain: ${why}`;
}
