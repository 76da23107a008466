/**
 * node-mcd-degraded: the machine-config daemon on a node reports state Degraded or
 * Unreconcilable; the finding sits on the node file, with its pool as related evidence. A node
 * whose reason is an OS update failure or on-disk drift is explained by `node-os-update-failed`
 * or `node-ondisk-drift` when they run (their `explains`); this rule still reports it, so turning
 * them off shows it here.
 */
import { nodeAnnotations } from '../model/node';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { mcnEvidence, nodeMove } from './common/nodeText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { explainNodeReason, isDrainFailure } from '../model/nodeFailures';
import { describeBlockers, drainOfNode } from './common/drainText';
import { clip, plural } from '../core/text';
import { podsInError } from '../model/drainLog';
import { fit, nodeTitleOf, paragraphs } from './common/words';
import { drainCause, poolSymptoms } from './common/consequences';
import { drainEvents, eventEvidence } from './common/eventText';

/** The first clause of a known failure's meaning (`the node cannot drain`), when it is short. */
function firstClause(meaning: string): string | undefined {
  const clause = meaning.split(': ')[0]!;
  return clause.length <= 100 ? clause : undefined;
}

export const nodeMcdDegraded: Rule = {
  meta: {
    id: 'node-mcd-degraded',
    defaultSeverity: 'error',
    levels: 'error',
    description: "a node's machine-config daemon is Degraded or Unreconcilable",
    explanation:
      "a node's machine-config daemon is Degraded or Unreconcilable, with the known failure it matches (drain, unreconcilable change); OS update failures and on-disk drift have their own rules (`node-os-update-failed`, `node-ondisk-drift`).",
    impact: 'Update Stalled',
    reads: [
      'MachineConfig',
      'Node',
      'machine-config-controller log',
      'PodDisruptionBudget',
      'Event',
    ],
    leadsTo: [...poolSymptoms],
    // What the same node shows on the way to Degraded: its stuck drain, its MachineConfigNode's phase.
    explains: [{ rule: 'mco-drain-stuck' }, { rule: 'mcn-phase-stuck' }],
  },
  check(s: Snapshot, _context: RuleContext) {
    // A hosted cluster has no machine-config operator: its nodes' machine-config annotations are
    // the InPlace upgrader's, judged by the nodepool rules.
    if (s.hosted) return [];
    return s.nodes.flatMap((n) => {
      const state = n.mcdState;
      if (state !== 'Degraded' && state !== 'Unreconcilable') return [];
      const reason = n.mcdReason ?? '';
      const pool = primaryPool(s, n);
      const meaning = explainNodeReason(reason);
      // A drain that timed out: the controller's log names the pod it could not evict.
      const drain = isDrainFailure(reason) ? drainOfNode(s, n.name) : undefined;
      const blockers =
        drain && (drain.blocking.length > 0 || drain.failures.length > 0)
          ? describeBlockers(s, drain)
          : undefined;
      // What the drain could not get past: the controller log's pods, else the ones the reason names.
      const pods = drain?.blocking.length
        ? drain.blocking
        : isDrainFailure(reason)
          ? podsInError(reason)
          : [];
      const refused = drain?.blocking[0] !== undefined && drain.blocking[0].refusals > 0;
      const more = pods.length > 1 ? ` and ${plural(pods.length - 1, 'more pod')}` : '';
      const head = `${nodeTitleOf(s, n)}: the machine-config daemon is ${state}`;
      const pod = pods[0] && clip(`${pods[0].namespace}/${pods[0].name}`, 90);
      const short = meaning && firstClause(meaning);
      const message = fit(
        pod
          ? refused
            ? `${head}: the drain cannot evict pod ${pod}, refused by its PodDisruptionBudget${more && `,${more}`}`
            : `${head}: the drain cannot evict pod ${pod}${more}`
          : short
            ? `${head}: ${short}`
            : reason
              ? `${head}, reason "${clip(reason, 80)}"`
              : `${head}, no reason given`,
        short ? `${head}: ${short}` : head,
        head,
      );
      const detail = paragraphs(
        `The daemon's reason (its \`reason\` annotation): ${clip(reason || 'no reason given', 400)}.${nodeMove(n)}`,
        meaning && `This means ${meaning}.`,
        blockers?.text &&
          `From the ${drain?.lastFailure?.from ?? drain?.blocking[0]?.line.from ?? 'machine-config-controller'} log: ${blockers.text}`,
        "Read the node's machine-config-daemon log (`namespaces/openshift-machine-config-operator/pods/machine-config-daemon-*/…/current.log`) around `Marking Degraded due to`.",
      );
      const f = finding(
        nodeMcdDegraded,
        n.subject,
        n.at('metadata', 'annotations', nodeAnnotations.state),
        { message, detail },
        [
          reason
            ? rel(n.at('metadata', 'annotations', nodeAnnotations.reason), "the daemon's reason")
            : undefined,
          pool &&
            rel(
              (pool.condition('NodeDegraded') ?? pool.condition('Degraded'))?.location,
              `pool ${pool.name} reports the node`,
            ),
          ...(blockers?.related ?? []),
          mcnEvidence(s, n),
          // The daemon's FailedToDrain, the 4.19+ controller's DrainThresholdExceeded.
          ...(isDrainFailure(reason) ? eventEvidence(s, drainEvents(s, n.name)) : []),
        ],
      );
      // Nodes that cannot drain are one problem, whatever else their reasons say.
      if (isDrainFailure(reason)) f.cause = drainCause;
      return [f];
    });
  },
};
