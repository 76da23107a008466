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

/** An object's `status.conditions`, or the conditions list at `at` (a conditional update's). */
export function readConditions(
  obj: KubeObject,
  at: readonly (string | number)[] = ['status', 'conditions'],
): Condition[] {
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
