/**
 * alert-firing: while an update is in flight, a Prometheus alert of the must-gather's saved
 * alerts fires, chosen as `oc adm upgrade status` chooses the alerts of its Update Health
 * (openshift/oc `pkg/cli/admin/upgrade/status/alerts.go`, `parseAlertDataToInsights`): an alert
 * with an `alertname`, not pending, of severity warning or critical, that started firing after the
 * update started, or one known to affect updates (PodDisruptionBudgetAtLimit,
 * PodDisruptionBudgetLimit) whenever it started. Critical alerts are errors (our levels have no
 * "critical"), warnings warnings.
 */
import { messageMaxLength } from '../core/finding';
import type { FindingText } from '../core/finding';
import { clip, when } from '../core/text';
import { heldFor, paragraphs } from './common/words';
import type { Alert } from '../model/alerts';
import { findCondition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import { alertObject, alertSubject, budgetAlerts } from './common/alertText';
import { assessmentOf, finding, updating } from './rule';
import type { Rule, RuleContext } from './rule';

/** oc's `allowedAlerts`: shown even when they fired before the update started. */
const alertsKnownToAffectUpdates: readonly string[] = budgetAlerts;

export const alertFiring: Rule = {
  meta: {
    id: 'alert-firing',
    defaultSeverity: 'warning',
    levels: 'warning (error for a `critical` alert)',
    description:
      'a Prometheus alert fires during an update (started during it, or known to affect updates), as oc adm upgrade status lists them',
    explanation:
      'while an update is in flight, a Prometheus alert the must-gather saved (`monitoring/prometheus/rules.json`) fires, chosen as `oc adm upgrade status` chooses them: started during the update, or `PodDisruptionBudgetAtLimit` / `PodDisruptionBudgetLimit` whenever it started; not pending, severity warning or critical. Impact `Unknown`, as oc says. A budget alert is also evidence on the drain it blocks (`mco-drain-stuck`, `node-mcd-degraded`), `ClusterOperatorDown` / `ClusterOperatorDegraded` on `operator-unavailable` / `operator-degraded`.',
    impact: 'Unknown',
    reads: ['ClusterVersion', 'Alert'],
  },
  check(s: Snapshot, context: RuleContext) {
    const a = assessmentOf(s, context);
    // oc looks at alerts only while the cluster updates.
    if (s.alerts.length === 0 || !updating(a)) return [];
    // oc: the newest history entry's start, else the Progressing condition's last change.
    const start =
      a.controlPlane.startedAt ??
      (s.clusterVersion && findCondition(s.clusterVersion.conditions, 'Progressing'))
        ?.lastTransitionTime;
    return s.alerts.flatMap((alert) => {
      if (alert.name === '' || alert.state === 'pending') return [];
      const severity =
        alert.severity === 'critical' ? 'error' : alert.severity === 'warning' ? 'warning' : '';
      if (severity === '') return [];
      // Go's zero time is before every time: without a start, every dated alert is "during".
      const during =
        alert.activeAt !== undefined &&
        (start === undefined || start.getTime() < alert.activeAt.getTime());
      const known = alertsKnownToAffectUpdates.includes(alert.name);
      if (!known && !during) return [];
      const why = known
        ? during
          ? 'Alert known to affect updates started firing during the update.'
          : 'Alert known to affect updates has been firing since before the update started.'
        : 'Alert started firing during the update.';
      const f = finding(
        alertFiring,
        subjectOf(alert),
        alert.location,
        messageOf(s, alert, why, known && !during),
        [],
        severity,
        alert.activeAt,
      );
      const about = alertSubject(alert);
      if (about) f.about = about;
      return [f];
    });
  },
};

/** `alert/<namespace>/<alertname>`, `alert/<alertname>` for an alert without a namespace. */
function subjectOf(a: Alert): string {
  return `alert/${a.namespace ? `${a.namespace}/` : ''}${a.name}`;
}

function messageOf(s: Snapshot, a: Alert, why: string, before: boolean): FindingText {
  const what = alertObject(a);
  const held = heldFor(a.activeAt, s.gatherTime);
  const head =
    `Alert ${a.name} is firing${what ? ` for ${what}` : ''}${held}` +
    (before ? ', since before the update' : '');
  // The summary, quoted, as far as the line has room for it.
  const room = messageMaxLength - head.length - 4;
  const summary = a.summary?.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  const message = summary && room >= 30 ? `${head}: "${clip(summary, room)}"` : head;
  const since = a.activeAt
    ? `Firing since ${when(a.activeAt, s.gatherTime)}`
    : 'Firing (the file does not say since when)';
  // oc's description: why the alert is shown, then the alert's own words.
  const own =
    a.description && a.message ? `${a.description} | ${a.message}` : (a.description ?? a.message);
  const described = own
    ? `The alert description is: ${sentence(clip(own, 400))}`
    : 'The alert has no description.';
  return {
    message,
    detail: paragraphs(
      `${since}: ${sentence(clip(a.summary ?? a.name, 240))}`,
      `${why} ${described}`,
      a.runbook ? `Runbook: ${clip(a.runbook, 200)}` : '',
    ),
  };
}

function sentence(s: string): string {
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}
