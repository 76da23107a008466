/**
 * nodepool-inplace-drain-stuck: an InPlace NodePool's update waits for a guest node to drain.
 * The hosted cluster config operator (HCCO) asks for the drain with the node's
 * `machineconfiguration.openshift.io/desiredDrain: drain-<config>` and, once drained, writes the
 * same value to `lastAppliedDrain`; its drainer (kubectl's drain helper, 90 s an attempt, retried
 * forever) cannot evict a pod whose PodDisruptionBudget is at its limit (hypershift
 * `hostedclusterconfigoperator/controllers/drainer/drainer.go`). No condition names the pod: the
 * guest's budgets at their limit with a pod on the node do, and the drainer's log
 * (`"drain failed: failed to drain node <n>: [error when evicting pods/…]"`), when the dump has it.
 */
import { clip, plural } from '../core/text';
import { budgetsAtLimitOn } from '../model/budgetsOnNode';
import type { NodePool } from '../model/hosted';
import type { ControlPlane } from '../model/hostedControlPlane';
import type { Node } from '../model/node';
import type { Snapshot } from '../model/snapshot';
import { minutesSince } from './common/ages';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A drain under this long is the normal pace of a rollout. */
const drainSlowMinutes = 10;
const mco = 'machineconfiguration.openshift.io';

/** The node asks for a drain (`drain-…`) the drainer has not completed. */
function drainPending(n: Node): boolean {
  const want = n.desiredDrain;
  return want !== undefined && want.startsWith('drain-') && want !== n.lastAppliedDrain;
}

export const nodePoolInPlaceDrainStuck: Rule = {
  meta: {
    id: 'nodepool-inplace-drain-stuck',
    defaultSeverity: 'warning',
    levels: 'info under 10 min, warning',
    description:
      "a hosted cluster's InPlace NodePool cannot update a node: the node does not drain (a PodDisruptionBudget refuses an eviction)",
    explanation:
      "an InPlace NodePool's node asks for a drain (`desiredDrain: drain-…`) that has not completed (`lastAppliedDrain` differs): names the PodDisruptionBudget at its limit with a pod on the node, the cordon and the NodePool it holds back, and where the operator's log says why.",
    impact: 'Update Stalled',
    reads: ['NodePool', 'Node', 'PodDisruptionBudget'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    const cpNs = hosted.cluster.controlPlaneNamespace;
    return hosted.nodePools
      .filter((p) => p.upgradeType === 'InPlace')
      .flatMap((pool) =>
        s.nodes
          .filter((n) => n.label('hypershift.openshift.io/nodePool') === pool.name)
          .filter(drainPending)
          .flatMap((n) => stuck(s, pool, n, now, cpNs, hosted.controlPlane?.drainLog)),
      );
  },
};

function stuck(
  s: Snapshot,
  pool: NodePool,
  n: Node,
  now: Date | undefined,
  cpNs: string,
  drainLog: ControlPlane['drainLog'],
) {
  const since = n.unschedulableSince;
  const minutes = minutesSince(since, now);
  const blockers = budgetsAtLimitOn(s, n.name);
  const logged = drainLog?.failures.get(n.name);
  if (blockers.length === 0 && (minutes === undefined || minutes < drainSlowMinutes)) return [];
  const severity = minutes !== undefined && minutes < drainSlowMinutes ? 'info' : 'warning';
  const forHow = heldFor(since, now);
  const first = blockers[0];
  const message = first
    ? fit(
        `PodDisruptionBudget ${first.namespace}/${first.pdb} blocks the drain of node ${n.name}${forHow}: InPlace NodePool ${pool.name} cannot update it`,
        `PodDisruptionBudget ${first.namespace}/${first.pdb} blocks the drain of node ${n.name}${forHow}`,
      )
    : logged?.pods[0]
      ? fit(
          `Pod ${logged.pods[0].namespace}/${logged.pods[0].name} blocks the drain of node ${n.name}${forHow}: InPlace NodePool ${pool.name} cannot update it`,
          `Pod ${logged.pods[0].namespace}/${logged.pods[0].name} blocks the drain of node ${n.name}${forHow}`,
        )
      : fit(
          `Node ${n.name} has not drained${forHow}: InPlace NodePool ${pool.name} cannot update it`,
        );
  const detail = paragraphs(
    `NodePool ${pool.name} updates its nodes in place (\`upgradeType: InPlace\`): the hosted cluster config operator asked node ${n.name} to drain (\`${mco}/desiredDrain: ${n.desiredDrain ?? ''}\`) and the drain has not completed (\`lastAppliedDrain: ${n.lastAppliedDrain ?? 'unset'}\`)${n.unschedulable ? ', the node is cordoned' : ''}. The node is updated only after it drains; the next nodes wait for it (at most \`maxUnavailable\` at a time).`,
    blockers.length > 0
      ? `${plural(blockers.length, 'eviction')} refused: ${blockers
          .map(
            (b) =>
              `pod ${b.namespace}/${b.pod} (PodDisruptionBudget ${b.pdb}${b.needs >= 0 ? ` needs ${b.needs} healthy pods and has ${b.has}` : ''}, 0 disruptions allowed)`,
          )
          .join('; ')}.`
      : 'No PodDisruptionBudget of the guest is at its limit with a pod on this node: a pod that does not terminate, or one that is not managed by a controller, can also hold the drain.',
    logged
      ? `The hosted cluster config operator's drainer has failed ${plural(logged.count, 'attempt')} on this node${logged.first ? ` since ${logged.first.toISOString()}` : ''} (90 s each, retried without end); the newest${logged.last ? `, at ${logged.last.toISOString()}` : ''}: ${clip(logged.error, 400)}`
      : `The operator's drainer retries every 90 s without end; its log (\`namespaces/${cpNs}/core/pods/logs/hosted-cluster-config-operator-*-hosted-cluster-config-operator.log\` in the dump's management part) has "drain failed: failed to drain node ${n.name}: …" and kubectl's "error when evicting pods/… (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget." lines.`,
    'Scale the workload so the budget allows a disruption, or relax the PodDisruptionBudget while the node updates.',
  );
  const rollout = pool.condition('UpdatingVersion') ?? pool.condition('UpdatingConfig');
  return [
    finding(
      nodePoolInPlaceDrainStuck,
      first
        ? `pdb/${first.namespace}/${first.pdb}`
        : logged?.pods[0]
          ? `pod/${logged.pods[0].namespace}/${logged.pods[0].name}`
          : n.subject,
      n.at('metadata', 'annotations', `${mco}/desiredDrain`),
      { message, detail },
      // The budget and the NodePool first: an editor shows the first two related locations.
      [
        ...blockers.map((b) =>
          rel(
            b.budget.disruptionsAllowedLocation,
            `PodDisruptionBudget ${b.namespace}/${b.pdb}: ${b.budget.disruptionsAllowed ?? '?'} disruptions allowed`,
          ),
        ),
        rel(
          (rollout?.status === 'True' ? rollout.location : undefined) ?? pool.at('status'),
          `NodePool ${pool.name}`,
        ),
        rel(n.at('metadata', 'annotations', `${mco}/desiredDrain`), `node ${n.name} desiredDrain`),
        rel(
          n.at('metadata', 'annotations', `${mco}/lastAppliedDrain`),
          `node ${n.name} lastAppliedDrain`,
        ),
        n.unschedulable ? rel(n.unschedulableLocation, `node ${n.name} cordoned`) : undefined,
        logged && drainLog
          ? rel(
              { file: drainLog.file, doc: 0, pointer: '', span: logged.span },
              `hosted-cluster-config-operator: drain failed ${logged.count}×`,
            )
          : undefined,
      ],
      severity,
      since,
    ),
  ];
}
