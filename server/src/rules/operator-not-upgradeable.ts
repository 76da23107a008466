/** operator-not-upgradeable: a ClusterOperator reports Upgradeable=False, which blocks minor updates. */
import { findCondition } from '../model/condition';
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { isKubeletSkewReason, kubeletSkew } from './node-version-skew';
import { finding } from './rule';
import type { Rule } from './rule';
import { clip, when } from '../core/text';

export const operatorNotUpgradeable: Rule = {
  meta: {
    id: 'operator-not-upgradeable',
    defaultSeverity: 'info',
    levels: 'info',
    description: 'a ClusterOperator reports Upgradeable=False',
    explanation: 'a ClusterOperator reports Upgradeable=False (blocks minor updates).',
    impact: 'None',
    reads: ['ClusterVersion', 'ClusterOperator'],
  },
  check(s: Snapshot) {
    return s.operators.flatMap((o) => {
      const c = findCondition(o.conditions, 'Upgradeable');
      if (c?.status !== 'False') return [];
      // 4.7.0 to 4.7.4 machine-config put the sentence in the reason field (bug 1939270).
      const detail = [c.reason, c.message].filter((x) => x !== '').join(': ');
      const message =
        `${o.name} is not upgradeable since ${when(c.lastTransitionTime, s.gatherTime)}` +
        (detail ? `: ${clip(detail, 300)}.` : '.') +
        zStreamNote(s);
      const f = finding(operatorNotUpgradeable, o.subject, c.location, message);
      // The kubelet skew the kube-apiserver operator blocks on: node-version-skew explains it.
      if (o.name === 'kube-apiserver' && isKubeletSkewReason(c.reason)) f.cause = kubeletSkew;
      return [f];
    });
  },
};

/**
 * What Upgradeable=False blocks (cluster-version-operator upgradeable preconditions): minor
 * updates; on 4.7 also z-streams while ClusterVersion overrides are set; a forced update
 * bypasses the check (PreconditionsForced).
 */
function zStreamNote(s: Snapshot): string {
  const cv = s.clusterVersion;
  const release = parseRelease(cv?.desiredVersion);
  const overrides = Array.isArray(cv?.spec.overrides) && cv.spec.overrides.length > 0;
  const zStream =
    release && !atLeast(release, 4, 8) && overrides
      ? ' On 4.7 ClusterVersion overrides are set, so z-stream updates are refused too.'
      : ' z-stream updates are still allowed.';
  return (
    ' The cluster-version operator refuses updates to a new minor version until it clears;' +
    zStream +
    ' A forced update bypasses the check (PreconditionsForced).'
  );
}
