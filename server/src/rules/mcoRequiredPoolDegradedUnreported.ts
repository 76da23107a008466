/**
 * mco-required-pool-degraded-unreported: a required pool is Degraded while machine-config
 * reports Available=True and Degraded=False, so nothing above the pool shows the problem yet.
 */
import { findCondition } from '../model/condition';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { degradedCause, degradedCondition, poolName } from './poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { when } from '../core/text';

export const mcoRequiredPoolDegradedUnreported: Rule = {
  id: 'mco-required-pool-degraded-unreported',
  defaultSeverity: 'warning',
  summary: 'a required pool is Degraded while machine-config reports healthy',
  check(s: Snapshot, _context: RuleContext) {
    const mco = operator(s, 'machine-config');
    if (!mco) return [];
    const available = findCondition(mco.conditions, 'Available');
    const degraded = findCondition(mco.conditions, 'Degraded');
    if (available?.status !== 'True' || degraded?.status !== 'False') return [];
    return s.pools.flatMap((p) => {
      const c = degradedCondition(p);
      if (!p.requiredForUpgrade || c?.status !== 'True') return [];
      const cause = degradedCause(p);
      const message =
        `Required pool ${poolName(p)} is Degraded since ${when(c.lastTransitionTime, s.gatherTime)}${cause ? ` (${cause})` : ''}, ` +
        `but machine-config still reports Available=True and Degraded=False. The operator only notices at its next required-pool sync ` +
        `(it waits up to 10 minutes per attempt), so the ClusterOperator understates the problem; trust the pool.`;
      return [
        finding(mcoRequiredPoolDegradedUnreported, p.subject, c.location, message, [
          rel(degraded.location, 'machine-config Degraded=False'),
          rel(available.location, 'machine-config Available=True'),
        ]),
      ];
    });
  },
};
