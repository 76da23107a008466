/**
 * Words shared by the pool and node rules' short messages (issue 26): the message names objects
 * plainly (pool worker, not `worker`) and fits one line; the detail holds the explanation.
 */
import { messageMaxLength } from '../core/finding';
import { duration } from '../core/text';
import type { Node } from '../model/node';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';

/** A detail from its paragraphs: empty ones left out, a blank line between the others. */
export function paragraphs(...parts: (string | undefined | false)[]): string {
  return parts
    .map((p) => (p || '').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * The first message that fits the length bound, from the fullest to the barest; the last one
 * whatever its length (finding() then cuts it as a last resort).
 */
export function fit(...messages: [string, ...string[]]): string {
  return messages.find((m) => m.length <= messageMaxLength) ?? messages[messages.length - 1]!;
}

/** ` for 2h18m`: how long something has held at the gather, or '' when either time is unknown. */
export function heldFor(since: Date | undefined, gather: Date | undefined): string {
  if (!since || !gather || since.getTime() > gather.getTime()) return '';
  return ` for ${duration(gather.getTime() - since.getTime())}`;
}

/** `node ip-10-0-1-2.ec2.internal (pool worker)`: plain, for a message. */
export function nodeAndPool(s: Snapshot, n: Node): string {
  const pool = primaryPool(s, n);
  return `node ${n.name}${pool ? ` (pool ${pool.name})` : ''}`;
}
