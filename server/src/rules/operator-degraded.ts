/**
 * operator-degraded: a ClusterOperator reports Degraded=True, with its own reason and message:
 * information under 5 minutes, a warning, an error from 40 minutes (as oc adm upgrade status).
 * A static-pod operator degraded only by its installer or etcd members is left to
 * control-plane-rollout-stuck, which reports that rollout. A ClusterOperatorDegraded alert on the
 * operator is related evidence.
 */
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { degradedOnlyByRollout } from '../model/staticPods';
import { agedConditionFinding } from './ages';
import { alertEvidence } from './alertText';
import { cvoReaction } from './releaseNotes';

import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';

export const operatorDegraded: Rule = {
  meta: {
    id: 'operator-degraded',
    defaultSeverity: 'error',
    levels: 'info under 5 min, warning, error from 40 min',
    description: 'a ClusterOperator reports Degraded=True',
    explanation:
      "a ClusterOperator reports Degraded=True, with its reason and what the CVO does about it; levels follow the condition's age at the gather, as `oc adm upgrade status` judges them.",
    impact: 'API Availability',
    reads: ['ClusterVersion', 'ClusterOperator', 'Alert'],
  },
  check(s: Snapshot, context: RuleContext) {
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Degraded');
      if (c?.status !== 'True') return [];
      // An installer or etcd-member failure alone: control-plane-rollout-stuck reports it.
      if (degradedOnlyByRollout(o)) return [];
      const detail = [c.reason, c.message].filter((x) => x !== '').join(': ');
      const message =
        `${o.name} is Degraded since ${when(c.lastTransitionTime, s.gatherTime)}` +
        (detail ? `: ${clip(detail, 400)}.` : '.') +
        cvoReaction(s, o, 'degraded');
      const f = agedConditionFinding(operatorDegraded, s, context, o, c, message, 40);
      f.related.push(...alertEvidence(s, ['ClusterOperatorDegraded'], { name: o.name }));
      return [f];
    });
  },
};
