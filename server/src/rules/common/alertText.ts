/**
 * Prometheus' alerts in words and as evidence: what an alert is about (from its labels), and the
 * alerts that back another rule's finding (a PodDisruptionBudget at its limit beside a drain it
 * blocks, ClusterOperatorDown or ClusterOperatorDegraded beside the operator's condition).
 */
import type { RelatedLocation } from '../../core/finding';
import { when } from '../../core/text';
import { alertsMatching } from '../../model/alerts';
import type { Alert } from '../../model/alerts';
import type { Snapshot } from '../../model/snapshot';

/** The kube-controller-manager operator's alerts on a PodDisruptionBudget at or below its limit. */
export const budgetAlerts: readonly string[] = [
  'PodDisruptionBudgetLimit',
  'PodDisruptionBudgetAtLimit',
];

/** At most this many alerts back one finding (one per label set; a few say enough). */
const maxEvidence = 3;

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

/** The object an alert's labels name, as a subject, when the analysis has such objects. */
export function alertSubject(a: Alert): string | undefined {
  const l = a.labels;
  if (l.poddisruptionbudget) return `pdb/${a.namespace ?? ''}/${l.poddisruptionbudget}`;
  if (a.name.startsWith('ClusterOperator') && l.name) return `co/${l.name}`;
  const node = l.exported_node ?? l.node;
  return node ? `node/${node}` : undefined;
}

/** The firing and pending alerts of these names whose labels hold these values, as evidence. */
export function alertEvidence(
  s: Snapshot,
  names: readonly string[],
  labels: Readonly<Record<string, string>>,
): RelatedLocation[] {
  return alertsMatching(s.alerts, names, labels)
    .slice(0, maxEvidence)
    .map((a) => {
      const what = alertObject(a);
      const since = a.activeAt ? ` since ${when(a.activeAt, s.gatherTime)}` : '';
      return {
        ...a.location,
        message: `Prometheus alert ${a.name}${what ? ` (${what})` : ''} ${a.state}${since}`,
      };
    });
}
