/**
 * The namespaces whose pods are judged: those an operator that is Degraded=True or
 * Available=False names in its `status.relatedObjects`. Pods elsewhere are not read, so a gather
 * with tens of thousands of pods costs nothing while its operators are healthy.
 */
import type { ClusterOperator } from './clusterOperator';
import { findCondition } from './condition';

/** At most this many namespaces are read (a cluster with many broken operators). */
export const maxOperandNamespaces = 50;

export interface OperandNamespaces {
  /** Namespace → the unhealthy operators that name it, in the operators' order. */
  operators: Map<string, string[]>;
  /** How many more namespaces the operators named past the bound. */
  leftOut: number;
}

/** Degraded=True or Available=False: what operator-degraded and operator-unavailable report. */
function unhealthy(o: ClusterOperator): boolean {
  const c = o.conditions;
  return (
    findCondition(c, 'Degraded')?.status === 'True' ||
    findCondition(c, 'Available')?.status === 'False'
  );
}

export function operandNamespaces(
  operators: readonly ClusterOperator[],
  max = maxOperandNamespaces,
): OperandNamespaces {
  const out = new Map<string, string[]>();
  const leftOut = new Set<string>();
  for (const o of operators) {
    if (!unhealthy(o)) continue;
    for (const ns of o.relatedNamespaces) {
      const names = out.get(ns);
      if (names) names.push(o.name);
      else if (out.size < max) out.set(ns, [o.name]);
      else leftOut.add(ns);
    }
  }
  return { operators: out, leftOut: leftOut.size };
}
