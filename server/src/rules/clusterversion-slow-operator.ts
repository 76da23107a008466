/**
 * clusterversion-slow-operator: ClusterVersion reports Failing=Unknown with reason
 * SlowClusterOperator (4.16+): the cluster-version operator has waited on an operator that is
 * still updating longer than it expects (30 minutes, 90 for machine-config). It keeps waiting:
 * this is a suspicion, not a failure.
 */
import { findCondition } from '../model/condition';
import { slowOperators } from '../model/operatorMessages';
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import type { RelatedLocation } from '../core/finding';
import { messageMaxLength } from '../core/finding';
import { clip, listing, when } from '../core/text';
import { fitted, heldFor, paragraphs, someNames } from './common/words';

/** Pools listed as machine-config's evidence at most. */
const maxPools = 5;

export const clusterVersionSlowOperator: Rule = {
  meta: {
    id: 'clusterversion-slow-operator',
    defaultSeverity: 'warning',
    levels: 'warning',
    description: 'the cluster-version operator has waited on an operator longer than expected',
    explanation:
      'ClusterVersion reports `Failing=Unknown` `SlowClusterOperator` (4.16+): the CVO has waited on an operator over 30 minutes (machine-config 90); it keeps waiting. Names and links the operators.',
    impact: 'Update Speed',
    reads: ['ClusterVersion', 'ClusterOperator', 'MachineConfigPool'],
    leadsTo: ['clusterversion-update-incomplete', 'cvo-waiting-on-operator'],
  },
  check(s: Snapshot, _context: RuleContext) {
    const cv = s.clusterVersion;
    const c = cv && findCondition(cv.conditions, 'Failing');
    if (!cv || c?.status !== 'Unknown' || c.reason !== 'SlowClusterOperator') return [];
    const slow = slowOperators(c.message);
    const target = cv.desiredVersion;
    const release = parseRelease(target);
    const waits = slow.length
      ? listing(slow.map((o) => `${o.name} (over ${o.minutes} minutes)`))
      : `an operator (${clip(c.message || 'no message', 200)})`;
    const states = slow.map((o) => operatorState(s, o.name, target)).filter((t) => t !== '');
    const behaviour =
      release && !atLeast(release, 4, 16)
        ? `Releases before 4.16 do not set SlowClusterOperator, yet the target is ${target}: check status.desired.`
        : 'From 4.16 the cluster-version operator marks Failing=Unknown when an operator that is Available and not Degraded has not reported the target version 30 minutes (90 for machine-config) after it started updating it.' +
          ' It keeps waiting: this is not an error and the update goes on once the operator levels;' +
          ' Failing turns True only if the operator goes Degraded (40 minutes after the start of its update) or Available=False.';
    const held = heldFor(c.lastTransitionTime, s.gatherTime);
    const message = fitted(
      messageMaxLength,
      `The cluster-version operator has waited on ${shortWaits(slow)}, longer than expected`,
      ` (Failing=Unknown SlowClusterOperator${held})`,
    );
    const detail = paragraphs(
      `The cluster-version operator reports Failing=Unknown (SlowClusterOperator) since ${when(c.lastTransitionTime, s.gatherTime)}: ` +
        `it has waited on ${waits}, longer than expected.`,
      states.join(' '),
      behaviour,
      `Look at the operator${slow.length === 1 ? '' : 's'} it names: ${slow.length === 1 ? 'its' : 'their'} Progressing message` +
        (slow.some((o) => o.name === 'machine-config')
          ? ', and for machine-config its pools.'
          : '.'),
    );
    const progressing = findCondition(cv.conditions, 'Progressing');
    return [
      finding(
        clusterVersionSlowOperator,
        cv.subject,
        c.location,
        { message, detail },
        [
          progressing?.status === 'True'
            ? rel(progressing.location, 'ClusterVersion Progressing')
            : undefined,
          ...slow.flatMap((o) => evidence(s, o.name)),
        ],
        undefined,
        c.lastTransitionTime,
      ),
    ];
  },
};

/**
 * The operators waited on, for the one-line message: `kube-apiserver over 30 minutes`,
 * `network and ingress over 30 minutes and machine-config over 90 minutes`.
 */
function shortWaits(slow: { name: string; minutes: number }[]): string {
  if (slow.length === 0) return 'an operator';
  const byMinutes = new Map<number, string[]>();
  for (const o of slow) byMinutes.set(o.minutes, [...(byMinutes.get(o.minutes) ?? []), o.name]);
  return listing([...byMinutes].map(([m, names]) => `${someNames(names)} over ${m} minutes`));
}

/** What the operator itself reports: its version against the target, and Progressing. */
function operatorState(s: Snapshot, name: string, target: string | undefined): string {
  const o = s.operators.find((x) => x.name === name);
  if (!o) return `ClusterOperator ${name} is not in the must-gather.`;
  const version = o.operatorVersion?.version;
  const progressing = findCondition(o.conditions, 'Progressing');
  return (
    `${name} reports version ${version ?? 'none'}` +
    (target && version !== target ? ` (target ${target})` : '') +
    (progressing?.status === 'True' && progressing.message
      ? `, Progressing: ${clip(progressing.message, 200)}.`
      : '.')
  );
}

/** The operator's file; for machine-config also the pools it waits on before it levels. */
function evidence(s: Snapshot, name: string): (RelatedLocation | undefined)[] {
  const o = s.operators.find((x) => x.name === name);
  if (!o) return [];
  const degraded = findCondition(o.conditions, 'Degraded');
  const progressing = findCondition(o.conditions, 'Progressing');
  const own =
    degraded?.status === 'True'
      ? rel(degraded.location, `${name} Degraded=True`)
      : progressing?.status === 'True'
        ? rel(progressing.location, `${name} Progressing=True`)
        : rel(
            o.operatorVersion?.location ?? o.at('status'),
            `${name} reports version ${o.operatorVersion?.version ?? '?'}`,
          );
  if (name !== 'machine-config') return [own];
  // machine-config levels once every required pool has rolled out and no pool is degraded.
  const pools = s.pools
    .filter(
      (p) => p.condition('Degraded')?.status === 'True' || (p.requiredForUpgrade && !p.isUpdated),
    )
    .slice(0, maxPools)
    .map((p) =>
      p.condition('Degraded')?.status === 'True'
        ? rel(p.condition('Degraded')?.location, `pool ${p.name} is Degraded`)
        : rel(
            (p.condition('Updating') ?? p.condition('Updated'))?.location,
            `required pool ${p.name} has not finished its rollout`,
          ),
    );
  return [own, ...pools];
}
