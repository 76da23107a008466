/**
 * hostedcluster-konnectivity-down: the tunnel between a hosted cluster's control plane and its
 * workers is down. The control plane reaches the nodes (logs, exec, webhooks, aggregated APIs)
 * through the konnectivity agents the guest runs in `kube-system`; the hosted cluster config
 * operator checks them and reports `DataPlaneConnectionAvailable` (False
 * `KonnectivityAgentPodsNotFound` "Couldn't find any konnectivity-agent running in data plane",
 * `ConnectionCheckStale`) and, on newer releases, `ControlPlaneConnectionAvailable` (False
 * `KASAccessFailed`), copied to the HostedCluster (hypershift
 * `hostedclusterconfigoperator/controllers/resources/resources.go`). When the agent pods fail,
 * a pod is the root and the finding is about it; otherwise the condition is.
 */
import { quoteMaxLength } from '../core/finding';
import { clip, plural } from '../core/text';
import type { Condition } from '../model/condition';
import { podFailure, staleNodes } from '../model/podFailures';
import type { PodFailure } from '../model/podFailures';
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
      "a hosted cluster's control plane cannot reach its workers (konnectivity): `DataPlaneConnectionAvailable` or `ControlPlaneConnectionAvailable` is False",
    explanation:
      "the HostedCluster's `DataPlaneConnectionAvailable`/`ControlPlaneConnectionAvailable` False (`KonnectivityAgentPodsNotFound`, `KASAccessFailed`, `ConnectionCheckStale`), titled by the guest's failing `kube-system/konnectivity-agent-*` pods (their container state) when there are any, else by the condition.",
    impact: 'API Availability',
    reads: ['HostedCluster', 'Pod'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hc = s.hosted?.cluster;
    if (!hc) return [];
    const down = conditionTypes
      .map((t) => hc.condition(t))
      .filter((c): c is Condition => c?.status === 'False');
    const c = down[0];
    if (!c) return [];
    const now = assessmentOf(s, context).now;
    const level = levelByAge(c.lastTransitionTime, now, errorAfterMinutes);
    const stale = staleNodes(s.nodes, s.gatherTime);
    const agents = s.konnectivityPods ?? [];
    const failing = agents.flatMap((p) => {
      const f = podFailure(p, stale);
      return f ? [{ pod: p, failure: f }] : [];
    });
    const since = heldFor(c.lastTransitionTime, now);
    const conditionWords = `\`${c.type}=False\`${c.reason ? ` (\`${c.reason}\`)` : ''}: ${clip(c.message || 'no message', 400)}`;
    const consequence =
      'Without the tunnel the control plane cannot reach the nodes: `oc logs`, `oc exec` and port-forwards fail, admission webhooks and aggregated APIs served from the workers (metrics, packageserver) time out, and the operators that depend on them degrade, which can hold an update.';
    const related = down.map((d) => rel(d.location, `${d.type}=False (${d.reason})`));
    const first = failing[0];
    if (!first) {
      const message = fit(
        `The control plane of HostedCluster ${hc.name} cannot reach its workers${since}: ${c.reason}: ${clip(c.message, 110)}`,
        `The control plane of HostedCluster ${hc.name} cannot reach its workers${since}: ${c.reason}`,
      );
      const detail = paragraphs(
        conditionWords,
        consequence,
        agents.length > 0
          ? `The guest's konnectivity agents (${someNames(agents.map((p) => p.name))}) look healthy in the dump: look at the network between the workers and the control plane's konnectivity endpoint (its Route or load balancer, security groups) and at the agents' logs.`
          : "No `kube-system/konnectivity-agent-*` pod is in the guest part: the DaemonSet may be gone or its pods not scheduled (no worker ready), or the guest's kube-system was not collected.",
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
    const how = failureWords(first.failure);
    const message = fit(
      `${plural(failing.length, 'konnectivity agent pod')} of HostedCluster ${hc.name} ${failing.length > 1 ? 'are' : 'is'} failing (${first.pod.name}: ${how}): the control plane cannot reach its workers${since}`,
      `${plural(failing.length, 'konnectivity agent pod')} of HostedCluster ${hc.name} failing (${how}): the control plane cannot reach its workers`,
    );
    const detail = paragraphs(
      `The guest's konnectivity agents (\`kube-system\`, DaemonSet \`konnectivity-agent\`) open the tunnel the control plane uses to reach the nodes. Failing: ${failing.map(({ pod, failure }) => `\`${pod.name}\`${pod.nodeName ? ` on ${pod.nodeName}` : ''} (${failureWords(failure)})`).join(', ')}${failing.length < agents.length ? `; ${agents.length - failing.length} more look healthy` : ''}.`,
      `The HostedCluster says so: ${conditionWords}`,
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
      c.lastTransitionTime,
    );
    if (c.message) f.quote = clip(c.message, quoteMaxLength);
    return [f];
  },
};

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
