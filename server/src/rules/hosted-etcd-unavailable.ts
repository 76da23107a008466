/**
 * hosted-etcd-unavailable: a hosted cluster's etcd (the StatefulSet `etcd` of its control-plane
 * namespace) has no quorum, so no component of its control plane can work. The control-plane
 * operator says so in the HostedControlPlane's `EtcdAvailable=False` (copied to the
 * HostedCluster): `EtcdWaitingForQuorum` with "Etcd volume claim <pvc> pending: <events>" when a
 * claim of etcd's is not bound (its Warning events' messages), else "Waiting for etcd to reach
 * quorum"; `StatefulSetNotFound` when the StatefulSet is gone. The cause is named by its root:
 * the claim, else the etcd pod that cannot run, else the StatefulSet. Sources: hypershift
 * `hostedcontrolplane_controller.go` (`etcdStatefulSetCondition`, the availability order).
 */
import { quoteMaxLength } from '../core/finding';
import type { ChainLink, Finding, RelatedLocation } from '../core/finding';
import { clip, isoTime } from '../core/text';
import type { Condition } from '../model/condition';
import { eventsAbout } from '../model/events';
import type { HostedPart } from '../model/hosted';
import { failingControlPlanePods, pendingEtcdClaims } from '../model/hostedControlPlane';
import type { ControlPlane } from '../model/hostedControlPlane';
import type { Snapshot } from '../model/snapshot';
import { levelByAge } from './common/ages';
import { conditionAge, echoes, notReadySince, podState, podWords } from './common/controlPlaneText';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** etcd without quorum is the whole control plane down: an error after 10 minutes. */
const errorAfterMinutes = 10;

/** "Etcd volume claim <pvc> pending: <events>" (`etcdStatefulSetCondition`). */
const claimPending = /^Etcd volume claim (\S+) pending: ([\s\S]*)$/;

export const hostedEtcdUnavailable: Rule = {
  meta: {
    id: 'hosted-etcd-unavailable',
    defaultSeverity: 'error',
    levels: 'info under 5 min, warning under 10 min, then error',
    description:
      "a hosted cluster's etcd has no quorum: a volume claim of it is pending, its pods cannot run, or its StatefulSet is gone",
    explanation:
      'the HostedControlPlane\'s `EtcdAvailable=False` (copied to the HostedCluster): `EtcdWaitingForQuorum` "Etcd volume claim <pvc> pending: <events>" (named by the claim, with the provisioner\'s Warning events), "Waiting for etcd to reach quorum" (named by the etcd pod that cannot run, its container\'s state and the last error lines of its flat log, else the StatefulSet), or `StatefulSetNotFound`. The control plane\'s `Available=False`, the API server not available and `Degraded` that follow from it are its evidence.',
    impact: 'API Availability',
    reads: ['HostedCluster', 'HostedControlPlane', 'PersistentVolumeClaim', 'Pod', 'Event'],
  },
  check(s: Snapshot, context: RuleContext) {
    const h = s.hosted;
    const cp = h?.controlPlane;
    if (!h || !cp) return [];
    const c = cp.hcp?.condition('EtcdAvailable') ?? h.cluster.condition('EtcdAvailable');
    if (c?.status !== 'False') return [];
    const now = assessmentOf(s, context).now;
    const level = levelByAge(c.lastTransitionTime, now, errorAfterMinutes);
    const f = rootFinding(s, h, cp, c, now);
    f.severity = level.severity;
    if (level.note) f.detail = paragraphs(f.detail ?? '', level.note.trim());
    if (c.message) f.quote = clip(c.message, quoteMaxLength);
    if (c.lastTransitionTime) f.since = c.lastTransitionTime;
    return [f];
  },
};

/** What repeats etcd's state above it: the HostedControlPlane's and HostedCluster's conditions. */
function evidence(h: HostedPart, c: Condition): (RelatedLocation | undefined)[] {
  return [
    rel(c.location, `HostedControlPlane EtcdAvailable=False (${c.reason})`),
    ...echoes(h, ['Available', 'KubeAPIServerAvailable', 'Degraded']),
    ...[h.cluster.condition('EtcdAvailable')].map((x) =>
      x?.status === 'False'
        ? rel(x.location, `HostedCluster EtcdAvailable=False (${x.reason})`)
        : undefined,
    ),
  ];
}

function etcdLink(s: Snapshot, c: Condition): ChainLink {
  return {
    kind: 'operator',
    name: 'HostedControlPlane EtcdAvailable',
    state: `False${conditionAge(s, c)} (${c.reason})`,
    location: c.location,
  };
}

function rootFinding(
  s: Snapshot,
  h: HostedPart,
  cp: ControlPlane,
  c: Condition,
  now: Date | undefined,
): Finding {
  const hc = h.cluster.name;
  const held = heldFor(c.lastTransitionTime, now);
  const sts = cp.workloads.find((w) => w.kind === 'StatefulSet' && w.name === 'etcd');
  const component = cp.components.find((x) => x.name === 'etcd');
  const componentCond = component?.condition('Available');
  const stsEvidence = [
    sts ? rel(sts.at('status'), `StatefulSet etcd: ${sts.rolloutWords}`) : undefined,
    componentCond?.status === 'False'
      ? rel(
          componentCond.location,
          `ControlPlaneComponent etcd: Available=False (${componentCond.reason})`,
        )
      : undefined,
  ];
  const why =
    'Every component of the control plane stores its state in etcd: without quorum the API server is not ready, the HostedControlPlane is not Available, and the hosted cluster cannot be reached (a dump then lacks the guest part).';

  // A claim that is not bound: named by the message, else found among etcd's claims.
  const named = claimPending.exec(c.message);
  const claim =
    cp.pvcs.find((p) => p.name === named?.[1]) ?? (named ? undefined : pendingEtcdClaims(cp)[0]);
  if (named || claim) {
    const name = claim?.name ?? named![1]!;
    const events = eventsAbout(cp.events, {
      kind: 'PersistentVolumeClaim',
      name,
      namespace: cp.namespace,
    });
    const newest = events[0];
    const eventWords = newest
      ? `${newest.reason}: ${newest.message}`
      : (named?.[2] ?? 'no event in the dump');
    const message = fit(
      `etcd of HostedCluster ${hc} has no quorum${held}: its volume claim ${cp.namespace}/${name} is ${claim?.phase || 'not bound'} (${clip(eventWords, 80)})`,
      `etcd of HostedCluster ${hc} has no quorum${held}: its volume claim ${cp.namespace}/${name} is not bound`,
    );
    const etcdPod = cp.pods.find((p) => p.name === name.replace(/^data-/, ''));
    const detail = paragraphs(
      `The HostedControlPlane's \`EtcdAvailable=False\` (\`${c.reason}\`) since ${c.lastTransitionTime ? isoTime(c.lastTransitionTime) : 'an unknown time'}: ${clip(c.message, 700)}`,
      `PersistentVolumeClaim \`${cp.namespace}/${name}\` is ${claim ? `\`${claim.phase || '?'}\`` : 'not in the dump'}${claim?.creationTimestamp ? `, made ${isoTime(claim.creationTimestamp)}` : ''}: the etcd member that mounts it cannot start${etcdPod ? ` (pod \`${etcdPod.name}\` is ${etcdPod.phase || '?'})` : ''}. The control-plane operator quotes the claim's Warning events in its message (one per reason, newest first).`,
      newest
        ? `Its newest Warning event (${newest.reason}, ${newest.count}×${newest.last ? `, last ${isoTime(newest.last)}` : ''}${newest.component ? `, from ${newest.component}` : ''}): ${clip(newest.message, 700)}`
        : undefined,
      why,
      `What to open next: the claim's storage class and its provisioner (the CSI driver's controller on the management cluster and its cloud credentials), the events of \`namespaces/${cp.namespace}/core/events/\`, and the management cluster's storage. On a live cluster: \`oc describe pvc -n ${cp.namespace} ${name}\`.`,
    );
    const related = [
      ...events
        .slice(0, 3)
        .map((e) => rel(e.location, `event ${e.reason} (${e.count}×): ${clip(e.message, 120)}`)),
      etcdPod ? rel(etcdPod.at('status'), `pod ${etcdPod.name}: ${etcdPod.phase}`) : undefined,
      ...stsEvidence,
      ...evidence(h, c),
    ];
    const f = finding(
      hostedEtcdUnavailable,
      claim?.subject ?? `pvc/${cp.namespace}/${name}`,
      claim?.at('status', 'phase') ?? c.location,
      { message, detail },
      related,
    );
    f.chain = [
      etcdLink(s, c),
      ...(sts
        ? [
            {
              kind: 'workload' as const,
              name: `StatefulSet ${cp.namespace}/etcd`,
              state: sts.rolloutWords,
              location: sts.at('status'),
            },
          ]
        : []),
      ...(etcdPod
        ? [
            {
              kind: 'pod' as const,
              name: `pod ${cp.namespace}/${etcdPod.name}`,
              state: etcdPod.phase,
              location: etcdPod.at('status'),
            },
          ]
        : []),
      {
        kind: 'workload',
        name: `PersistentVolumeClaim ${cp.namespace}/${name}`,
        state: `${claim?.phase || 'not bound'}${newest ? `: ${newest.reason}` : ''}`,
        ...(claim ? { location: claim.at('status', 'phase') } : {}),
      },
    ];
    return f;
  }

  // No claim to blame: the etcd pod that cannot run, with its log.
  const failing = failingControlPlanePods(cp).find((p) => p.component === 'etcd');
  if (failing) {
    const words = podWords(s, cp, failing);
    const since = notReadySince(failing);
    const message = fit(
      `etcd of HostedCluster ${hc} has no quorum${held}: pod ${cp.namespace}/${failing.pod.name} is ${podState(failing)}`,
      `etcd of HostedCluster ${hc} has no quorum${held}: pod ${cp.namespace}/${failing.pod.name} cannot run`,
    );
    const f = finding(
      hostedEtcdUnavailable,
      failing.pod.subject,
      failing.failure.location,
      {
        message,
        detail: paragraphs(
          `The HostedControlPlane's \`EtcdAvailable=False\` (\`${c.reason}\`): ${clip(c.message, 300)}.`,
          ...words.detail,
          why,
          since ? `The pod has not been ready since ${isoTime(since)}.` : undefined,
          "A member that keeps crashing may be replaced by the control-plane operator's etcd recovery (`EtcdRecoveryActive`, from 4.16; OCPBUGS-24400): its job and its condition say whether it ran.",
        ),
      },
      [...words.related, ...stsEvidence, ...evidence(h, c)],
    );
    f.chain = [etcdLink(s, c), ...words.chain];
    return f;
  }

  // Nothing below to name: the StatefulSet (or its absence) is the root.
  const notFound = c.reason === 'StatefulSetNotFound';
  const message = notFound
    ? `etcd of HostedCluster ${hc} is unavailable${held}: its StatefulSet ${cp.namespace}/etcd is not found`
    : fit(
        `etcd of HostedCluster ${hc} has no quorum${held}${sts ? `: StatefulSet ${cp.namespace}/etcd ${sts.rolloutWords}` : ''} (${c.reason})`,
      );
  const f = finding(
    hostedEtcdUnavailable,
    sts?.subject ?? cp.hcp?.subject ?? h.cluster.subject,
    sts?.at('status') ?? c.location,
    {
      message,
      detail: paragraphs(
        `The HostedControlPlane's \`EtcdAvailable=False\` (\`${c.reason}\`): ${clip(c.message, 600) || 'no message'}.`,
        notFound
          ? 'The control-plane operator did not find the StatefulSet `etcd`: it makes it again on its next reconcile, unless something deletes it or the operator itself does not run (its pod and log in the namespace).'
          : 'No etcd pod that cannot run is in the dump: its members may run without being ready (a peer they cannot reach, a slow disk); their logs (`core/pods/logs/etcd-<n>-etcd.log`) say which.',
        why,
      ),
    },
    [...stsEvidence, ...evidence(h, c)],
  );
  f.chain = [etcdLink(s, c)];
  return f;
}
