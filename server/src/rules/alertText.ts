/** Prometheus' alerts in words: what an alert is about, from its labels. */
import type { Alert } from '../model/alerts';

/** The kube-controller-manager operator's alerts on a PodDisruptionBudget at or below its limit. */
export const budgetAlerts: readonly string[] = [
  'PodDisruptionBudgetLimit',
  'PodDisruptionBudgetAtLimit',
];

/** The object an alert's labels name: `PodDisruptionBudget payments/ledger`, `node …`, … */
export function alertObject(a: Alert): string | undefined {
  const l = a.labels;
  const ns = a.namespace ? `${a.namespace}/` : '';
  if (l.poddisruptionbudget) return `PodDisruptionBudget ${ns}${l.poddisruptionbudget}`;
  if (a.name.startsWith('ClusterOperator') && l.name) return `ClusterOperator ${l.name}`;
  // A node's metric scraped from a pod (the controller's, a daemon's) is about the node.
  const node = l.exported_node ?? l.node;
  if (node) return `node ${node}`;
  return l.pod ? `pod ${ns}${l.pod}` : undefined;
}
