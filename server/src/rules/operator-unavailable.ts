/**
 * operator-unavailable: a ClusterOperator reports Available=False: information under 5 minutes,
 * a warning, an error from 20 minutes (as oc adm upgrade status). A ClusterOperatorDown alert on
 * the operator is related evidence.
 */
import { findCondition } from '../model/condition';
import { parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { availabilityBehaviour, cvoReaction } from './releaseNotes';
import { agedConditionFinding } from './ages';
import { alertEvidence } from './alertText';

import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';

export const operatorUnavailable: Rule = {
  meta: {
    id: 'operator-unavailable',
    defaultSeverity: 'error',
    levels: 'info under 5 min, warning, error from 20 min',
    description: 'a ClusterOperator reports Available=False',
    explanation:
      "a ClusterOperator reports Available=False, with its reason and what the CVO does about it; levels follow the condition's age at the gather, as `oc adm upgrade status` judges them.",
    impact: 'API Availability',
    reads: ['ClusterVersion', 'ClusterOperator', 'Alert'],
  },
  check(s: Snapshot, context: RuleContext) {
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
        cvoReaction(s, o, 'not available') +
        mcoNote;
      const f = agedConditionFinding(operatorUnavailable, s, context, o, c, message, 20);
      f.related.push(...alertEvidence(s, ['ClusterOperatorDown'], { name: o.name }));
      return [f];
    });
  },
};
