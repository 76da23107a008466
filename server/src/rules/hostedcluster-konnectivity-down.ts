/**
 * hostedcluster-konnectivity-down: the tunnel between a hosted cluster's control plane and its
 * workers is down. The control plane reaches the nodes (logs, exec, webhooks, aggregated APIs)
 * through the konnectivity agents the guest runs in `kube-system`. From 4.21 the hosted cluster
 * config operator checks them and reports `DataPlaneConnectionAvailable` (False
 * `KonnectivityAgentPodsNotFound` "Couldn't find any konnectivity-agent running in data plane")
 * and, later, the other direction, the workers to the hosted API server, as
 * `ControlPlaneConnectionAvailable` (False `KASAccessFailed` when a checker in the guest never
 * recorded a success, `ConnectionCheckStale` when its last one is over 5 minutes old), copied to
 * the HostedCluster (hypershift PRs #7260 and #7489,
 * `hostedclusterconfigoperator/controllers/resources/resources.go`). Before 4.21 nothing reports
 * the tunnel: every agent failing says it alone. When agent pods fail, a pod is the root and the
 * finding is about it; otherwise the condition is.
 */
import { quoteMaxLength } from '../core/finding';
import { clip, plural } from '../core/text';
import { findCondition } from '../model/condition';
import { podFailure, staleNodes } from '../model/podFailures';
import type { PodFailure } from '../model/podFailures';
import type { Pod } from '../model/pod';
import type { Snapshot } from '../model/snapshot';
import { levelByAge } from './common/ages';
import { lastExitWords } from './common/chain';
import { fit, heldFor, paragraphs, someNames } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** Without the tunnel for half an hour, the control plane has lost sight of the workers. */
const errorAfterMinutes = 30;

const conditionTypes = ['DataPlaneConnectionAvailable', 'ControlPlaneConnectionAvailable'];

export const hostedClusterKonnectivityDown: Rule = {
  meta: {
    id: 'hostedcluster-konnectivity-down',
    defaultSeverity: 'error',
    levels: 'info in the first minutes, warning, error from 30 min',
    description:
      "a hosted cluster's control plane cannot reach its workers (konnectivity), or its workers cannot reach its API server: `DataPlaneConnectionAvailable` or `ControlPlaneConnectionAvailable` is False, or, before 4.21 (no such condition), every konnectivity agent pod of the guest fails",
    explanation:
      "the HostedCluster's `DataPlaneConnectionAvailable` False (`KonnectivityAgentPodsNotFound`: the control plane cannot reach the workers) or `ControlPlaneConnectionAvailable` False (`KASAccessFailed`, `ConnectionCheckStale`: the workers cannot reach the hosted API server), titled by the guest's failing `kube-system/konnectivity-agent-*` pods (their container state) when there are any, else by the condition; on releases before 4.21, which report neither condition, every agent pod failing.",
    impact: 'API Availability',
    reads: ['HostedCluster', 'Pod'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hc = s.hosted?.cluster;
    if (!hc) return [];
    const reported = conditionTypes.flatMap((t) => hc.condition(t) ?? []);
    const down = reported.filter((c) => c.status === 'False');
    const c = down[0];
    // A release that checks the tunnel and finds it up: its agents' state is not the question.
    if (!c && reported.length > 0) return [];
    const now = assessmentOf(s, context).now;
    const stale = staleNodes(s.nodes, s.gatherTime);
    const agents = s.konnectivityPods ?? [];
    const failing = agents.flatMap((p) => {
      const f = podFailure(p, stale);
      return f ? [{ pod: p, failure: f }] : [];
    });
    // Before 4.21 no condition says it: the tunnel is down when no agent runs.
    if (!c && (failing.length === 0 || failing.length < agents.length)) return [];
    const from = c ? c.lastTransitionTime : firstNotReady(failing.map((f) => f.pod));
    const level = levelByAge(from, now, errorAfterMinutes);
    const since = heldFor(from, now);
    const conditionWords = c
      ? `\`${c.type}=False\`${c.reason ? ` (\`${c.reason}\`)` : ''}: ${clip(c.message || 'no message', 400)}`
      : '';
    const consequence =
      'Without the tunnel the control plane cannot reach the nodes: `oc logs`, `oc exec` and port-forwards fail, admission webhooks and aggregated APIs served from the workers (metrics, packageserver) time out, and the operators that depend on them degrade, which can hold an update.';
    const related = down.map((d) => rel(d.location, `${d.type}=False (${d.reason})`));
    const first = failing[0];
    if (!first && c) {
      // `ControlPlaneConnectionAvailable` is the other direction: the workers to the API server.
      const toWorkers = c.type === 'DataPlaneConnectionAvailable';
      const what = toWorkers
        ? `The control plane of HostedCluster ${hc.name} cannot reach its workers`
        : `The workers of HostedCluster ${hc.name} cannot reach its API server`;
      const message = fit(
        `${what}${since}: ${c.reason}: ${clip(c.message, 110)}`,
        `${what}${since}: ${c.reason}`,
      );
      const detail = toWorkers
        ? paragraphs(
            conditionWords,
            consequence,
            agents.length > 0
              ? `The guest's konnectivity agents (${someNames(agents.map((p) => p.name))}) look healthy in the dump: look at the network between the workers and the control plane's konnectivity endpoint (its Route or load balancer, security groups) and at the agents' logs.`
              : "No `kube-system/konnectivity-agent-*` pod is in the guest part: the DaemonSet may be gone or its pods not scheduled (no worker ready), or the guest's kube-system was not collected.",
            level.note,
          )
        : paragraphs(
            conditionWords,
            'A checker in the guest asks the hosted kube-apiserver for its version through `kubernetes.default.svc` every minute and records its last success; the hosted cluster config operator reports `KASAccessFailed` when none was recorded and `ConnectionCheckStale` when the last one is over 5 minutes old.',
            "Without that path the nodes' kubelets cannot report (nodes turn NotReady), pods that call the API fail, and the guest's operators degrade, which can hold an update. Look at the network from the workers to the API server's endpoint (its Route or load balancer, security groups, a proxy).",
            level.note,
          );
      const f = finding(
        hostedClusterKonnectivityDown,
        hc.subject,
        c.location,
        { message, detail },
        related.slice(1),
        level.severity,
        c.lastTransitionTime,
      );
      if (c.message) f.quote = clip(c.message, quoteMaxLength);
      return [f];
    }
    if (!first) return [];
    const how = failureWords(first.failure);
    const all = !c && failing.length > 1 ? 'All ' : '';
    const message = fit(
      `${all}${plural(failing.length, 'konnectivity agent pod')} of HostedCluster ${hc.name} ${failing.length > 1 ? 'are' : 'is'} failing (${first.pod.name}: ${how}): the control plane cannot reach its workers${since}`,
      `${plural(failing.length, 'konnectivity agent pod')} of HostedCluster ${hc.name} failing (${how}): the control plane cannot reach its workers`,
    );
    const detail = paragraphs(
      `The guest's konnectivity agents (\`kube-system\`, DaemonSet \`konnectivity-agent\`) open the tunnel the control plane uses to reach the nodes. Failing: ${failing.map(({ pod, failure }) => `\`${pod.name}\`${pod.nodeName ? ` on ${pod.nodeName}` : ''} (${failureWords(failure)})`).join(', ')}${failing.length < agents.length ? `; ${agents.length - failing.length} more look healthy` : ''}.`,
      c
        ? `The HostedCluster says so: ${conditionWords}`
        : 'No agent runs, so the control plane has no tunnel to the nodes. Releases before 4.21 do not check it (no `DataPlaneConnectionAvailable`): the agents are the evidence.',
      consequence,
      "Their logs (`hostedcluster-<name>/namespaces/kube-system/pods/<pod>/konnectivity-agent/konnectivity-agent/logs/`) say whether they cannot reach the control plane's konnectivity server (its Route or load balancer) or cannot start.",
      level.note,
    );
    const f = finding(
      hostedClusterKonnectivityDown,
      first.pod.subject,
      first.failure.location,
      { message, detail },
      [
        ...failing.slice(1).map(({ pod, failure }) => rel(failure.location, `pod ${pod.name}`)),
        ...related,
      ],
      level.severity,
      from,
    );
    if (c?.message) f.quote = clip(c.message, quoteMaxLength);
    return [f];
  },
};

/** When the first of these pods stopped being ready (`Ready=False`), if the pods say. */
function firstNotReady(pods: readonly Pod[]): Date | undefined {
  const times = pods.flatMap((p) => {
    const r = findCondition(p.conditions, 'Ready');
    return r?.status === 'False' && r.lastTransitionTime ? [r.lastTransitionTime] : [];
  });
  return times.length > 0 ? new Date(Math.min(...times.map((t) => t.getTime()))) : undefined;
}

/** A pod's failure in a few words: `CrashLoopBackOff, last exit code 1`. */
function failureWords(f: PodFailure): string {
  switch (f.kind) {
    case 'waiting': {
      const last = lastExitWords(f.container);
      return last ? `${f.reason}, ${last}` : f.reason;
    }
    case 'oom-killed':
      return 'OOMKilled';
    case 'unschedulable':
      return 'not scheduled';
    case 'node-not-ready':
      return `its node ${f.node} is not ready`;
  }
}
