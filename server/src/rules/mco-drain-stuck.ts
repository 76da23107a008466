/**
 * mco-drain-stuck: a node is cordoned for its update and its drain does not finish, before the
 * daemon gives up (after an hour it marks the node Degraded, and `node-mcd-degraded`, which
 * names the same pod, explains this finding). 4.11+: the node's `desiredDrain` (`drain-<config>`) differs from `lastAppliedDrain`, and
 * the machine-config-controller's drain controller logs each attempt and each eviction a
 * PodDisruptionBudget refuses; ≤4.10: the daemon drains the node itself (cordoned, state
 * Working). A drain of a few minutes is normal: the rule speaks once evictions are refused or an
 * attempt failed (information under 10 minutes), or once the drain is older than the 10 minutes
 * after which the controller retries only every 5 minutes (a warning); an error from the hour on.
 */
import { messageMaxLength } from '../core/finding';
import { ago, clip, duration, isoTime, plural, when } from '../core/text';
import { nodeAnnotations, unschedulableTaint } from '../model/node';
import type { Node } from '../model/node';
import { atLeast, parseRelease } from '../model/release';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { arr, rec } from '../model/access';
import { describeBlockers, drainOfNode } from './common/drainText';
import { mcnEvidence } from './common/nodeText';
import { drainEvents, eventEvidence } from './common/eventText';
import { minutesSince } from './common/ages';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { drainCause, poolSymptoms } from './common/consequences';

/** The controller's own threshold: after 10 minutes of failing it retries every 5 minutes. */
const drainSlowMinutes = 10;
/** The daemon's: after an hour it marks the node Degraded (4.7.z Jun 2021 and later). */
const drainTimeoutMinutes = 60;

function taintIndex(n: Node): number {
  return arr(n.spec.taints).findIndex((t) => rec(t)?.key === unschedulableTaint);
}

export const mcoDrainStuck: Rule = {
  meta: {
    id: 'mco-drain-stuck',
    defaultSeverity: 'warning',
    levels: 'info under 10 min, warning, error from 1 h',
    description:
      'a node is cordoned and its drain does not finish (a PodDisruptionBudget refuses an eviction), before the daemon marks it Degraded',
    explanation:
      'a node is cordoned and its drain does not finish (refused evictions in the machine-config-controller log, or a drain over 10 minutes) before the daemon marks it Degraded after the hour; names the pod and its PodDisruptionBudget (or that its namespace was not gathered), and the etcd guard as such.',
    impact: 'Update Stalled',
    reads: [
      'ClusterVersion',
      'ClusterOperator',
      'MachineConfig',
      'Node',
      'machine-config-controller log',
      'PodDisruptionBudget',
      'Event',
    ],
    leadsTo: [...poolSymptoms],
    // The node's MachineConfigNode held in Cordoned or Drained by this drain.
    explains: [{ rule: 'mcn-phase-stuck', cause: drainCause }],
  },
  check(s: Snapshot, context: RuleContext) {
    // A hosted cluster has no machine-config operator: its nodes' machine-config annotations are
    // the InPlace upgrader's, judged by the nodepool rules.
    if (s.hosted) return [];
    const now = assessmentOf(s, context).now;
    const release = parseRelease(
      s.operators.find((o) => o.name === 'machine-config')?.operatorVersion?.version ??
        s.clusterVersion?.desiredVersion,
    );
    return s.nodes.flatMap((n) => {
      const kind = n.pendingDrain;
      if (!kind) return [];
      const d = drainOfNode(s, n.name);
      const starts = [n.unschedulableSince, d?.started?.time].filter(
        (t): t is Date => t !== undefined,
      );
      const since = starts.length
        ? new Date(Math.min(...starts.map((t) => t.getTime())))
        : undefined;
      const minutes = minutesSince(since, now);
      const blocked = !!d && (d.blocking.length > 0 || d.failures.length > 0);
      if (!blocked && (minutes === undefined || minutes < drainSlowMinutes)) return [];
      const overHour =
        (minutes !== undefined && minutes >= drainTimeoutMinutes) || d?.exceeded !== undefined;
      const target = n.desiredConfig ? ` to move to ${n.desiredConfig}` : '';
      const how =
        kind === 'controller'
          ? `its desiredDrain is ${n.desiredDrain} but lastAppliedDrain is ${n.lastAppliedDrain ?? 'not set'}`
          : 'it is cordoned and its daemon is Working (until 4.10 the daemon drains its own node)';
      const paras = [
        since === undefined
          ? `The drain${target} has no known start (no cordon time and no controller log line dates it): ${how}.`
          : `Draining since ${isoTime(since)}${target}: ${how}.`,
      ];
      const related = [];
      if (d) {
        const b = describeBlockers(s, d);
        const tries =
          d.attempts > 1
            ? `The ${kind === 'controller' ? 'controller' : 'daemon'} has tried ${d.attempts} times.`
            : '';
        paras.push([b.text, tries].filter((x) => x !== '').join(' '));
        related.push(...b.related);
      } else if (kind === 'controller') {
        paras.push(
          s.drainLogs.some((l) => l.subject.includes('/machine-config-controller-'))
            ? 'The machine-config-controller logs in the gather have no line about this drain (rotated away, or the controller restarted), so what blocks it is not known here.'
            : 'No machine-config-controller log is in the gather; its drain controller logs each eviction it cannot make.',
        );
      } else {
        paras.push(
          "No drain line of the node's machine-config-daemon is in the gather: its log (Draining failed with: …, retrying) names the pod it cannot evict.",
        );
      }
      paras.push(timeline(kind, release, overHour));
      // Refusals in a drain's first minutes are common: the budget's other pods are coming back.
      const early = !overHour && minutes !== undefined && minutes < drainSlowMinutes;
      if (early)
        paras.push(
          `Under ${drainSlowMinutes} minutes in, refused evictions often clear by themselves once the budget's other pods are ready again.`,
        );
      const message = drainMessage(s, n, kind, d, since, minutes);
      const detail = paras.join('\n\n');
      const ti = taintIndex(n);
      const location =
        kind === 'controller'
          ? n.at('metadata', 'annotations', nodeAnnotations.desiredDrain)
          : n.unschedulableLocation;
      related.unshift(
        kind === 'controller'
          ? rel(
              n.at('metadata', 'annotations', nodeAnnotations.lastAppliedDrain),
              `lastAppliedDrain ${clip(n.lastAppliedDrain ?? '', 80)}: the last drain the controller finished`,
            )
          : undefined,
        ti >= 0
          ? rel(n.at('spec', 'taints', ti), `cordoned ${when(n.unschedulableSince, s.gatherTime)}`)
          : rel(n.unschedulableLocation, 'cordoned'),
        d?.exceeded &&
          rel(
            { file: d.exceeded.file, doc: 0, pointer: '', span: d.exceeded.span },
            `the ${d.exceeded.from}: drain exceeded timeout`,
          ),
      );
      related.push(mcnEvidence(s, n), ...eventEvidence(s, drainEvents(s, n.name)));
      const f = finding(
        mcoDrainStuck,
        n.subject,
        location,
        { message, detail },
        related,
        overHour ? 'error' : early ? 'info' : 'warning',
        since,
      );
      f.cause = drainCause;
      return [f];
    });
  },
};

/**
 * The one line: the node, how long it has drained, and what blocks it (the first pod and how
 * often its eviction was refused), shortened until it fits.
 */
function drainMessage(
  s: Snapshot,
  n: Node,
  kind: 'controller' | 'daemon',
  d: ReturnType<typeof drainOfNode>,
  since: Date | undefined,
  minutes: number | undefined,
): string {
  const pool = primaryPool(s, n);
  const node = `Node ${n.name}${pool ? ` (pool ${pool.name})` : ''}`;
  const age =
    since === undefined
      ? 'for an unknown time'
      : minutes === undefined
        ? `since ${isoTime(since)}`
        : `for ${duration(minutes * 60_000)}`;
  const head = `${node} has been draining ${age}`;
  const p = d?.blocking[0];
  const more =
    d && d.blocking.length > 1 ? `, and ${plural(d.blocking.length - 1, 'more pod')}` : '';
  const tails: string[] = [];
  if (p) {
    const pod = `${p.namespace}/${p.name}`;
    const guard = p.namespace === 'openshift-etcd' && /^etcd-(guard-|quorum-guard)/.test(p.name);
    if (p.refusals > 0) {
      const times = plural(p.refusals, 'time');
      if (guard)
        tails.push(
          `: eviction of its etcd guard pod refused ${times}${more}; etcd is not healthy on every other master`,
        );
      tails.push(`: the PodDisruptionBudget of pod ${pod} refused its eviction ${times}${more}`);
      tails.push(`: eviction of pod ${pod} refused ${times}${more}`);
      tails.push(`: eviction of pod ${clip(pod, 60)} refused ${times}`);
    } else {
      tails.push(`: the drain fails on pod ${pod}${more}`);
      tails.push(`: the drain fails on pod ${clip(pod, 60)}`);
    }
  } else if (d?.lastFailure) {
    const failed = `: ${plural(d.failures.length, 'attempt')} failed`;
    if (d.lastFailure.time)
      tails.push(`${failed}, the last ${ago(d.lastFailure.time, s.gatherTime)}`);
    tails.push(failed);
  } else if (!d) {
    tails.push(
      kind === 'controller'
        ? '; no controller log line in the gather says what blocks it'
        : "; only its daemon's log, not in the gather, names the pod it cannot evict",
    );
  }
  tails.push('');
  return tails.map((t) => head + t).find((m) => m.length <= messageMaxLength) ?? head;
}

/** What the release does next, so the reader knows how long the node has. */
function timeline(
  kind: 'controller' | 'daemon',
  release: ReturnType<typeof parseRelease>,
  overHour: boolean,
): string {
  const events = atLeast(release, 4, 19)
    ? ' and emits the node events DrainThresholdExceeded (after 10 minutes) and DrainFailed (after the hour)'
    : '';
  const next =
    kind === 'controller'
      ? `The machine-config-controller (4.11+) retries the drain every minute, every 5 minutes once it has failed for 10 minutes${events}; after 1 hour the daemon marks the node Degraded (failed to drain node: <node> after 1 hour, event FailedToDrain).`
      : release !== undefined && release.major === 4 && release.minor <= 7
        ? 'The 4.7 daemon gives up after 5 tries with exponential backoff, about 10 minutes (failed to drain node (5 tries): …, event FailedToDrain), and marks the node Degraded; 4.7 z-streams from June 2021 (MCO PR #2605, bug 1968759) retry for 1 hour instead.'
        : 'The daemon (4.10 and earlier) retries every minute, every 5 minutes after 5 failures, and after 1 hour marks the node Degraded (failed to drain node : <node> after 1 hour, event FailedToDrain).';
  return overHour
    ? `${next} The drain is past that hour: the update of this pool cannot go on until the pod can be evicted.`
    : next;
}
