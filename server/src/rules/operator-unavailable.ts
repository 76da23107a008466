/**
 * operator-unavailable: a ClusterOperator reports Available=False: information under 5 minutes,
 * a warning, an error from 20 minutes (as oc adm upgrade status). A ClusterOperatorDown alert on
 * the operator is related evidence.
 */
import { findCondition } from '../model/condition';
import { parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { availabilityBehaviour, cvoReaction } from './common/releaseNotes';
import { agedOperatorFinding, conditionWords, withQuote, since } from './common/operatorWords';
import { heldFor } from './common/words';
import { alertEvidence } from './common/alertText';

import { whereToLook } from './common/operatorLeads';
import type { Rule, RuleContext } from './rule';
import { clip } from '../core/text';
import { clusterSymptoms } from './common/consequences';

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
    leadsTo: [...clusterSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Available');
      if (c?.status !== 'False') return [];
      const words = conditionWords(c);
      const degraded = findCondition(o.conditions, 'Degraded')?.status === 'True';
      const mcoNote =
        o.name === 'machine-config' && degraded
          ? `${availabilityBehaviour(release)} See its Degraded condition for the cause.`
          : '';
      const f = agedOperatorFinding(
        operatorUnavailable,
        s,
        context,
        o,
        c,
        {
          message: withQuote(
            `${o.name} is not available${heldFor(c.lastTransitionTime, s.gatherTime)}`,
            c,
          ),
          why: [
            `Its \`Available\` condition has been False ${since(c.lastTransitionTime, s.gatherTime)}` +
              (words ? `: ${clip(words)}.` : ', with no reason or message.'),
            cvoReaction(s, o, 'not available'),
            mcoNote,
          ],
          todo: degraded
            ? `Read its Degraded condition. ${whereToLook(s, o, c)}`
            : whereToLook(s, o, c),
        },
        20,
      );
      f.related.push(...alertEvidence(s, ['ClusterOperatorDown'], { name: o.name }));
      return [f];
    });
  },
};
