/** Status conditions, as every OpenShift object reports them. */
import type { Location } from '../core/finding';
import { arr, date, rec, str } from './access';
import type { KubeObject } from './kubeObject';

export interface Condition {
  type: string;
  status: string;
  reason: string;
  message: string;
  lastTransitionTime?: Date;
  /** Where the whole condition entry sits. */
  location: Location;
}

/**
 * An object's `status.conditions` as last read, with what they were read from: the same list
 * holding the same entries with the same fields is not read again (rules ask a node's conditions
 * a dozen times; 500 nodes' dates and locations add up). Anything changed in the raw object (a
 * test's edit) is read anew.
 */
interface ReadStatus {
  list: unknown;
  /** Per entry: the entry, then its type, status, reason, message and lastTransitionTime. */
  seen: unknown[];
  conditions: Condition[];
}
const statusRead = new WeakMap<KubeObject, ReadStatus>();
const fields = ['type', 'status', 'reason', 'message', 'lastTransitionTime'] as const;

function fingerprint(list: unknown[]): unknown[] {
  const seen: unknown[] = [];
  for (const c of list) {
    const r = rec(c);
    seen.push(c);
    for (const f of fields) seen.push(r?.[f]);
  }
  return seen;
}

function sameAsRead(read: ReadStatus, list: unknown): boolean {
  if (read.list !== list || !Array.isArray(list)) return false;
  const seen = read.seen;
  if (seen.length !== list.length * (fields.length + 1)) return false;
  let k = 0;
  for (const c of list) {
    if (seen[k++] !== c) return false;
    const r = rec(c);
    for (const f of fields) if (seen[k++] !== r?.[f]) return false;
  }
  return true;
}

/** An object's `status.conditions`, or the conditions list at `at` (a conditional update's). */
export function readConditions(obj: KubeObject, at?: readonly (string | number)[]): Condition[] {
  if (at) return conditionsAt(obj, at);
  const list = rec(obj.raw.status)?.conditions;
  const read = statusRead.get(obj);
  if (read && sameAsRead(read, list)) return [...read.conditions];
  const conditions = conditionsAt(obj, ['status', 'conditions']);
  if (Array.isArray(list)) statusRead.set(obj, { list, seen: fingerprint(list), conditions });
  return [...conditions];
}

function conditionsAt(obj: KubeObject, at: readonly (string | number)[]): Condition[] {
  let list: unknown = obj.raw;
  for (const k of at) list = typeof k === 'number' ? arr(list)[k] : rec(list)?.[k];
  return arr(list).flatMap((c, i) => {
    const r = rec(c);
    const type = str(r?.type);
    if (!r || !type) return [];
    const t = date(r.lastTransitionTime);
    const cond: Condition = {
      type,
      status: str(r.status) ?? 'Unknown',
      reason: str(r.reason) ?? '',
      message: str(r.message) ?? '',
      location: obj.at(...at, i),
    };
    if (t) cond.lastTransitionTime = t;
    return [cond];
  });
}

export function findCondition(conds: Condition[], type: string): Condition | undefined {
  return conds.find((c) => c.type === type);
}

/** `Degraded=True (RequiredPoolsFailed)`: short form for messages. */
export function describe(c: Condition | undefined, type = c?.type ?? '?'): string {
  if (!c) return `${type} not reported`;
  return `${c.type}=${c.status}${c.reason ? ` (${c.reason})` : ''}`;
}
