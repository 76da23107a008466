/** operator-not-upgradeable: a ClusterOperator reports Upgradeable=False, which blocks minor updates. */
import { findCondition } from '../model/condition';
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { isKubeletSkewReason, kubeletSkewCause } from '../model/kubeletSkew';
import { finding } from './rule';
import type { Rule } from './rule';
import { clip } from '../core/text';
import { conditionWords, withQuote, since } from './common/operatorWords';
import { heldFor, paragraphs } from './common/words';

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
      const words = conditionWords(c);
      const blocks = zStreamsRefused(s) ? 'minor and z-stream updates' : 'minor updates';
      // A reason such as PoolUpdating says it; a sentence (bug 1939270) or none is quoted short.
      const held = `${o.name} is not upgradeable${heldFor(c.lastTransitionTime, s.gatherTime)}`;
      const message = /^\w{1,60}$/.test(c.reason)
        ? `${held} (${c.reason}), which blocks ${blocks}`
        : withQuote(`${held}, which blocks ${blocks}`, c, 80);
      const detail = paragraphs(
        `Its \`Upgradeable\` condition has been False ${since(c.lastTransitionTime, s.gatherTime)}` +
          (words ? `: ${clip(words, 300)}.` : ', with no reason or message.'),
        zStreamNote(s),
        `Clear the cause before ${zStreamsRefused(s) ? 'any' : 'a minor'} update.`,
      );
      const f = finding(operatorNotUpgradeable, o.subject, c.location, { message, detail });
      // The kubelet skew the kube-apiserver operator blocks on: node-version-skew explains it.
      if (o.name === 'kube-apiserver' && isKubeletSkewReason(c.reason)) f.cause = kubeletSkewCause;
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
  const zStream = zStreamsRefused(s)
    ? 'On 4.7 ClusterVersion overrides are set, so z-stream updates are refused too.'
    : 'z-stream updates are still allowed.';
  return (
    'The cluster-version operator refuses updates to a new minor version until it clears; ' +
    zStream +
    ' A forced update bypasses the check (PreconditionsForced).'
  );
}

/** 4.7 refuses z-streams too while ClusterVersion overrides are set. */
function zStreamsRefused(s: Snapshot): boolean {
  const cv = s.clusterVersion;
  const release = parseRelease(cv?.desiredVersion);
  const overrides = Array.isArray(cv?.spec.overrides) && cv.spec.overrides.length > 0;
  return !!release && !atLeast(release, 4, 8) && overrides;
}
