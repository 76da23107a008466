/** operator-not-leveled: a ClusterOperator reports an operator version other than the cluster's target. */
import { describe, findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

export const operatorNotLeveled: Rule = {
  id: 'operator-not-leveled',
  defaultSeverity: 'warning',
  summary: "a ClusterOperator has not reached the cluster's target version",
  check(s: Snapshot, _context: RuleContext) {
    const cv = s.clusterVersion;
    const target = cv?.desiredVersion;
    if (!cv || !target) return [];
    return s.operators.flatMap((o) => {
      const v = o.operatorVersion;
      if (!v || v.version === target) return [];
      const conds = ['Available', 'Progressing', 'Degraded'].map((t) =>
        describe(findCondition(o.conditions, t), t),
      );
      const degraded = findCondition(o.conditions, 'Degraded');
      const message =
        `${o.name} reports operator version ${v.version || '(empty)'}, but the cluster's target is ${target}. ` +
        `The cluster-version operator waits until every operator reports the target version. ${o.name} reports ${conds.join(', ')}.`;
      return [
        finding(operatorNotLeveled, o.subject, v.location, message, [
          rel(cv.at('status', 'desired'), `ClusterVersion desires ${target}`),
          degraded?.status === 'True'
            ? rel(degraded.location, `${o.name} ${describe(degraded)}`)
            : undefined,
        ]),
      ];
    });
  },
};
