/**
 * node-not-ready: a node whose Ready condition is not True, or that someone cordoned (it is
 * unschedulable with no machine-config drain in progress: it eats the pool's maxUnavailable, so
 * the rollout goes slower or stops). A node the machine-config daemon drains or reboots for its
 * update is normal progress for its first 20 minutes. Levels as `oc adm upgrade status` judges a
 * node that is unavailable and not updating ("Update Speed", a warning; `workerpool.go`
 * `nodeInsights`): NotReady for under 5 minutes is not serious yet (information), a cordon
 * alone is not serious at all (information: oc counts the node unavailable and says nothing).
 * A master node the operators report not ready (library-go's `NodeControllerDegraded`) that the
 * gather does not hold is reported from their messages: it is still the root of their findings.
 */
import type { Finding } from '../core/finding';
import { quoteMaxLength } from '../core/finding';
import { clip, duration, listing, when } from '../core/text';
import { fit, heldFor, paragraphs } from './common/words';
import { findCondition } from '../model/condition';
import type { Node } from '../model/node';
import { nodeAnnotations } from '../model/node';
import { nodesReportedNotReady } from '../model/nodeReports';
import type { ChainLink } from '../core/finding';
import { operatorLink } from './common/chain';
import type { NodeReport } from '../model/nodeReports';
import type { Snapshot } from '../model/snapshot';
import { primaryPool } from '../model/snapshot';
import { assessmentOf, finding, rel } from './rule';
import { minutesSince } from './common/ages';
import type { Rule, RuleContext } from './rule';
import { poolSymptoms } from './common/consequences';

/** A reboot for an update takes minutes: this long NotReady is not a reboot. */
const rebootMinutes = 20;
/** oc's `SeriouslyUnavailable`: NotReady for less than this is not serious yet. */
const seriousAfterMinutes = 5;

export const nodeNotReady: Rule = {
  meta: {
    id: 'node-not-ready',
    defaultSeverity: 'warning',
    levels:
      'warning (information under 5 min, while a reboot for an update takes under 20 min, for a cordon alone, or for a master the operators report that the gather lacks)',
    description: 'a node is not Ready, or is cordoned outside a machine-config drain',
    explanation:
      "a node is not Ready, or someone cordoned it outside a machine-config drain: it eats the pool's `maxUnavailable` (a node rebooting for its update is information for its first 20 minutes). A master node the static-pod operators report not ready (`NodeControllerDegraded`) is the root of their Degraded findings, said from their messages when the gather lacks its Node.",
    impact: 'Update Speed',
    reads: ['Node', 'ClusterOperator'],
    // A master node not ready degrades the static-pod operators (their node controller).
    leadsTo: [
      ...poolSymptoms,
      'control-plane-rollout-stuck',
      'operator-pod-failing',
      // A hosted cluster's worker: its Machine is unhealthy, its NodePool cannot repair or roll.
      'nodepool-autorepair-blocked',
      'nodepool-rollout-stuck',
    ],
  },
  check(s: Snapshot, context: RuleContext) {
    const now = assessmentOf(s, context).now;
    const reported = nodesReportedNotReady(s);
    return [
      ...s.nodes.flatMap((n) => [
        ...notReady(s, n, now, reported.get(n.name) ?? []),
        ...cordoned(s, n, now),
      ]),
      ...[...reported]
        .filter(([name]) => !s.nodes.some((n) => n.name === name))
        .map(([name, reports]) => notGathered(s, name, reports)),
    ];
  },
};

/** How long NotReady is information: while a reboot for an update may take it, or not serious yet. */
function levelOf(age: number | undefined, rebooting: boolean): 'info' | 'warning' {
  if (age === undefined) return rebooting ? 'info' : 'warning';
  return age < seriousAfterMinutes || (rebooting && age < rebootMinutes) ? 'info' : 'warning';
}

/** What the kubelet's NotReady says, in a few words: the known causes, else its message clipped. */
function kubeletWords(reason: string, message: string): string {
  if (/container runtime network not ready/.test(message))
    return /No CNI configuration file/.test(message)
      ? 'container network not ready (no CNI configuration)'
      : 'container network not ready';
  if (/PLEG is not healthy/.test(message))
    return 'PLEG is not healthy (the container runtime does not answer)';
  if (/Kubelet stopped posting node status/.test(message))
    return 'the kubelet stopped posting its status';
  if (message !== '') return clip(message, 80);
  return reason || 'no reason given';
}

/** The operators' reports of a node as related locations, each with what it says. */
function reportEvidence(reports: readonly NodeReport[], name: string) {
  return reports.map((r) =>
    rel(
      r.condition.location,
      `${r.operator.name} Degraded: NodeControllerDegraded reports node ${name} not ready`,
    ),
  );
}

/** A master node the operators report not ready that the gather does not hold. */
function notGathered(s: Snapshot, name: string, reports: NodeReport[]): Finding {
  const first = reports[0]!;
  const said = first.said;
  const since = reports.map((r) => r.said.since).find((d) => d !== undefined);
  const words = kubeletWords(said.reason, said.message);
  const operators = reports.map((r) => r.operator.name);
  const held = heldFor(since, s.gatherTime);
  const message = fit(
    `Master node ${name} is not ready${held}: ${words}; its Node is not in the gather`,
    `Master node ${name} is not ready${held}; its Node is not in the gather`,
  );
  const detail = paragraphs(
    `${listing(operators)} report${operators.length === 1 ? 's' : ''} it not ready in ${operators.length === 1 ? 'its' : 'their'} Degraded condition (\`NodeControllerDegraded\`, library-go's node controller)` +
      (since
        ? `: its Ready condition has been ${said.reason ? `False (${said.reason})` : 'not True'} since ${when(since, s.gatherTime)}`
        : '') +
      (said.message ? `, "${clip(said.message, 400)}".` : '.'),
    `It is the one cause of those operators' Degraded conditions: a master node that is not ready leaves its etcd member, kube-apiserver, kube-controller-manager and kube-scheduler static pods unreachable, and the update waits on them.`,
    `Its Node object is not in the must-gather (\`cluster-scoped-resources/core/nodes/${name}.yaml\`), so its conditions, taints and pods cannot be read here.`,
    /container runtime network not ready/.test(said.message)
      ? `Look next at the pod network on that node: the network operator's pods there (\`namespaces/openshift-multus/\`, \`namespaces/openshift-ovn-kubernetes/\` or \`namespaces/openshift-sdn/\`, the pods whose \`spec.nodeName\` is ${name}) and \`cluster-scoped-resources/config.openshift.io/clusteroperators/network.yaml\`; on a live cluster, \`oc adm node-logs ${name} -u kubelet\`.`
      : `Look next at the node's kubelet and container runtime (on a live cluster, \`oc adm node-logs ${name} -u kubelet\` and \`-u crio\`) and, if the gather has them, its pods in \`namespaces/openshift-etcd/\` and \`namespaces/openshift-kube-apiserver/\`.`,
  );
  // Information: the operators' findings carry the errors (as oc's rows do, which cannot show a
  // node the gather lacks); this one names their root, which the cause is titled by.
  const f = finding(
    nodeNotReady,
    `node/${name}`,
    first.condition.location,
    { message, detail },
    reportEvidence(reports.slice(1), name),
    'info',
    since,
  );
  f.chain = [
    ...reportLinks(s, reports),
    {
      kind: 'node',
      name: `node ${name}`,
      state: `not ready${held}${said.reason ? ` (${said.reason})` : ''}: ${words}`,
    },
  ];
  return f;
}

/** The operators reporting a node, as the first steps of its chain. */
function reportLinks(s: Snapshot, reports: readonly NodeReport[]): ChainLink[] {
  return reports.map((r) => operatorLink(s, { operator: r.operator.name, condition: r.condition }));
}

/** The machine-config daemon is moving this node to a new config (drain, update, reboot). */
function mcoUpdating(n: Node): boolean {
  return (
    n.desiredConfig !== undefined &&
    (n.currentConfig !== n.desiredConfig || (n.mcdState !== undefined && n.mcdState !== 'Done'))
  );
}

/** The cordon is the machine-config drain's: the last drain it asked for is a drain, not an uncordon. */
function cordonedByMco(n: Node): boolean {
  const desired = n.desiredDrain;
  // An uncordon asked for and not yet applied: the drain's cordon, about to be lifted.
  if (desired !== undefined)
    return (
      desired.startsWith('drain-') ||
      (desired.startsWith('uncordon-') && n.lastAppliedDrain !== desired)
    );
  // Before 4.11 there are no drain annotations: the daemon cordons while it works.
  return mcoUpdating(n) || n.mcdState === 'Degraded' || n.mcdState === 'Unreconcilable';
}

function notReady(
  s: Snapshot,
  n: Node,
  now: Date | undefined,
  reports: readonly NodeReport[],
): Finding[] {
  const ready = findCondition(n.conditions, 'Ready');
  if (!ready || ready.status === 'True') return [];
  const age = minutesSince(ready.lastTransitionTime, now);
  const rebooting = mcoUpdating(n);
  // A reboot for an update takes a few minutes of NotReady: progress, not a problem, at first.
  const severity = levelOf(age, rebooting);
  const pool = primaryPool(s, n);
  const said = [ready.reason, ready.message.replace(/\.+$/, '')].filter((x) => x !== '').join(': ');
  const poolPart = pool ? `pool ${pool.name}'s` : "its pool's";
  const state = `Ready=${ready.status}${ready.reason ? `, ${clip(ready.reason, 60)}` : ''}`;
  const held = heldFor(ready.lastTransitionTime, s.gatherTime);
  // A hosted cluster has no pools: the node is its Machine's, the Machine its NodePool's.
  const machine = s.hosted?.machines.find((m) => m.nodeName === n.name);
  const holds = s.hosted
    ? machine
      ? `; it is Machine ${machine.name} of NodePool ${machine.nodePool ?? '?'}`
      : ''
    : `; it counts against ${poolPart} maxUnavailable`;
  const message = fit(
    rebooting
      ? `Node ${n.name} is not ready (${state})${held} while its machine-config daemon updates it` +
          (age !== undefined && age >= rebootMinutes ? ', longer than a reboot takes' : '')
      : `Node ${n.name} is not ready (${state})${held}${holds}`,
    `Node ${n.name} is not ready (Ready=${ready.status})${held}`,
  );
  const detail = paragraphs(
    `Its Ready condition has been ${ready.status} since ${when(ready.lastTransitionTime, s.gatherTime)}` +
      (said ? `: ${said}.` : '.'),
    rebooting
      ? `Its machine-config daemon is moving it to ${n.desiredConfig ?? '?'} (state ${n.mcdState ?? '?'}): a reboot for an update is NotReady for a few minutes; ${rebootMinutes} minutes and more is not a reboot.`
      : s.hosted
        ? `A hosted cluster has no MachineConfigPool: ${machine ? `its Machine ${machine.name} reports it to NodePool ${machine.nodePool ?? '?'} (\`AllNodesHealthy\`), whose rollout waits for it and whose auto-repair, when on, replaces it` : 'no Machine of the dump names it'}.`
        : `A node that is not ready counts against ${poolPart} maxUnavailable, so the machine-config rollout waits for it.`,
    "Look at the node's conditions and the kubelet's log on the node.",
  );
  const f = finding(
    nodeNotReady,
    n.subject,
    ready.location,
    { message, detail },
    [
      rel(
        n.at('metadata', 'annotations', nodeAnnotations.state),
        `machine-config daemon state ${n.mcdState ?? '(none)'}`,
      ),
      ...reportEvidence(reports, n.name),
    ],
    severity,
    ready.lastTransitionTime,
  );
  if (ready.message) f.quote = clip(ready.message, quoteMaxLength);
  if (reports.length > 0)
    f.chain = [
      ...reportLinks(s, reports),
      {
        kind: 'node',
        name: `node ${n.name}`,
        state: `not ready${held} (${state})`,
        location: ready.location,
      },
    ];
  return [f];
}

function cordonedInHostedCluster(s: Snapshot, n: Node): Finding[] {
  const machine = s.hosted?.machines.find(
    (m) => m.nodeName === n.name || m.name === n.annotation('cluster.x-k8s.io/machine'),
  );
  if (machine?.deletionTimestamp) return [];
  const since = n.unschedulableSince;
  const message = `Node ${n.name} is cordoned${heldFor(since, s.gatherTime)}, not by its NodePool's rollout`;
  const detail = paragraphs(
    `\`spec.unschedulable: true\` since ${when(since, s.gatherTime)}, and ${machine ? `its Machine ${machine.name} is not being replaced` : 'no Machine of the dump is being replaced on it'}: someone cordoned it. A hosted cluster has no MachineConfigPool, so it holds no rollout back, but no new pod lands on it.`,
    `Uncordon it (\`oc adm uncordon ${n.name}\`) when the maintenance is over.`,
  );
  return [
    finding(
      nodeNotReady,
      n.subject,
      n.unschedulableLocation,
      { message, detail },
      [],
      'info',
      since,
    ),
  ];
}

function cordoned(s: Snapshot, n: Node, now: Date | undefined): Finding[] {
  if (!n.unschedulable || cordonedByMco(n)) return [];
  // A hosted cluster has no pools: a node whose Machine is being replaced is drained by Cluster
  // API (nodepool-drain-blocked speaks of it); another cordon holds no pool back.
  if (s.hosted) return cordonedInHostedCluster(s, n);
  const since = n.unschedulableSince;
  const age = minutesSince(since, now);
  // oc counts a cordoned node unavailable but not seriously so: no Update Health row.
  const severity = 'info';
  const pool = primaryPool(s, n);
  const poolPart = pool ? `pool ${pool.name}'s` : "its pool's";
  const message = fit(
    `Node ${n.name} is cordoned${heldFor(since, s.gatherTime)}, not by a machine-config drain; it counts against ${poolPart} maxUnavailable`,
    `Node ${n.name} is cordoned, not by a machine-config drain`,
  );
  const detail = paragraphs(
    `\`spec.unschedulable: true\` since ${when(since, s.gatherTime)}, and no machine-config drain asked for it` +
      (n.desiredDrain ? ` (the last drain request is ${n.desiredDrain})` : '') +
      `. Someone cordoned it: it counts against ${poolPart} maxUnavailable, so the rollout updates fewer nodes at once, or none.` +
      (age !== undefined && age >= rebootMinutes
        ? ` It has been cordoned for ${duration(age * 60_000)}.`
        : ''),
    `Uncordon it (\`oc adm uncordon ${n.name}\`) when the maintenance is over.`,
  );
  return [
    finding(
      nodeNotReady,
      n.subject,
      n.unschedulableLocation,
      { message, detail },
      [
        n.desiredDrain
          ? rel(
              n.at('metadata', 'annotations', nodeAnnotations.desiredDrain),
              `desiredDrain ${n.desiredDrain}`,
            )
          : undefined,
      ],
      severity,
      since,
    ),
  ];
}
