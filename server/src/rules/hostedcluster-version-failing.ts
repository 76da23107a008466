/**
 * hostedcluster-version-failing: the hosted cluster's cluster-version operator cannot finish
 * applying its release. The HostedCluster copies the guest CVO's conditions with their reason
 * and message as they are; `ClusterVersionSucceeding` is the CVO's `Failing` with its status
 * inverted, so False is the failure (hypershift `hostedcluster_controller.go`,
 * `hcpstatus.go`). Its message names the guest operators the CVO waits on ("Cluster operator
 * ingress is degraded"): their own findings, on the guest part, are the cause; this finding
 * sits under them (a declared consequence of every operator rule, `common/consequences.ts`).
 * The ClusterOperators the hosted cluster config operator stubs (kube-apiserver, …) never say
 * what is wrong: their components run in the control-plane namespace.
 */
import { quoteMaxLength } from '../core/finding';
import { clip, listing } from '../core/text';
import { findCondition } from '../model/condition';
import { hostedStubOperators } from '../model/hosted';
import { operatorsNamed } from '../model/operatorMessages';
import type { Snapshot } from '../model/snapshot';
import { levelByAge } from './common/ages';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A CVO that has failed an hour is stuck; the first minutes are often a retry. */
const errorAfterMinutes = 60;

/**
 * The CVO's reasons that only repeat guest operators' Degraded or Available=False: those
 * operators' findings carry the error, as for a standalone cluster's `clusterversion-failing`.
 */
const operatorReasons = new Set([
  'ClusterOperatorDegraded',
  'ClusterOperatorsDegraded',
  'ClusterOperatorNotAvailable',
  'ClusterOperatorsNotAvailable',
]);

export const hostedClusterVersionFailing: Rule = {
  meta: {
    id: 'hostedcluster-version-failing',
    defaultSeverity: 'error',
    levels:
      'info in the first minutes, warning, error from 1 h (at most warning when it only repeats degraded or unavailable guest operators)',
    description:
      "a hosted cluster's cluster-version operator cannot finish applying its release (HostedCluster `ClusterVersionSucceeding=False`)",
    explanation:
      "the HostedCluster's `ClusterVersionSucceeding=False` (the guest CVO's `Failing=True`, its status inverted) with the CVO's message as it is, the guest operators it names (their findings are the cause), and the control plane's update it holds (`ClusterVersionProgressing`); stubbed control-plane operators are pointed to the control-plane namespace.",
    impact: 'Update Stalled',
    reads: ['HostedCluster', 'ClusterOperator', 'ClusterVersion'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hc = s.hosted?.cluster;
    const c = hc?.condition('ClusterVersionSucceeding');
    if (!hc || c?.status !== 'False') return [];
    const now = assessmentOf(s, context).now;
    const progressing = hc.condition('ClusterVersionProgressing');
    const latest = hc.history[0];
    const updating = latest?.state === 'Partial' ? latest.version : undefined;
    const named = operatorsNamed(c.message);
    const guest = named.filter((n) => !hostedStubOperators.has(n));
    const stubs = named.filter((n) => hostedStubOperators.has(n));
    const level = levelByAge(c.lastTransitionTime, now, errorAfterMinutes);
    const since = heldFor(c.lastTransitionTime, now);
    const head = updating
      ? `The update of HostedCluster ${hc.name} to ${updating} is failing${since}`
      : `The cluster version of HostedCluster ${hc.name} is failing${since}`;
    const message = fit(
      `${head}: ${clip(c.message || c.reason || 'no message', 120)}`,
      `${head}${guest.length ? `: ${listing(guest)}` : ''}`,
      head,
    );
    const cvFailing = s.clusterVersion && findCondition(s.clusterVersion.conditions, 'Failing');
    const detail = paragraphs(
      `\`ClusterVersionSucceeding=False\`${c.reason ? ` (\`${c.reason}\`)` : ''}: the HostedCluster copies the hosted cluster's cluster-version operator's \`Failing\` condition with its status inverted, reason and message as the operator wrote them: ${clip(c.message || 'no message', 600)}`,
      progressing?.status === 'True'
        ? `\`ClusterVersionProgressing=True\`: ${clip(progressing.message, 300)}. The control plane's update has not completed${latest ? ` (history: ${latest.version} ${latest.state})` : ''}.`
        : undefined,
      guest.length
        ? `Start from the hosted cluster's ClusterOperator${guest.length > 1 ? 's' : ''} ${listing(guest)} (\`hostedcluster-<name>/cluster-scoped-resources/config.openshift.io/clusteroperators/\`): ${guest.length > 1 ? 'their' : 'its'} conditions, and the pods of ${guest.length > 1 ? 'their' : 'its'} namespaces in the guest.`
        : undefined,
      stubs.length
        ? `${listing(stubs)} ${stubs.length > 1 ? 'are' : 'is'} written by the hosted cluster config operator for components that run in the control-plane namespace (\`${hc.controlPlaneNamespace}\`): look at their Deployments and pods there, not at the guest.`
        : undefined,
      level.note,
    );
    const related = [
      rel(cvFailing?.location, 'the guest ClusterVersion: Failing'),
      progressing?.status === 'True'
        ? rel(progressing.location, 'ClusterVersionProgressing=True')
        : undefined,
      ...guest.map((n) => {
        const o = s.operators.find((x) => x.name === n);
        const bad = o && findCondition(o.conditions, 'Degraded');
        return o ? rel(bad?.location ?? o.at('status'), `ClusterOperator ${n}`) : undefined;
      }),
    ];
    const f = finding(
      hostedClusterVersionFailing,
      hc.subject,
      c.location,
      { message, detail },
      related,
      level.severity === 'error' && operatorReasons.has(c.reason) ? 'warning' : level.severity,
      c.lastTransitionTime,
    );
    if (c.message) f.quote = clip(c.message, quoteMaxLength);
    return [f];
  },
};
