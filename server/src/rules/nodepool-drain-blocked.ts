/**
 * nodepool-drain-blocked: a hosted cluster's NodePool replaces a Machine and the Machine cannot
 * be deleted because its node does not drain. Cluster API's Machine controller drains the node
 * before deleting the Machine; a PodDisruptionBudget at its limit refuses the eviction, and with
 * `nodeDrainTimeout` 0 (the default) it retries forever. From 4.19 (Cluster API 1.9) the Machine's
 * `DrainingSucceeded` condition names the pod and its budget; before, only the controller's log
 * does, so the guest's budgets at their limit with a pod on that node are named instead, or,
 * without them (no guest part, or another reason), the pod the log's refused evictions name.
 */
import { clip, plural } from '../core/text';
import { podList } from '../model/drainLog';
import type { MachineDrainFailures } from '../model/hostedDrainLog';
import { budgetsAtLimitOn } from '../model/budgetsOnNode';
import type { Snapshot } from '../model/snapshot';
import { minutesSince } from './common/ages';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A drain under this long is the normal pace of a rollout. */
const drainSlowMinutes = 10;

/** `* Pod <ns>/<pod>: cannot evict pod … The disruption budget <pdb> needs …` (Cluster API 1.9's drain). */
const blockedPod =
  /\* Pod ([a-z0-9.-]+)\/([a-z0-9.-]+): cannot evict pod as it would violate the pod's disruption budget\. The disruption budget ([a-z0-9.-]+) needs (\d+) healthy pods? and has (\d+) currently/gi;

interface Blocker {
  namespace: string;
  pod: string;
  pdb: string;
  needs: number;
  has: number;
}

function blockersIn(message: string): Blocker[] {
  return [...message.matchAll(blockedPod)].map((m) => ({
    namespace: m[1]!,
    pod: m[2]!,
    pdb: m[3]!,
    needs: Number(m[4]),
    has: Number(m[5]),
  }));
}

export const nodePoolDrainBlocked: Rule = {
  meta: {
    id: 'nodepool-drain-blocked',
    defaultSeverity: 'warning',
    levels: 'info under 10 min, warning',
    description:
      "a hosted cluster's NodePool cannot delete a Machine: its node does not drain (a PodDisruptionBudget refuses an eviction)",
    explanation:
      "a NodePool's Machine waits for its node to drain before it is deleted, and the drain does not finish: names the pod and the PodDisruptionBudget that refuses its eviction (from the Machine's condition; before 4.19 from the guest's budgets at their limit and the cluster-api controller's log), the guest node and the NodePool it holds back.",
    impact: 'Update Stalled',
    reads: ['NodePool', 'Machine', 'Node', 'PodDisruptionBudget'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    const log = hosted.controlPlane?.machineDrainLog;
    return hosted.machines.flatMap((m) => {
      const draining = m.condition('DrainingSucceeded');
      if (!m.deletionTimestamp || draining?.status !== 'False') return [];
      const pool = hosted.nodePools.find((p) => p.name === m.nodePool);
      const since = m.deletionTimestamp;
      const minutes = minutesSince(since, now);
      const named = blockersIn(draining.message);
      // Before 4.19: the guest's budgets at their limit with a pod on the Machine's node.
      const blockers = named.length > 0 ? named : budgetsAtLimitOn(s, m.nodeName);
      if (blockers.length === 0 && (minutes === undefined || minutes < drainSlowMinutes)) return [];
      const severity = minutes !== undefined && minutes < drainSlowMinutes ? 'info' : 'warning';
      const node = m.nodeName ? `node ${m.nodeName}` : 'its node';
      const forHow = heldFor(since, now);
      const first = blockers[0];
      const logged = log?.failures.get(m.name);
      const loggedPod = logged?.pods[0];
      const message = first
        ? fit(
            `PodDisruptionBudget ${first.namespace}/${first.pdb} blocks the drain of ${node}${forHow}: Machine ${m.name} of NodePool ${m.nodePool ?? '?'} cannot be replaced`,
            `PodDisruptionBudget ${first.namespace}/${first.pdb} blocks the drain of ${node}${forHow}`,
          )
        : loggedPod
          ? fit(
              `Pod ${loggedPod.namespace}/${loggedPod.name} blocks the drain of ${node}${forHow}: Machine ${m.name} of NodePool ${m.nodePool ?? '?'} cannot be replaced`,
              `Pod ${loggedPod.namespace}/${loggedPod.name} blocks the drain of ${node}${forHow}`,
            )
          : fit(
              `${capital(node)} has not drained${forHow}: Machine ${m.name} of NodePool ${m.nodePool ?? '?'} cannot be replaced`,
            );
      const guestNode = s.nodes.find((n) => n.name === m.nodeName);
      const pdbs = blockers.flatMap((b) => {
        const pdb = s.pdbs.find((p) => p.namespace === b.namespace && p.name === b.pdb);
        return pdb ? [pdb] : [];
      });
      const detail = paragraphs(
        `Machine ${m.name} has been deleted since ${since.toISOString()}${pool ? ` as NodePool ${pool.name} replaces its machines` : ''}; Cluster API drains its node before it deletes it, and the drain does not finish (\`DrainingSucceeded=False\`, reason \`${draining.reason}\`).`,
        blockers.length > 0
          ? `${plural(blockers.length, 'eviction')} refused: ${blockers
              .map(
                (b) =>
                  `pod ${b.namespace}/${b.pod} (PodDisruptionBudget ${b.pdb}${b.needs >= 0 ? ` needs ${b.needs} healthy pods and has ${b.has}` : ''})`,
              )
              .join('; ')}.`
          : logged
            ? undefined
            : 'The Machine does not say which pod blocks it (before 4.19 only the cluster-api controller log does: `core/pods/logs/cluster-api-*-manager.log` in the control-plane namespace).',
        logged ? loggedText(logged, blockers.length === 0) : undefined,
        pool?.upgradeType === 'Replace'
          ? 'The NodePool uses `upgradeType: Replace`: it surges a new Machine, then deletes an old one; with `nodeDrainTimeout` unset (0) the drain is retried forever, so the rollout stays here.'
          : undefined,
        'Scale the workload so the budget allows a disruption, relax the PodDisruptionBudget, or set `spec.nodeDrainTimeout` on the NodePool.',
      );
      return [
        finding(
          nodePoolDrainBlocked,
          first
            ? `pdb/${first.namespace}/${first.pdb}`
            : loggedPod
              ? `pod/${loggedPod.namespace}/${loggedPod.name}`
              : m.subject,
          draining.location,
          { message, detail },
          [
            rel(m.at('metadata', 'deletionTimestamp'), `Machine ${m.name} deleted`),
            guestNode?.unschedulable
              ? rel(guestNode.unschedulableLocation, `node ${guestNode.name} cordoned`)
              : undefined,
            ...pdbs.map((p) =>
              rel(
                p.disruptionsAllowedLocation,
                `PodDisruptionBudget ${p.namespace ?? ''}/${p.name}: ${p.disruptionsAllowed ?? '?'} disruptions allowed`,
              ),
            ),
            // Before the NodePool: without the guest it is the evidence an editor shows second.
            logged && log
              ? rel(
                  { file: log.file, doc: 0, pointer: '', span: logged.span },
                  `cluster-api: ${plural(logged.refusals, 'eviction')} refused`,
                )
              : undefined,
            pool
              ? rel(
                  (pool.condition('UpdatingVersion') ?? pool.condition('Ready'))?.location ??
                    pool.at('status'),
                  `NodePool ${pool.name}`,
                )
              : undefined,
          ],
          severity,
          since,
        ),
      ];
    });
  },
};

/** What the cluster-api controller's log says of the Machine's drain. */
function loggedText(l: MachineDrainFailures, onlyWitness: boolean): string {
  const pods = podList(l.pods);
  return `${onlyWitness ? `The Machine's condition does not name the pod (before 4.19 only the controller's log does); the cluster-api controller's log does` : "The cluster-api controller's log says the same"}: ${plural(l.refusals, 'eviction')} refused${pods ? ` (${pods})` : ''} and ${plural(l.attempts, 'drain attempt')} failed${l.first ? ` since ${l.first.toISOString()}` : ''} (kubectl's drain helper retries an eviction every 5 s; an attempt gives up after 20 s and starts again 20 s later); the newest${l.errorAt ? `, at ${l.errorAt.toISOString()}` : ''}: ${clip(l.error, 400)}`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
