/**
 * The master nodes the operators report not ready: library-go's node controller writes each into
 * its operator's Degraded message (`NodeControllerDegraded`), so one NotReady master shows as
 * etcd, kube-apiserver, kube-controller-manager and kube-scheduler Degraded. The node is the root
 * of those operators' findings whether or not the gather holds its Node object.
 */
import type { ClusterOperator } from './clusterOperator';
import { findCondition } from './condition';
import type { Condition } from './condition';
import { notReadyNodes } from './operatorMessages';
import type { NotReadyNode } from './operatorMessages';
import type { Snapshot } from './snapshot';

/** One operator's Degraded condition that reports the node not ready, and what it says. */
export interface NodeReport {
  operator: ClusterOperator;
  condition: Condition;
  said: NotReadyNode;
}

/** Each node the operators report not ready, by name, with their reports (operators by name). */
export function nodesReportedNotReady(s: Snapshot): Map<string, NodeReport[]> {
  const out = new Map<string, NodeReport[]>();
  const operators = [...s.operators].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const operator of operators) {
    const condition = findCondition(operator.conditions, 'Degraded');
    if (condition?.status !== 'True') continue;
    for (const said of notReadyNodes(condition.message)) {
      const reports = out.get(said.name) ?? [];
      // A node named twice in one message is one report.
      if (!reports.some((r) => r.operator === operator))
        reports.push({ operator, condition, said });
      out.set(said.name, reports);
    }
  }
  return out;
}
