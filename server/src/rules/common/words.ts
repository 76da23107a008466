/**
 * How every rule words a finding (issue 26): the pieces of a one-line message (how long
 * something has held, a node with its pool, the fullest wording that fits) and a detail made of
 * paragraphs. Objects are named plainly in messages (pool worker, not `worker`).
 */
import { messageMaxLength } from '../../core/finding';
import { duration, isoTime, listing } from '../../core/text';
import type { Node } from '../../model/node';
import { primaryPool } from '../../model/snapshot';
import type { Snapshot } from '../../model/snapshot';

/** A detail from its paragraphs: empty ones left out, a blank line between the others. */
export function paragraphs(...parts: (string | undefined | false)[]): string {
  return parts
    .map((p) => (p || '').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * ` for 1h49m` up to the gather, ` since 2024-04-09T14:32:07Z` without a gather time (or one
 * before it), '' without a time: to append to a verdict.
 */
export function heldFor(since: Date | undefined, gatherTime: Date | undefined): string {
  if (!since) return '';
  if (!gatherTime || gatherTime.getTime() < since.getTime()) return ` since ${isoTime(since)}`;
  return ` for ${duration(gatherTime.getTime() - since.getTime())}`;
}

/**
 * The first message that fits the length bound, from the fullest to the barest; the last one
 * whatever its length (finding() then cuts it as a last resort).
 */
export function fit(...messages: [string, ...string[]]): string {
  return messages.find((m) => m.length <= messageMaxLength) ?? messages[messages.length - 1]!;
}

/**
 * A message of a head and optional tails, most important first: each tail joins (as written,
 * with its own separator) while the whole stays within `max` characters.
 */
export function fitted(max: number, head: string, ...tails: string[]): string {
  let out = head;
  for (const t of tails) if (t !== '' && out.length + t.length <= max) out += t;
  return out;
}

/** `Node ip-10-0-1-2.ec2.internal (pool worker)`: how a message about a node opens. */
export function nodeTitle(name: string, pool: string | undefined): string {
  return `Node ${name}${pool ? ` (pool ${pool})` : ''}`;
}

/** {@link nodeTitle} of a node, with the pool it belongs to. */
export function nodeTitleOf(s: Snapshot, n: Node): string {
  return nodeTitle(n.name, primaryPool(s, n)?.name);
}

/** `a`, `a and b`, `a, b and c`, and past `max` names `a, b, c and 4 more`. */
export function someNames(names: readonly string[], max = 3): string {
  if (names.length <= max) return listing([...names]);
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}
