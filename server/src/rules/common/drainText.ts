/**
 * What blocks a node's drain, in words and evidence, from the machine-config-controller's drain
 * lines, the gathered PodDisruptionBudgets and Prometheus' alerts on them: shared by `mco-drain-stuck` (the drain still
 * running) and `node-mcd-degraded` (the daemon gave up on it after an hour).
 */
import type { RelatedLocation } from '../../core/finding';
import { clip, when } from '../../core/text';
import { nodeDrain } from '../../model/drainLog';
import type { NodeDrain, PodRef } from '../../model/drainLog';
import type { LoggedDrainLine, Snapshot } from '../../model/snapshot';
import { alertEvidence, budgetAlerts } from './alertText';
import { rel } from '../rule';

/** Every drain line of the controller's (and a 4.10 daemon's) logs, oldest first; once per snapshot. */
const sorted = new WeakMap<Snapshot['drainLogs'], LoggedDrainLine[]>();
function allDrainLines(s: Snapshot): LoggedDrainLine[] {
  const known = sorted.get(s.drainLogs);
  if (known) return known;
  const lines = s.drainLogs.flatMap((l) => l.lines);
  // Stable: lines without a time keep their place after the ones before them.
  const out = lines
    .map((l, i) => ({ l, i, t: l.time?.getTime() ?? -Infinity }))
    .sort((a, b) => (a.t !== b.t && a.t !== -Infinity && b.t !== -Infinity ? a.t - b.t : a.i - b.i))
    .map((x) => x.l);
  sorted.set(s.drainLogs, out);
  return out;
}

/** The open drain of a node in the controller's logs. */
export function drainOfNode(s: Snapshot, node: string): NodeDrain<LoggedDrainLine> | undefined {
  return nodeDrain(allDrainLines(s), node);
}

/** A control-plane guard: its budget keeps etcd quorum, so the fix is etcd's health. */
function etcdGuard(p: PodRef): string | undefined {
  if (p.namespace !== 'openshift-etcd') return undefined;
  if (p.name.startsWith('etcd-guard-')) return 'etcd-guard-pdb';
  if (p.name.startsWith('etcd-quorum-guard')) return 'etcd-quorum-guard';
  return undefined;
}

export interface BlockerText {
  /** One sentence per pod: what refuses its eviction and what the gather holds of it. */
  text: string;
  related: (RelatedLocation | undefined)[];
}

/** What the drain's blocking pods are, with their budgets when gathered. */
export function describeBlockers(s: Snapshot, d: NodeDrain<LoggedDrainLine>): BlockerText {
  const sentences: string[] = [];
  const related: (RelatedLocation | undefined)[] = [];
  for (const p of d.blocking.slice(0, 3)) {
    const pod = `${p.namespace}/${p.name}`;
    const refused =
      p.refusals > 0
        ? `the eviction of pod ${pod} was refused by its PodDisruptionBudget ${p.refusals} time${p.refusals === 1 ? '' : 's'}, the last ${when(p.lastRefused, s.gatherTime)}`
        : `the drain failed on pod ${pod}`;
    const lineFile = p.line.file;
    related.push(
      rel(
        { file: lineFile, doc: 0, pointer: '', span: p.line.span },
        p.refusals > 0
          ? `the ${p.line.from}: eviction of ${pod} refused by its disruption budget`
          : `the ${p.line.from}: drain failed on ${pod}`,
      ),
    );
    const guard = etcdGuard(p);
    const zero = s.pdbs.filter((b) => b.namespace === p.namespace && b.disruptionsAllowed === 0);
    const named = guard !== undefined ? (zero.find((b) => b.name === guard) ?? zero[0]) : zero[0];
    let budget: string;
    if (named) {
      const healthy =
        named.currentHealthy !== undefined && named.expectedPods !== undefined
          ? `, ${named.currentHealthy} of ${named.expectedPods} pods healthy, ${named.desiredHealthy ?? '?'} required`
          : '';
      budget = `PodDisruptionBudget ${p.namespace}/${named.name} allows 0 disruptions (${named.budget ?? 'no budget given'}${healthy})`;
      related.push(
        rel(
          named.disruptionsAllowedLocation,
          `PodDisruptionBudget ${named.name}: disruptionsAllowed 0`,
        ),
      );
    } else if (!s.namespaces.includes(p.namespace)) {
      budget = `namespace ${p.namespace} was not gathered, so its PodDisruptionBudget is not in the must-gather (oc get pdb -n ${p.namespace} shows it)`;
    } else {
      budget = `no gathered PodDisruptionBudget of namespace ${p.namespace} allows 0 disruptions (oc writes namespaces/<ns>/policy/poddisruptionbudgets.yaml only from its newer releases)`;
    }
    // Prometheus' word on the budget: the named one's, else any of the pod's namespace.
    if (p.refusals > 0) {
      const labels: Record<string, string> = { namespace: p.namespace };
      if (named) labels.poddisruptionbudget = named.name;
      related.push(...alertEvidence(s, budgetAlerts, labels));
    }
    const why =
      guard !== undefined
        ? ` It is the etcd guard pod, protected by the control-plane budget ${guard}: etcd is not healthy on every other master, so draining this one would risk quorum; fix etcd first (the etcd ClusterOperator and its members), not the budget.`
        : p.refusals > 0
          ? ' Scale the workload up, move the pod or relax the budget so one pod may go.'
          : '';
    sentences.push(`${capital(refused)}; ${budget}.${why}`);
  }
  if (d.blocking.length > 3) sentences.push(`${d.blocking.length - 3} more pods fail likewise.`);
  if (d.blocking.length === 0 && d.lastFailure) {
    sentences.push(
      `The last attempt failed ${when(d.lastFailure.time, s.gatherTime)}: ${clip(d.lastFailure.message, 300)}.`,
    );
  }
  if (d.lastFailure) {
    related.push(
      rel(
        { file: d.lastFailure.file, doc: 0, pointer: '', span: d.lastFailure.span },
        `the ${d.lastFailure.from}: drain of ${d.node} failed (${d.failures.length} failed attempt${d.failures.length === 1 ? '' : 's'} since it began)`,
      ),
    );
  }
  return { text: sentences.join(' '), related };
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
