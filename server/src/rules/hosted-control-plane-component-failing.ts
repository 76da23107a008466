/**
 * hosted-control-plane-component-failing: a component of a hosted cluster's control plane (in its
 * namespace of the management cluster) is not rolled out or cannot run. The control-plane
 * operator reports it on the ControlPlaneComponent (`RolloutComplete=False` from 4.20; `Available`
 * and `Progressing` before), on the HostedControlPlane (`Degraded=True` `UnavailableReplicas` for
 * the Deployments it manages; `Available=False` `ComponentsNotAvailable` from 4.20), and the
 * HostedCluster copies those. The cause is named by its root: the pod that cannot run (its
 * container's state, last exit and the last error lines of its flat log), else the workload that
 * does not roll out. A pod of another operator in the namespace never makes the control plane
 * Degraded: it is found from the pods themselves. While etcd has no quorum every component waits
 * on it: hosted-etcd-unavailable reports that. Sources: hypershift
 * `hostedcontrolplane_controller.go`, `support/controlplane-component/status.go`.
 */
import { quoteMaxLength } from '../core/finding';
import type { ChainLink, Finding, RelatedLocation } from '../core/finding';
import { clip } from '../core/text';
import type { Condition } from '../model/condition';
import type { HostedPart } from '../model/hosted';
import {
  componentNotRolledOut,
  componentsNotAvailable,
  failingControlPlanePods,
  unavailableDeployments,
} from '../model/hostedControlPlane';
import type { ControlPlane, ControlPlaneComponent, FailingPod } from '../model/hostedControlPlane';
import type { Snapshot } from '../model/snapshot';
import type { Workload } from '../model/workload';
import { levelByAge } from './common/ages';
import { conditionAge, echoes, notReadySince, podState, podWords } from './common/controlPlaneText';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A component not rolled out for this long is an error (`oc adm upgrade status`'s operator bound). */
const errorAfterMinutes = 20;

export const hostedControlPlaneComponentFailing: Rule = {
  meta: {
    id: 'hosted-control-plane-component-failing',
    defaultSeverity: 'error',
    levels: 'info under 5 min, warning under 20 min, then error',
    description:
      "a component of a hosted cluster's control plane is not rolled out or cannot run (a crash loop, a pod that cannot be scheduled)",
    explanation:
      "a pod of the control-plane namespace that cannot run (`CrashLoopBackOff` with its last exit and the last error lines of its flat `-previous.log`, image pull failures, Unschedulable, OOMKilled), or, with no such pod, the Deployment a ControlPlaneComponent (`RolloutComplete=False` from 4.20; `Available=False` or a `Progressing` that gave up before) or the HostedControlPlane's `Degraded=True` `UnavailableReplicas` names; the HostedControlPlane's and HostedCluster's `Degraded` and `Available` that repeat it are its evidence. Quiet while etcd has no quorum (`hosted-etcd-unavailable`).",
    impact: 'Update Stalled',
    reads: ['HostedCluster', 'HostedControlPlane', 'ControlPlaneComponent', 'Pod', 'Deployment'],
  },
  check(s: Snapshot, context: RuleContext) {
    const h = s.hosted;
    const cp = h?.controlPlane;
    if (!h || !cp) return [];
    // Without etcd every component waits: one cause, hosted-etcd-unavailable's.
    if (cp.hcp?.condition('EtcdAvailable')?.status === 'False') return [];
    const now = assessmentOf(s, context).now;
    const pods = failingControlPlanePods(cp);
    const out: Finding[] = pods.map((fp) => podFinding(s, h, cp, fp, now));
    // Components whose failure no failing pod explains: their workload (or themselves) is the root.
    const explained = new Set(pods.map((p) => p.component));
    for (const stuck of stuckComponents(cp)) {
      if (explained.has(stuck.name)) continue;
      out.push(workloadFinding(s, h, cp, stuck, now));
    }
    return out;
  },
};

/** A component the control plane reports not rolled out, with what says so. */
interface Stuck {
  name: string;
  component?: ControlPlaneComponent;
  condition?: Condition;
  workload?: Workload;
  /** Unavailable replicas, when the HostedControlPlane's `Degraded` names the Deployment. */
  unavailable?: number;
}

function stuckComponents(cp: ControlPlane): Stuck[] {
  const byName = new Map<string, Stuck>();
  const get = (name: string): Stuck => {
    let x = byName.get(name);
    if (!x) byName.set(name, (x = { name }));
    return x;
  };
  for (const c of cp.components) {
    const cond = componentNotRolledOut(c);
    if (!cond || c.name === 'etcd') continue;
    Object.assign(get(c.name), { component: c, condition: cond });
  }
  for (const [name, n] of unavailableDeployments(cp.hcp)) get(name).unavailable = n;
  // 4.20+: the HostedControlPlane names the components it waits for in its Available condition.
  const available = cp.hcp?.condition('Available');
  for (const name of componentsNotAvailable(cp.hcp)) {
    const x = get(name);
    if (!x.condition && available) x.condition = available;
  }
  for (const x of byName.values()) {
    const w = cp.workloads.find((w) => w.name === x.name);
    if (w) x.workload = w;
    if (!x.component) {
      const c = cp.components.find((c) => c.name === x.name);
      if (c) x.component = c;
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The HostedControlPlane's own report of components (`Degraded`, `Available`), the HostedCluster's copy. */
function reports(h: HostedPart): (RelatedLocation | undefined)[] {
  // From 4.20 the control plane's own version stays Partial until every component rolled out.
  const cpv = h.cluster.controlPlaneHistory[0];
  return [
    ...echoes(h, ['Degraded', 'Available']),
    cpv?.state === 'Partial'
      ? rel(cpv.location, `HostedCluster controlPlaneVersion: ${cpv.version} Partial`)
      : undefined,
  ];
}

function componentEvidence(cp: ControlPlane, name: string): (RelatedLocation | undefined)[] {
  const c = cp.components.find((x) => x.name === name);
  const cond = c ? componentNotRolledOut(c) : undefined;
  const w = cp.workloads.find((x) => x.name === name);
  return [
    cond && c
      ? rel(
          cond.location,
          `ControlPlaneComponent ${c.name}: ${cond.type}=${cond.status} (${cond.reason})`,
        )
      : undefined,
    w ? rel(w.at('status'), `${w.kind} ${w.name}: ${w.rolloutWords}`) : undefined,
  ];
}

function podFinding(
  s: Snapshot,
  h: HostedPart,
  cp: ControlPlane,
  fp: FailingPod,
  now: Date | undefined,
): Finding {
  const since = notReadySince(fp);
  const level = levelByAge(since, now, errorAfterMinutes);
  const managed = unavailableDeployments(cp.hcp).has(fp.component);
  const cpc = cp.components.find((c) => c.name === fp.component);
  const words = podWords(s, cp, fp);
  const hc = h.cluster.name;
  const head = `Control-plane pod ${cp.namespace}/${fp.pod.name} (${fp.component}) ${fp.failure.kind === 'unschedulable' ? 'cannot be scheduled' : `is ${podState(fp)}`}${heldFor(since, now)}`;
  const message = fit(
    `${head}: HostedCluster ${hc}'s control plane is not rolled out`,
    head,
    `Control-plane pod ${cp.namespace}/${fp.pod.name} cannot run${heldFor(since, now)}`,
  );
  const degraded = cp.hcp?.condition('Degraded');
  const f0 = fp.failure;
  const container = 'container' in f0 ? f0.container.name : '<container>';
  const detail = paragraphs(
    ...words.detail,
    managed
      ? `The control-plane operator counts it: the HostedControlPlane is \`Degraded=True\` (\`UnavailableReplicas\`: ${clip(degraded?.message ?? '', 300)})${conditionAge(s, degraded)}, and the HostedCluster copies that condition. They say no more than this pod does.`
      : `Only the Deployments the control-plane operator manages make the HostedControlPlane Degraded; ${cpc ? `component \`${fp.component}\` reports it on its ControlPlaneComponent` : `\`${fp.component}\` is run by another operator in the namespace, so nothing but the pod itself shows it`}.`,
    "The guest's ClusterOperators of control-plane components (kube-apiserver, openshift-apiserver, …) are stubs the hosted cluster config operator keeps Available at the release's version, so the guest's ClusterVersion can read Completed while this pod fails: the control plane's namespace is where it shows.",
    level.note.trim() || undefined,
    `What to open next: the pod's file for its \`lastState\` and events, the previous run's log (the dump's flat \`core/pods/logs/${fp.pod.name}-${container}-previous.log\`), and the component's Deployment. On a live management cluster: \`oc logs -n ${cp.namespace} ${fp.pod.name} -c ${container} --previous\`.`,
  );
  const f = finding(
    hostedControlPlaneComponentFailing,
    fp.pod.subject,
    fp.failure.location,
    { message, detail },
    [...words.related, ...componentEvidence(cp, fp.component), ...reports(h)],
    level.severity,
    since,
  );
  f.chain = [...reportLinks(s, h), ...workloadLink(cp, fp.component), ...words.chain];
  return f;
}

function workloadFinding(
  s: Snapshot,
  h: HostedPart,
  cp: ControlPlane,
  x: Stuck,
  now: Date | undefined,
): Finding {
  const since =
    x.condition?.lastTransitionTime ?? cp.hcp?.condition('Degraded')?.lastTransitionTime;
  const level = levelByAge(since, now, errorAfterMinutes);
  const w = x.workload;
  const what = w ? `${w.kind} ${cp.namespace}/${w.name}` : `ControlPlaneComponent ${x.name}`;
  const state = w
    ? w.rolloutWords
    : x.condition
      ? `${x.condition.type}=${x.condition.status} (${x.condition.reason})`
      : `${x.unavailable ?? '?'} unavailable`;
  const message = fit(
    `${what} of HostedCluster ${h.cluster.name}'s control plane is not rolled out${heldFor(since, now)} (${state})`,
    `${what} is not rolled out${heldFor(since, now)}`,
  );
  const detail = paragraphs(
    x.condition
      ? `${x.condition.reason === 'ComponentsNotAvailable' ? 'The HostedControlPlane' : `ControlPlaneComponent \`${x.name}\``}: \`${x.condition.type}=${x.condition.status}\` (\`${x.condition.reason}\`): ${clip(x.condition.message, 600)}`
      : undefined,
    x.unavailable !== undefined
      ? `The HostedControlPlane is \`Degraded=True\` (\`UnavailableReplicas\`): ${x.name} deployment has ${x.unavailable} unavailable replicas.`
      : undefined,
    w ? `${w.kind} \`${w.name}\`: ${w.rolloutWords}.` : undefined,
    'No pod of it that cannot run is in the dump: its pods may be Running but not ready (a failing readiness probe), or not created (a quota, an admission webhook: the ReplicaSet and the namespace events say).',
    level.note.trim() || undefined,
  );
  const location =
    x.condition?.location ?? w?.at('status') ?? cp.hcp?.condition('Degraded')?.location;
  const f = finding(
    hostedControlPlaneComponentFailing,
    w?.subject ?? x.component?.subject ?? `cpc/${cp.namespace}/${x.name}`,
    location ?? h.cluster.at(),
    { message, detail },
    [...componentEvidence(cp, x.name), ...reports(h)],
    level.severity,
    since,
  );
  if (x.condition?.message) f.quote = clip(x.condition.message, quoteMaxLength);
  return f;
}

function reportLinks(s: Snapshot, h: HostedPart): ChainLink[] {
  const d = h.controlPlane?.hcp?.condition('Degraded');
  if (d?.status !== 'True') return [];
  return [
    {
      kind: 'operator',
      name: `HostedControlPlane ${h.controlPlane?.hcp?.name ?? h.cluster.name}`,
      state: `Degraded${conditionAge(s, d)} (${d.reason})`,
      location: d.location,
    },
  ];
}

function workloadLink(cp: ControlPlane, component: string): ChainLink[] {
  const w = cp.workloads.find((x) => x.name === component);
  return w
    ? [
        {
          kind: 'workload',
          name: `${w.kind} ${cp.namespace}/${w.name}`,
          state: w.rolloutWords,
          location: w.at('status'),
        },
      ]
    : [];
}
