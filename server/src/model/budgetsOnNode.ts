/**
 * The PodDisruptionBudgets at their limit (no disruption allowed) with a pod on a node: what
 * refuses that node's drain when no controller message names it. Two drains read it: Cluster
 * API's (a Replace NodePool) and the hosted cluster config operator's (an InPlace one).
 */
import type { PodDisruptionBudget } from './podDisruptionBudget';
import type { Snapshot } from './snapshot';

export interface BudgetBlocker {
  namespace: string;
  pod: string;
  pdb: string;
  /** -1 when the budget's status does not say. */
  needs: number;
  has: number;
  budget: PodDisruptionBudget;
}

export function budgetsAtLimitOn(s: Snapshot, node: string | undefined): BudgetBlocker[] {
  if (!node) return [];
  return s.pdbs.flatMap((p) => {
    if (p.disruptionsAllowed !== 0) return [];
    const pods = s.budgetPods.get(`${p.namespace ?? ''}/${p.name}`) ?? [];
    return pods
      .filter((pod) => pod.node === node)
      .map((pod) => ({
        namespace: p.namespace ?? '',
        pod: pod.name,
        pdb: p.name,
        needs: p.desiredHealthy ?? -1,
        has: p.currentHealthy ?? -1,
        budget: p,
      }));
  });
}
