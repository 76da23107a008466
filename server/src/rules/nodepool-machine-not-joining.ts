/**
 * nodepool-machine-not-joining: a NodePool's new Machine has not become a node. Its cloud
 * instance is not ready (`InfrastructureReady=False`: quota, capacity, a bad template), or it
 * runs and never registered a node (no `status.nodeRef`: ignition not served, CSRs not approved).
 * A Replace rollout surges such a Machine first, so the rollout waits; a scale-up never arrives.
 * The NodePool says whether any machine reached the ignition endpoint (`ReachedIgnitionEndpoint`,
 * reason `ignitionNotReached`) and whether the payload was generated (`ValidGeneratedPayload`).
 * Sources: hypershift `nodepool/conditions.go`; Cluster API 1.9 `machine_controller_noderef.go`.
 */
import { duration } from '../core/text';
import type { NodePool } from '../model/hosted';
import type { Snapshot } from '../model/snapshot';
import { minutesSince } from './common/ages';
import { fit, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A new instance boots and joins in a few minutes; past this, something holds it. */
const joinMinutes = 15;
/** Cluster API's default node startup timeout for a health check: the Machine is then replaced. */
const stuckMinutes = 60;

export const nodePoolMachineNotJoining: Rule = {
  meta: {
    id: 'nodepool-machine-not-joining',
    defaultSeverity: 'warning',
    levels: 'warning from 15 min, error from 1 h',
    description:
      "a hosted cluster's NodePool Machine has not become a node: its instance is not ready, or it never registered",
    explanation:
      "a NodePool's Machine older than 15 minutes with no node: its cloud instance not ready (the infrastructure's reason), or running without registering (no `status.nodeRef`), with whether the NodePool's machines reached the ignition endpoint and its payload was generated, and where to look next (the ignition server's and machine approver's logs).",
    impact: 'Update Stalled',
    reads: ['NodePool', 'Machine'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    return hosted.machines.flatMap((m) => {
      if (m.deletionTimestamp || m.nodeName) return [];
      const minutes = minutesSince(m.creationTimestamp, now);
      if (minutes === undefined || minutes < joinMinutes) return [];
      const pool = hosted.nodePools.find((p) => p.name === m.nodePool);
      const infra = m.condition('InfrastructureReady');
      const noInstance = infra?.status === 'False';
      const age = duration(minutes * 60_000);
      const poolName = m.nodePool ?? '?';
      const message = noInstance
        ? fit(
            `Machine ${m.name} of NodePool ${poolName} has no ready instance after ${age}: ${infra.reason || 'InfrastructureReady=False'}`,
          )
        : fit(
            `Machine ${m.name} of NodePool ${poolName} has not joined as a node after ${age}${ignitionNotReached(pool) ? ': ignition never reached' : ''}`,
            `Machine ${m.name} of NodePool ${poolName} has not joined as a node after ${age}`,
          );
      const detail = paragraphs(
        noInstance
          ? `Its \`InfrastructureReady=False\`${infra.reason ? ` (\`${infra.reason}\`)` : ''}${infra.message ? `: ${infra.message}` : ''}. The platform machine (in \`infrastructure.cluster.x-k8s.io\`) says why the instance is not running: quota, capacity, or a template the cloud refuses.`
          : `It has no \`status.nodeRef\`${m.phase ? ` (phase \`${m.phase}\`)` : ''}: its instance ${infra?.status === 'True' ? 'runs' : 'may run'}, and no node registered for it.`,
        !noInstance ? ignitionWords(pool) : undefined,
        pool?.upgradeType === 'Replace' && pool.updating
          ? `NodePool ${pool.name} surges this Machine before it deletes an old one: its rollout waits for it.`
          : undefined,
        !noInstance
          ? "Next: the ignition server's log (`core/pods/logs/ignition-server-*`) and the machine approver's (pending CSRs) in the control-plane namespace."
          : undefined,
      );
      const related = [
        infra ? rel(infra.location, `InfrastructureReady=${infra.status}`) : undefined,
        ...poolEvidence(pool),
      ];
      return [
        finding(
          nodePoolMachineNotJoining,
          m.subject,
          m.at('status'),
          { message, detail },
          related,
          minutes >= stuckMinutes ? 'error' : 'warning',
          m.creationTimestamp,
        ),
      ];
    });
  },
};

function ignitionNotReached(pool: NodePool | undefined): boolean {
  return pool?.condition('ReachedIgnitionEndpoint')?.status === 'False';
}

function ignitionWords(pool: NodePool | undefined): string | undefined {
  if (!pool) return undefined;
  const reached = pool.condition('ReachedIgnitionEndpoint');
  const payload = pool.condition('ValidGeneratedPayload');
  const parts = [
    reached?.status === 'False'
      ? `NodePool ${pool.name} has \`ReachedIgnitionEndpoint=False\`${reached.reason ? ` (\`${reached.reason}\`)` : ''}: no machine of it fetched its ignition, so the instance cannot configure itself (network to the ignition endpoint, its route or load balancer, the user data).`
      : undefined,
    payload && payload.status !== 'True'
      ? `Its \`ValidGeneratedPayload=${payload.status}\`${payload.reason ? ` (\`${payload.reason}\`)` : ''}: ${payload.message || 'the ignition payload was not generated'}.`
      : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function poolEvidence(pool: NodePool | undefined): ReturnType<typeof rel>[] {
  if (!pool) return [];
  const reached = pool.condition('ReachedIgnitionEndpoint');
  const machines = pool.condition('AllMachinesReady');
  return [
    reached?.status === 'False'
      ? rel(reached.location, 'ReachedIgnitionEndpoint=False')
      : undefined,
    machines?.status === 'False'
      ? rel(machines.location, `NodePool ${pool.name}: AllMachinesReady=False`)
      : undefined,
  ];
}
