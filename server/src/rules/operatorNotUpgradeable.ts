/** operator-not-upgradeable: a ClusterOperator reports Upgradeable=False, which blocks minor updates. */
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { finding } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';

export const operatorNotUpgradeable: Rule = {
  id: 'operator-not-upgradeable',
  defaultSeverity: 'info',
  summary: 'a ClusterOperator reports Upgradeable=False',
  check(s: Snapshot, _context: RuleContext) {
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Upgradeable');
      if (c?.status !== 'False') return [];
      // 4.7.0 to 4.7.4 machine-config put the sentence in the reason field (bug 1939270).
      const detail = [c.reason, c.message].filter((x) => x !== '').join(': ');
      const message =
        `${o.name} is not upgradeable since ${when(c.lastTransitionTime, s.gatherTime)}` +
        (detail ? `: ${clip(detail, 300)}.` : '.') +
        ' The cluster-version operator refuses updates to a new minor version until it clears; z-stream updates are still allowed.';
      return [finding(operatorNotUpgradeable, o.subject, c.location, message)];
    });
  },
};
