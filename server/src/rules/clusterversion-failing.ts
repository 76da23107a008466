/**
 * clusterversion-failing: ClusterVersion reports Failing=True. A refused release (the 4.7–4.9
 * precondition and payload reasons) is clusterversion-update-not-accepted's to explain. A Failing
 * that only repeats operators' Degraded or Available=False is a warning, as `oc adm upgrade
 * status` prints it ("Update Stalled"): the operators' own findings carry the error.
 */
import { quoteMaxLength } from '../core/finding';
import { findCondition } from '../model/condition';
import { operatorsNamed } from '../model/operatorMessages';
import type { Snapshot } from '../model/snapshot';
import { notAcceptedFailingReasons } from '../model/updateAcceptance';
import { releaseRefusedCause } from './common/consequences';
import { finding } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';
import { heldFor, paragraphs } from './common/words';

/**
 * The CVO's Failing reasons that only say operators are degraded or unavailable
 * (cluster-version-operator `pkg/payload/task.go`, the ClusterOperator precondition errors):
 * `operator-degraded` and `operator-unavailable` judge those operators.
 */
const operatorReasons = new Set([
  'ClusterOperatorDegraded',
  'ClusterOperatorsDegraded',
  'ClusterOperatorNotAvailable',
  'ClusterOperatorsNotAvailable',
]);

export const clusterVersionFailing: Rule = {
  meta: {
    id: 'clusterversion-failing',
    defaultSeverity: 'error',
    levels: 'error (warning when it only repeats degraded or unavailable operators)',
    description: 'ClusterVersion reports Failing=True',
    explanation:
      'ClusterVersion reports Failing=True; links the operators it names (not for a refused release: that is `clusterversion-update-not-accepted`).',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator'],
    leadsTo: [
      'clusterversion-update-incomplete',
      'cvo-waiting-on-operator',
      'hostedcluster-version-failing',
    ],
  },
  check(s: Snapshot, _context: RuleContext) {
    const cv = s.clusterVersion;
    const c = cv && findCondition(cv.conditions, 'Failing');
    if (!cv || c?.status !== 'True') return [];
    const named = operatorsNamed(c.message);
    const held = heldFor(c.lastTransitionTime, s.gatherTime);
    const message =
      `ClusterVersion is Failing${c.reason ? ` (${clip(c.reason, 60)})` : ''}${held}: ` +
      (c.message ? `"${clip(c.message, 100)}"` : 'no message');
    const detail = paragraphs(
      `The cluster-version operator reports Failing since ${when(c.lastTransitionTime, s.gatherTime)}` +
        (c.reason ? ` (${c.reason})` : '') +
        `: ${clip(c.message || 'no message', 400)}.`,
      named.length
        ? `Start from the ClusterOperator${named.length > 1 ? 's' : ''} it names: ${named.join(', ')}.`
        : '',
    );
    const f = finding(
      clusterVersionFailing,
      cv.subject,
      c.location,
      { message, detail },
      named.map((n) => {
        const o = s.operators.find((x) => x.name === n);
        const deg = o && findCondition(o.conditions, 'Degraded');
        return o
          ? { ...(deg?.location ?? o.at('status')), message: `ClusterOperator ${n}` }
          : undefined;
      }),
      operatorReasons.has(c.reason) ? 'warning' : 'error',
      c.lastTransitionTime,
    );
    if (c.message) f.quote = clip(c.message, quoteMaxLength);
    if (Object.hasOwn(notAcceptedFailingReasons, c.reason)) f.cause = releaseRefusedCause;
    return [f];
  },
};
