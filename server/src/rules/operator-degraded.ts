/**
 * operator-degraded: a ClusterOperator reports Degraded=True, with its own reason and message:
 * information under 5 minutes, a warning, an error from 40 minutes (as oc adm upgrade status).
 * A static-pod operator degraded only by its installer or etcd members is explained by
 * control-plane-rollout-stuck (the `static-pod-rollout` cause), which reports that rollout. A ClusterOperatorDegraded alert on the
 * operator is related evidence.
 */
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { degradedOnlyByRollout } from '../model/staticPods';
import { alertEvidence } from './common/alertText';
import { cvoReaction } from './common/releaseNotes';
import { agedOperatorFinding, conditionWords, withQuote, since } from './common/operatorWords';
import { heldFor } from './common/words';
import { whereToLook } from './common/operatorLeads';

import type { Rule, RuleContext } from './rule';
import { clip } from '../core/text';
import {
  clusterSymptoms,
  degradedBesideRolloutCause,
  staticPodRolloutCause,
} from './common/consequences';

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
    leadsTo: [...clusterSymptoms],
    // Failing installers or members among other reasons of the same Degraded=True.
    explains: [{ rule: 'control-plane-rollout-stuck', cause: degradedBesideRolloutCause }],
  },
  check(s: Snapshot, context: RuleContext) {
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Degraded');
      if (c?.status !== 'True') return [];
      const words = conditionWords(c);
      const message = withQuote(
        `${o.name} is Degraded${heldFor(c.lastTransitionTime, s.gatherTime)}`,
        c,
      );
      const f = agedOperatorFinding(
        operatorDegraded,
        s,
        context,
        o,
        c,
        {
          message,
          why: [
            `Its \`Degraded\` condition has been True ${since(c.lastTransitionTime, s.gatherTime)}` +
              (words ? `: ${clip(words, 400)}.` : ', with no reason or message.'),
            cvoReaction(s, o, 'degraded'),
          ],
          todo:
            o.name === 'machine-config'
              ? 'Open the pools its message names (`cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/`) and read their NodeDegraded or RenderDegraded conditions.'
              : whereToLook(s, o, c),
        },
        40,
      );
      f.related.push(...alertEvidence(s, ['ClusterOperatorDegraded'], { name: o.name }));
      // An installer or etcd-member failure alone: control-plane-rollout-stuck explains it.
      if (degradedOnlyByRollout(o)) f.cause = staticPodRolloutCause;
      return [f];
    });
  },
};
