/**
 * mco-required-pool-degraded-unreported: a required pool is Degraded while machine-config
 * reports Available=True and Degraded=False, so nothing above the pool shows the problem yet.
 */
import { findCondition } from '../model/condition';
import type { MachineConfigPool } from '../model/machineConfigPool';
import { atLeast, parseRelease } from '../model/release';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { degradedCause, degradedCondition, poolName } from './common/poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { since } from './common/operatorWords';
import { heldFor, paragraphs } from './common/words';
import { operatorSymptoms } from './common/consequences';

export const mcoRequiredPoolDegradedUnreported: Rule = {
  meta: {
    id: 'mco-required-pool-degraded-unreported',
    defaultSeverity: 'warning',
    levels: 'warning',
    description: 'a required pool is Degraded while machine-config reports healthy',
    explanation:
      'a required pool is Degraded while machine-config still reports Available=True, Degraded=False.',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfigPool'],
    leadsTo: [...operatorSymptoms],
  },
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
      const message = `Required pool ${p.name} is Degraded${heldFor(c.lastTransitionTime, s.gatherTime)}, but machine-config still reports Available=True and Degraded=False`;
      const detail = paragraphs(
        `Pool ${poolName(p)} is required for upgrade and has been Degraded ${since(c.lastTransitionTime, s.gatherTime)}` +
          (cause ? `; cause: ${cause}.` : '.'),
        `The operator sees a degraded pool within its 1-second poll and at once sets ` +
          `status.extension.lastSyncError and Upgradeable=False (DegradedPool); only Degraded waits for the poll's timeout, ${degradedWait(s, p)}, ` +
          `so until then the ClusterOperator's Degraded understates the problem.`,
        `Trust the pool: read its NodeDegraded or RenderDegraded condition.`,
      );
      return [
        finding(mcoRequiredPoolDegradedUnreported, p.subject, c.location, { message, detail }, [
          rel(degraded.location, 'machine-config Degraded=False'),
          rel(available.location, 'machine-config Available=True'),
          mco.extension.lastSyncError
            ? rel(mco.at('status', 'extension', 'lastSyncError'), 'machine-config lastSyncError')
            : undefined,
        ]),
      ];
    });
  },
};

/** How long the operator's required-pool poll waits before Degraded: 10 minutes on 4.7–4.13, then 10 per required machine. */
function degradedWait(s: Snapshot, p: MachineConfigPool): string {
  const r = parseRelease(s.clusterVersion?.desiredVersion);
  const machines = p.counts.machine;
  if (r && !atLeast(r, 4, 14)) return 'a fixed 10 minutes on 4.7 to 4.13';
  if (r && machines !== undefined)
    return `10 minutes per required machine from 4.14, ${machines * 10} minutes here`;
  return 'a fixed 10 minutes on 4.7 to 4.13, 10 minutes per required machine from 4.14';
}
