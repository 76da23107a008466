/** clusterversion-update-incomplete: the newest ClusterVersion history entry is a Partial update. */
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { messageMaxLength } from '../core/finding';
import { clip, duration, isoTime, listing, when } from '../core/text';
import { fitted, paragraphs, someNames } from './common/words';

export const clusterVersionUpdateIncomplete: Rule = {
  meta: {
    id: 'clusterversion-update-incomplete',
    defaultSeverity: 'warning',
    levels:
      'info (the status judges slow and stalled updates) / warning (started over an update that never completed)',
    description: 'the cluster update in progress has not completed',
    explanation:
      'the newest ClusterVersion history entry is a Partial update; says since when, from what, and who lags.',
    impact: 'None',
    reads: ['ClusterVersion', 'ClusterOperator'],
  },
  check(s: Snapshot, context: RuleContext) {
    const cv = s.clusterVersion;
    const latest = cv?.history[0];
    if (!cv || !latest || !cv.updateInProgress) return [];
    const cp = assessmentOf(s, context).controlPlane;
    const target = cv.desiredVersion ?? latest.version;
    const progressing = findCondition(cv.conditions, 'Progressing');
    const failing = findCondition(cv.conditions, 'Failing');
    const lagging = s.operators.filter(
      (o) => o.operatorVersion && o.operatorVersion.version !== target,
    );
    const from = cp.from
      ? cp.fromIncomplete
        ? `from ${cp.from} (an update that itself never completed; the last completed release is ${cp.lastCompleted ?? 'unknown'}) `
        : `from ${cp.from} `
      : '';
    // An update in flight is incomplete by definition. Slow or stalled is the control plane's
    // assessment (oc's Assessment line, not an Update Health row), and why is owned by the
    // findings that hold it: information here. Started on top of an update that never completed
    // is this finding's own fact, a warning (oc warns about that one too).
    const severity = cp.fromIncomplete ? 'warning' : 'info';
    const state =
      cp.assessment === 'Stalled' || cp.assessment === 'ProgressingSlow'
        ? `The update status judges it ${cp.assessment === 'Stalled' ? 'stalled' : 'slow'}: ${cp.reason}`
        : '';
    const verdict =
      cp.assessment === 'Stalled'
        ? 'is stalled'
        : cp.assessment === 'ProgressingSlow'
          ? 'is slow'
          : 'has not completed';
    const age = sinceStart(latest.startedTime, s.gatherTime);
    const names = lagging.map((o) => o.name);
    const message = fitted(
      messageMaxLength,
      `The update ${cp.from ? `from ${cp.from}${cp.fromIncomplete ? ' (itself never completed)' : ''} ` : ''}to ${target} ${verdict}${age}`,
      lagging.length
        ? `; ${someNames(names)} ${names.length === 1 ? 'is' : 'are'} not yet at ${target}`
        : '',
    );
    const detail = paragraphs(
      `The update ${from}to ${target} started ${when(latest.startedTime, s.gatherTime)} and has not completed (history state Partial).`,
      state,
      [
        progressing?.message ? `Progressing: "${clip(progressing.message)}".` : '',
        failing?.status === 'True' ? `Failing: "${clip(failing.message)}".` : '',
      ]
        .filter((x) => x !== '')
        .join(' '),
      lagging.length
        ? `Operators not yet at ${target}: ${listing(lagging.map((o) => `${o.name} (${o.operatorVersion?.version})`))}. Start from them.`
        : '',
    );
    return [
      finding(
        clusterVersionUpdateIncomplete,
        cv.subject,
        latest.location,
        { message, detail },
        [
          progressing &&
            rel(progressing.location, `ClusterVersion Progressing=${progressing.status}`),
          failing?.status === 'True'
            ? rel(failing.location, 'ClusterVersion Failing=True')
            : undefined,
          ...lagging.map((o) =>
            rel(o.operatorVersion?.location, `${o.name} reports ${o.operatorVersion?.version}`),
          ),
          cp.fromIncomplete
            ? rel(cv.history[1]?.location, `the update to ${cp.from} is Partial`)
            : undefined,
        ],
        severity,
        latest.startedTime,
      ),
    ];
  },
};

/** `, 3h4m after it started` (at the gather), ` (started 2024-04-09T13:18:05Z)` without a gather time. */
function sinceStart(started: Date | undefined, gatherTime: Date | undefined): string {
  if (!started) return '';
  if (!gatherTime || gatherTime.getTime() < started.getTime())
    return ` (started ${isoTime(started)})`;
  return `, ${duration(gatherTime.getTime() - started.getTime())} after it started`;
}
