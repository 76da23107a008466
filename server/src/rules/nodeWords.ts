/** Words of the node group's findings (issue 26): the plain name a one-line message opens with. */
import type { Node } from '../model/node';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';

/** `Node ip-10-0-1-2.ec2.internal (pool worker)`: names plain, for a message. */
export function nodeTitle(name: string, pool: string | undefined): string {
  return `Node ${name}${pool ? ` (pool ${pool})` : ''}`;
}

/** {@link nodeTitle} of a node, with the pool it belongs to. */
export function nodeTitleOf(s: Snapshot, n: Node): string {
  return nodeTitle(n.name, primaryPool(s, n)?.name);
}

/** A finding's detail: its paragraphs, the empty ones left out. */
export function paragraphs(...parts: (string | undefined | false)[]): string {
  return parts
    .map((p) => (p || '').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}
