/** clusterversion-update-incomplete: the newest ClusterVersion history entry is a Partial update. */
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, listing, when } from '../core/text';

export const clusterVersionUpdateIncomplete: Rule = {
  id: 'clusterversion-update-incomplete',
  defaultSeverity: 'warning',
  summary: 'the cluster update in progress has not completed',
  check(s: Snapshot, _context: RuleContext) {
    const cv = s.clusterVersion;
    const latest = cv?.history[0];
    if (!cv || !latest || !cv.updateInProgress) return [];
    const target = cv.desiredVersion ?? latest.version;
    const progressing = findCondition(cv.conditions, 'Progressing');
    const failing = findCondition(cv.conditions, 'Failing');
    const lagging = s.operators.filter(
      (o) => o.operatorVersion && o.operatorVersion.version !== target,
    );
    const from = cv.history.find((h, i) => i > 0 && h.state === 'Completed');
    const message =
      `The update ${from ? `from ${from.version} ` : ''}to ${target} started ${when(latest.startedTime, s.gatherTime)} and has not completed (history state Partial).` +
      (progressing?.message ? ` Progressing: "${clip(progressing.message)}".` : '') +
      (failing?.status === 'True' ? ` Failing: "${clip(failing.message)}".` : '') +
      (lagging.length
        ? ` Operators not yet at ${target}: ${listing(lagging.map((o) => `${o.name} (${o.operatorVersion?.version})`))}.`
        : '');
    return [
      finding(clusterVersionUpdateIncomplete, cv.subject, latest.location, message, [
        progressing &&
          rel(progressing.location, `ClusterVersion Progressing=${progressing.status}`),
        failing?.status === 'True'
          ? rel(failing.location, 'ClusterVersion Failing=True')
          : undefined,
        ...lagging.map((o) =>
          rel(o.operatorVersion?.location, `${o.name} reports ${o.operatorVersion?.version}`),
        ),
      ]),
    ];
  },
};
