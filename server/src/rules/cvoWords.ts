/**
 * Words the cluster-version rules share (clusterversion-*, cvo-waiting-on-operator,
 * control-plane-rollout-stuck, alert-firing): the pieces of a one-line message, and a detail
 * made of paragraphs.
 */
import { duration, isoTime } from '../core/text';

/**
 * How long something has held, for a one-line message: `for 1h49m` up to the gather,
 * `since 2024-04-09T14:32:07Z` without a gather time (or one before it), '' without a time.
 */
export function heldFor(since: Date | undefined, gatherTime: Date | undefined): string {
  if (!since) return '';
  if (!gatherTime || gatherTime.getTime() < since.getTime()) return `since ${isoTime(since)}`;
  return `for ${duration(gatherTime.getTime() - since.getTime())}`;
}

/** `a`, `a and b`, `a, b and c`, and past `max` names `a, b, c and 4 more`. */
export function someNames(names: readonly string[], max = 3): string {
  if (names.length <= 1) return names.join('');
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** A detail: its non-empty paragraphs, trimmed, a blank line apart. */
export function paragraphs(...ps: (string | undefined)[]): string {
  return ps
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join('\n\n');
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
