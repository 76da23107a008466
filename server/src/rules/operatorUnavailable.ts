/** operator-unavailable: a ClusterOperator reports Available=False. */
import { findCondition } from '../model/condition';
import { parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { availabilityBehaviour } from './releaseNotes';
import { finding } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';

export const operatorUnavailable: Rule = {
  id: 'operator-unavailable',
  defaultSeverity: 'error',
  summary: 'a ClusterOperator reports Available=False',
  check(s: Snapshot, _context: RuleContext) {
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Available');
      if (c?.status !== 'False') return [];
      const detail = [c.reason, c.message].filter((x) => x !== '').join(': ');
      const degraded = findCondition(o.conditions, 'Degraded')?.status === 'True';
      const mcoNote =
        o.name === 'machine-config' && degraded
          ? ` ${availabilityBehaviour(release)} See its Degraded condition for the cause.`
          : '';
      const message =
        `${o.name} is not available since ${when(c.lastTransitionTime, s.gatherTime)}` +
        (detail ? `: ${clip(detail)}.` : '.') +
        ` The cluster-version operator counts an unavailable operator as a failure ("Cluster operator ${o.name} is not available").` +
        mcoNote;
      return [finding(operatorUnavailable, o.subject, c.location, message)];
    });
  },
};
