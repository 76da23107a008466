/**
 * control-plane-rollout-stuck: a static-pod control-plane operator (etcd, kube-apiserver,
 * kube-controller-manager, kube-scheduler) whose revision rollout does not converge:
 * Progressing=True with `NodeInstallerProgressing: …`, Degraded=True with `NodeInstallerDegraded`
 * (an installer pod failing on a node) or, for etcd, `EtcdMembersDegraded`. The level follows the
 * rollout's age (Progressing's lastTransitionTime, else Degraded's): a warning, an error from an
 * hour. During an update the cluster-version operator waits on the operator before the later run
 * levels, so machine-config and its pools cannot move until the rollout clears.
 */
import type { ClusterOperator } from '../model/clusterOperator';
import { findCondition } from '../model/condition';
import { operatorsNamed } from '../model/operatorMessages';
import { atLeast, parseRelease } from '../model/release';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import {
  degradedOnlyByRollout,
  installerPodsNamed,
  operandNamespace,
  operatorNamespace,
  staticPodRollout,
} from '../model/staticPods';
import { eventEvidence } from './common/eventText';
import type { StaticPodRollout } from '../model/staticPods';
import { payloadOperators, updateInFlight } from '../model/assessment/controlPlane';
import { levelByAge, minutesSince } from './common/ages';
import { cvoReaction } from './common/releaseNotes';
import { assessmentOf, finding, progressingNormally, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { messageMaxLength } from '../core/finding';
import { clip, listing, plural, when } from '../core/text';
import { fitted, heldFor, paragraphs } from './common/words';
import type { Finding } from '../core/finding';
import {
  degradedBesideRolloutCause,
  operatorSymptoms,
  staticPodRolloutCause,
} from './common/consequences';

/** The CVO's run levels of these operators and of machine-config (the payload's manifest prefixes). */
const runLevel: Record<string, number> = {
  etcd: 20,
  'kube-apiserver': 20,
  'kube-controller-manager': 25,
  'kube-scheduler': 25,
  'machine-config': 80,
};

/**
 * A rollout without failures younger than this, in an update on time, is the update's progress
 * (information): the cluster-version operator's own threshold for a slow operator other than
 * machine-config (release-4.16 `pkg/cvo/status.go`, `SlowClusterOperator`).
 */
const slowAfterMinutes = 30;

/** At most this many nodes, pods or revisions are named from one message. */
const maxNamed = 5;

export const controlPlaneRolloutStuck: Rule = {
  meta: {
    id: 'control-plane-rollout-stuck',
    defaultSeverity: 'warning',
    levels:
      'info under 5 min, warning, error from 1 h (information under 30 min while the update is on time and nothing fails)',
    description: "a control-plane operator's static-pod revision rollout does not converge",
    explanation:
      'etcd, kube-apiserver, kube-controller-manager or kube-scheduler: the static-pod revision rollout does not converge (`NodeInstallerProgressing`), an installer pod fails (`NodeInstallerDegraded`, with its node and pod), or an etcd member is unhealthy (`EtcdMembersDegraded`); during an update it holds the CVO before machine-config, so no pool can move.',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'Node', 'Event'],
    leadsTo: [...operatorSymptoms],
    // Its version (the rollout carries it) and a Degraded=True that only the rollout causes.
    explains: [
      { rule: 'operator-not-leveled' },
      { rule: 'operator-degraded', cause: staticPodRolloutCause },
    ],
  },
  check(s: Snapshot, context: RuleContext) {
    const a = assessmentOf(s, context);
    return s.operators.flatMap((o) => {
      const r = staticPodRollout(o);
      return r ? [report(s, a.now, progressingNormally(a), r)] : [];
    });
  },
};

function report(s: Snapshot, now: Date | undefined, onTime: boolean, r: StaticPodRollout): Finding {
  const o = r.operator;
  const cv = s.clusterVersion;
  const target = cv?.desiredVersion;
  const release = parseRelease(target);
  const first = r.progressing?.condition ?? r.installer?.condition ?? r.members!.condition;
  const since = first.lastTransitionTime;
  const failing = r.installer !== undefined || r.members !== undefined;
  const parts: string[] = [];

  if (r.progressing) {
    parts.push(
      `${o.name}'s static-pod revision rollout has not converged since ${when(since, s.gatherTime)}: ${clip(r.progressing.progress.text, 300)} (NodeInstallerProgressing).`,
    );
  } else {
    parts.push(
      `${o.name}'s control-plane static pods are failing (Degraded=True since ${when(since, s.gatherTime)}).`,
    );
  }

  // The nodes and installer pods the failure names (the pods' names carry their nodes).
  const related = [];
  if (r.installer) {
    const inst = r.installer;
    // A control plane has a handful of nodes: more names than that are not worth listing.
    const pods = installerPodsNamed(inst.text).slice(0, maxNamed);
    const nodes = namedNodes(
      s,
      inst.text,
      pods.map((p) => p.node),
    ).slice(0, maxNamed);
    const revisions = listing(inst.failures.slice(0, maxNamed).map((f) => String(f.revision)));
    const count = inst.failures.reduce((n, f) => n + f.nodes, 0);
    const last = inst.failures[inst.failures.length - 1]!;
    const tail = last.errors.slice(-2).map((e) => clipStart(e, 200));
    parts.push(
      `Its installer fails on ${count === 1 ? '1 node' : `${count} nodes`} for revision ${revisions}` +
        ` (NodeInstallerDegraded since ${when(inst.condition.lastTransitionTime, s.gatherTime)})` +
        (nodes.length > 0 ? `: node ${listing(nodes)}` : '; the message names no node') +
        (pods.length > 0
          ? `; installer pod ${listing(pods.map((p) => p.pod))} in ${operandNamespace(o.name)} (its folder, when gathered: \`namespaces/${operandNamespace(o.name)}/pods/<pod>/\`)`
          : '') +
        (tail.length > 0 ? `; its last lines: "${tail.join(' / ')}"` : '') +
        '.',
    );
    related.push(
      rel(
        inst.condition.location,
        `${o.name} NodeInstallerDegraded: the installer fails on revision ${revisions}`,
      ),
    );
    for (const name of nodes) {
      const n = s.nodes.find((x) => x.name === name);
      related.push(
        rel(n?.at('metadata', 'name'), `node ${name}: named by ${o.name}'s NodeInstallerDegraded`),
      );
    }
    // The installer controller's InstallerPodFailed, and kubelet's warnings on the named pods.
    const podNames = new Set(pods.map((p) => p.pod));
    related.push(
      ...eventEvidence(
        s,
        s.events.filter(
          (e) =>
            (e.namespace === operatorNamespace(o.name) && e.reason === 'InstallerPodFailed') ||
            (e.involved.kind === 'Pod' &&
              e.involved.namespace === operandNamespace(o.name) &&
              podNames.has(e.involved.name)),
        ),
      ),
    );
  }
  if (r.members) {
    const m = r.members.members;
    const bad = [...m.unhealthy, ...m.notStarted];
    parts.push(
      `etcd reports EtcdMembersDegraded since ${when(r.members.condition.lastTransitionTime, s.gatherTime)}: ${clip(m.text, 300)}` +
        (m.available !== undefined && m.total !== undefined
          ? ` (${m.available} of ${m.total} members healthy; quorum needs ${Math.floor(m.total / 2) + 1})`
          : '') +
        '.',
    );
    if (r.installer === undefined)
      related.push(rel(r.members.condition.location, 'etcd EtcdMembersDegraded'));
    for (const name of namedNodes(s, bad.join(' '), bad).slice(0, maxNamed)) {
      const n = s.nodes.find((x) => x.name === name);
      related.push(
        rel(
          n?.at('metadata', 'name'),
          `node ${name}: its etcd member is named by EtcdMembersDegraded`,
        ),
      );
    }
  }

  // Where the update stands: the version the operator reports, and what waits behind it.
  const v = o.operatorVersion;
  const below = target !== undefined && v !== undefined && v.version !== target;
  const raw = o.versions.find((x) => x.name === 'raw-internal');
  if (below) {
    parts.push(
      `${o.name} still reports operator version ${v.version || '(empty)'}; the cluster's target is ${target}` +
        (raw && raw.version === target
          ? ` (its operator already runs ${target}: a static-pod operator reports the new version only once every static pod runs the new image)`
          : '') +
        '.',
    );
    related.push(rel(v.location, `${o.name} reports version ${v.version}`));
  }
  if (below && updateInFlight(cv)) {
    const mco = operator(s, 'machine-config');
    const later = payloadOperators(s.operators).filter(
      (x) =>
        x !== o &&
        x.operatorVersion !== undefined &&
        x.operatorVersion.version !== target &&
        (runLevel[x.name] ?? 50) >= (runLevel[o.name] ?? 20),
    );
    const mcoBehind = mco?.operatorVersion !== undefined && mco.operatorVersion.version !== target;
    parts.push(
      `The cluster-version operator applies the payload by run level (etcd and kube-apiserver at 20, kube-controller-manager and kube-scheduler at 25, machine-config at 80) and waits on ${o.name} before it moves on` +
        (later.length > 0
          ? `: ${later.length} other operator${later.length === 1 ? '' : 's'} still report${later.length === 1 ? 's' : ''} the old version`
          : '') +
        (mcoBehind
          ? `; machine-config has not been reached (it reports ${mco.operatorVersion!.version}), so no machine-config pool can start rolling to ${target} until this rollout clears`
          : '') +
        '.',
    );
    const waits = ['Progressing', 'Failing']
      .map((t) => cv && findCondition(cv.conditions, t))
      .find((c) => c?.status === 'True' && operatorsNamed(c.message).includes(o.name));
    related.push(rel(waits?.location, `the cluster-version operator waits on ${o.name}`));
    if (mcoBehind)
      related.push(
        rel(
          mco.operatorVersion!.location,
          `machine-config not reached: ${mco.operatorVersion!.version}`,
        ),
      );
    parts.push(cvoNote(s, o, release, failing));
  }

  const aged = levelByAge(since, now, 60, 'warning');
  let severity = aged.severity;
  let note = aged.note;
  const minutes = minutesSince(since, now);
  if (
    !failing &&
    onTime &&
    severity === 'warning' &&
    minutes !== undefined &&
    minutes < slowAfterMinutes
  ) {
    severity = 'info';
    note = ` No installer has failed, the rollout is younger than ${slowAfterMinutes} minutes and the update is on time: this is its progress.`;
  }
  const f = finding(
    controlPlaneRolloutStuck,
    o.subject,
    first.location,
    { message: shortMessage(s, r, since), detail: paragraphs(...parts, note, lookNext(r)) },
    related,
    severity,
    since,
  );
  // Failing installers or members, no rollout of its own, in a Degraded=True with other reasons
  // too: one fact, operator-degraded's, which explains this finding.
  if (!r.progressing && !degradedOnlyByRollout(o)) f.cause = degradedBesideRolloutCause;
  return f;
}

/**
 * One line: the operator, its rollout and for how long; then, as they fit, the node its installer
 * fails on, the etcd members' health, and the update that waits on it.
 */
function shortMessage(s: Snapshot, r: StaticPodRollout, since: Date | undefined): string {
  const o = r.operator;
  const held = heldFor(since, s.gatherTime);
  const progress = r.progressing?.progress;
  let head: string;
  if (progress) {
    const newest = progress.pending ?? Math.max(...progress.counts.map((c) => c.revision));
    const total = progress.counts.reduce((n, c) => n + c.nodes, 0);
    const on = progress.counts.find((c) => c.revision === newest)?.nodes ?? 0;
    head =
      `${o.name}'s static-pod rollout${Number.isFinite(newest) ? ` to revision ${newest}` : ''} has not converged${held}` +
      (total > 0 ? ` (${on} of ${plural(total, 'node')} on it)` : '');
  } else {
    head = `${o.name}'s control-plane static pods are failing${held}`;
  }
  const tails: string[] = [];
  if (r.installer) {
    const pods = installerPodsNamed(r.installer.text);
    const nodes = namedNodes(
      s,
      r.installer.text,
      pods.map((p) => p.node),
    );
    const count = r.installer.failures.reduce((n, f) => n + f.nodes, 0);
    const byName = nodes.length === 1 ? `; its installer fails on node ${nodes[0]}` : '';
    const byCount = `; its installer fails on ${plural(count, 'node')}`;
    tails.push(byName !== '' && head.length + byName.length <= messageMaxLength ? byName : byCount);
  }
  if (r.members) {
    const m = r.members.members;
    tails.push(
      m.available !== undefined && m.total !== undefined
        ? `; ${m.available} of ${m.total} etcd members are healthy (quorum needs ${Math.floor(m.total / 2) + 1})`
        : '; etcd members are unhealthy',
    );
  }
  const target = s.clusterVersion?.desiredVersion;
  const v = o.operatorVersion;
  if (
    target !== undefined &&
    v !== undefined &&
    v.version !== target &&
    updateInFlight(s.clusterVersion)
  )
    tails.push(`; the update to ${target} waits on it`);
  return fitted(messageMaxLength, head, ...tails);
}

/** Where to look next, by what fails. */
function lookNext(r: StaticPodRollout): string {
  const ns = operandNamespace(r.operator.name);
  if (r.installer)
    return `Look at the installer pod (on a live cluster, \`oc get pod -n ${ns} <pod> -o yaml\`) and at its node's kubelet and network: an installer that cannot reach the in-cluster API service (172.30.0.1:443 on the default service network) points at the node's pod network.`;
  if (r.members)
    return "Look at the unhealthy member's node and at `namespaces/openshift-etcd/` in the must-gather.";
  return `Look at the nodes not yet on the newest revision and at the operand's pods in ${ns}.`;
}

/** The release's way of reporting the wait, for the update's own cluster-version operator. */
function cvoNote(
  s: Snapshot,
  o: ClusterOperator,
  release: ReturnType<typeof parseRelease>,
  failing: boolean,
): string {
  const degraded = findCondition(o.conditions, 'Degraded')?.status === 'True';
  if (degraded || failing) return cvoReaction(s, o, 'degraded').trim();
  return atLeast(release, 4, 16)
    ? `From 4.16 the cluster-version operator reports Failing=Unknown (SlowClusterOperator, "waiting on ${o.name} over 30 minutes which is longer than expected") once it has waited 30 minutes.`
    : '';
}

/**
 * The nodes a text names: the snapshot's nodes that appear in it, in the snapshot's order, then
 * names read from installer pods or etcd members that the gather holds no node for.
 */
function namedNodes(s: Snapshot, text: string, candidates: string[]): string[] {
  const found = s.nodes
    .map((n) => n.name)
    .filter((n) => candidates.includes(n) || mentions(text, n));
  for (const c of candidates) if (!found.includes(c)) found.push(c);
  return found;
}

function mentions(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const before = text[i - 1] ?? ' ';
    const after = text[i + name.length] ?? ' ';
    if (!/[-a-z0-9.]/.test(before) && !/[-a-z0-9]/.test(after)) return true;
  }
  return false;
}

/** Keeps the end of a long line (an error's cause is at its end): `…dial tcp …: i/o timeout`. */
function clipStart(line: string, max: number): string {
  const one = line.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `…${one.slice(one.length - max + 1)}`;
}
