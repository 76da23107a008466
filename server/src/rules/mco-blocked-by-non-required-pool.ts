/**
 * mco-blocked-by-non-required-pool: machine-config is Degraded with RequiredPoolsFailed naming a
 * pool that is not required for upgrade, while every required pool is updated. Any degraded pool
 * fails the operator's required-pool sync, which holds its version back (bug 1943289).
 */
import { findCondition } from '../model/condition';
import { poolsNotReady } from '../model/operatorMessages';
import { requiredForUpgradeLabel } from '../model/machineConfigPool';
import { parseRelease } from '../model/release';
import { operator, pool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { degradedCause, degradedCondition, poolName } from './common/poolText';
import { availabilityBehaviour } from './common/releaseNotes';
import { levelByAge } from './common/ages';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { listing, plural } from '../core/text';
import { operatorSymptoms } from './common/consequences';

/** Pools the operator's RequiredPoolsFailed message names, with whether it called them required. */
export function poolsNamedNotReady(message: string): { name: string; required: boolean }[] {
  return poolsNotReady(message).map(({ name, required }) => ({ name, required }));
}

export const mcoBlockedByNonRequiredPool: Rule = {
  meta: {
    id: 'mco-blocked-by-non-required-pool',
    defaultSeverity: 'warning',
    levels: 'warning (information for its first 5 minutes)',
    description: 'machine-config is held back by a pool that is not required for upgrade',
    explanation:
      'machine-config is Degraded (`RequiredPoolsFailed`) because of a pool that is not required for upgrade, while every required pool is updated; its version is held back (bug 1943289).',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfigPool'],
    leadsTo: [...operatorSymptoms],
    // machine-config's Degraded=True RequiredPoolsFailed is this finding's own condition.
    explains: [{ rule: 'operator-degraded' }],
  },
  check(s: Snapshot, context: RuleContext) {
    const now = assessmentOf(s, context).now;
    const mco = operator(s, 'machine-config');
    if (!mco) return [];
    const degraded = findCondition(mco.conditions, 'Degraded');
    if (degraded?.status !== 'True' || degraded.reason !== 'RequiredPoolsFailed') return [];
    const required = s.pools.filter((p) => p.requiredForUpgrade);
    if (required.length === 0 || required.some((p) => !p.isUpdated)) return [];

    const named = poolsNamedNotReady(degraded.message).filter((n) => !n.required);
    const blockers = named
      .map((n) => pool(s, n.name))
      .filter((p) => p !== undefined && !p.requiredForUpgrade);
    const cv = s.clusterVersion;
    const target = cv?.desiredVersion;
    const release = parseRelease(target);
    const level = mco.operatorVersion;
    const available = findCondition(mco.conditions, 'Available');
    const progressing = findCondition(mco.conditions, 'Progressing');

    return blockers.flatMap((p) => {
      if (!p) return [];
      const held =
        level && target && level.version !== target
          ? `so the operator holds its version at ${level.version} instead of ${target}`
          : 'so the operator cannot report the new version';
      const unavailable =
        available?.status === 'False'
          ? ` and reports Available=False${available.message ? ` ("${available.message}")` : ''}`
          : '';
      const cause = degradedCause(p);
      // After the update completed nothing waits now; the next update will.
      const completed =
        level !== undefined && level.version === target && cv?.history[0]?.state === 'Completed';
      const consequence = completed
        ? `Any degraded pool fails the operator's required-pool sync${unavailable}. The update to ${target} had completed (machine-config reports ${target}), so nothing waits on it now: the cluster-version operator is reconciling and reports Failing without the 40-minute grace of an update, and the next update will stop at machine-config until ${poolName(p)} recovers. `
        : `Any degraded pool fails the operator's required-pool sync, ${held}${unavailable}; the cluster update waits on machine-config until ${poolName(p)} recovers. `;
      const machines = p.counts.degraded
        ? `: ${plural(p.counts.degraded, 'degraded machine')}`
        : '';
      const message = completed
        ? `machine-config is Degraded by pool ${p.name}, which is not required for upgrade${machines}; the next update will stop there`
        : `machine-config is held at ${level?.version ?? 'its old version'} by pool ${p.name}, which is not required for upgrade${machines}`;
      const detail = [
        `machine-config is Degraded (\`RequiredPoolsFailed\`) because pool ${poolName(p)} is not ready, but ${poolName(p)} is not required for upgrade ` +
          `(it lacks the label \`${requiredForUpgradeLabel}\`) and every required pool (${listing(required.map((r) => r.name))}) is updated.`,
        consequence.trim(),
        cause ? `Cause in pool ${poolName(p)}: ${cause}.` : '',
        availabilityBehaviour(release),
        "Matches bug 1943289 (a non-required pool blocks the operator's level), still the behaviour on current releases. " +
          `Fix what degrades ${poolName(p)} (its NodeDegraded message names the node), or label it required for upgrade if the update should wait for it.`,
      ]
        .filter((x) => x !== '')
        .join('\n\n');
      return [
        finding(
          mcoBlockedByNonRequiredPool,
          mco.subject,
          degraded.location,
          { message, detail },
          [
            rel(p.at('metadata', 'labels'), `pool ${p.name} is not labelled required-for-upgrade`),
            rel(degradedCondition(p)?.location, `pool ${p.name} is degraded`),
            rel(
              p.condition('NodeDegraded')?.location,
              `pool ${p.name}: ${cause ?? 'NodeDegraded'}`,
            ),
            ...required.map((r) =>
              rel(r.condition('Updated')?.location, `required pool ${r.name} is updated`),
            ),
            level &&
              rel(level.location, `machine-config reports operator version ${level.version}`),
            available?.status === 'False'
              ? rel(available.location, 'machine-config Available=False')
              : undefined,
            progressing &&
              rel(progressing.location, `machine-config Progressing=${progressing.status}`),
            cv && target
              ? rel(cv.at('status', 'desired'), `ClusterVersion desires ${target}`)
              : undefined,
          ],
          // Just degraded, the operator's own finding would be information (oc shows no row yet).
          levelByAge(degraded.lastTransitionTime, now, Infinity, 'warning').severity === 'info'
            ? 'info'
            : 'warning',
          degraded.lastTransitionTime,
        ),
      ];
    });
  },
};
