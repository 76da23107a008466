import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { alertFiring } from '../../../server/src/rules/alert-firing';
import { withAlerts } from '../../support/alerts';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';

/**
 * `update-stalled-degraded-node` started its update 3h04m (184 minutes) before the gather:
 * an alert active for less is "during the update", for more "before".
 */
const during = 60;
const before = 300;

const pdbAtLimit = {
  alertname: 'PodDisruptionBudgetAtLimit',
  namespace: 'payments',
  poddisruptionbudget: 'ledger',
  severity: 'warning',
};
const podNotReady = {
  alertname: 'KubePodNotReady',
  namespace: 'openshift-monitoring',
  pod: 'prometheus-k8s-1',
  severity: 'warning',
};

const history0 = (s: Snapshot) => (s.clusterVersion!.status.history as Json[])[0]!;
const progressing = (s: Snapshot) =>
  (s.clusterVersion!.status.conditions as Json[]).find((c) => c.type === 'Progressing')!;
const minutesBefore = (s: Snapshot, m: number) =>
  new Date(s.gatherTime!.getTime() - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

// oc adm upgrade status' choice (openshift/oc pkg/cli/admin/upgrade/status/alerts.go).
ruleTester(alertFiring, {
  valid: [
    {
      name: 'update-draining: what fires predates the update (AlertmanagerReceiversNotConfigured), is Watchdog or is a pending info alert',
      snapshot: snapshotOf(updates.draining),
      reason: 'oc shows none of them',
    },
    {
      name: 'not while no update is in flight, whatever fires (healthy-4.10)',
      snapshot: snapshotOf(samples.healthy, withAlerts({ labels: podNotReady, minutesAgo: 30 })),
    },
    {
      name: 'not once the update completed (update-completed-pool-rolling)',
      snapshot: snapshotOf(
        updates.completedPoolRolling,
        withAlerts({ labels: { ...podNotReady, severity: 'critical' }, minutesAgo: 5 }),
      ),
    },
    {
      name: 'an alert that fired before the update started, not known to affect updates',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts({ labels: podNotReady, minutesAgo: before }),
      ),
    },
    {
      name: 'a pending alert, even one known to affect updates',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts(
          { labels: podNotReady, state: 'pending', minutesAgo: during },
          { labels: pdbAtLimit, state: 'pending', minutesAgo: during },
        ),
      ),
    },
    {
      name: 'severity info, none, or none given: below what oc shows',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts(
          { labels: { ...podNotReady, severity: 'info' }, minutesAgo: during },
          {
            labels: { alertname: 'Watchdog', namespace: 'openshift-monitoring', severity: 'none' },
            minutesAgo: during,
          },
          { labels: { alertname: 'SomethingCustom', namespace: 'shop' }, minutesAgo: during },
          { labels: { ...pdbAtLimit, severity: 'info' }, minutesAgo: before },
        ),
      ),
    },
    {
      name: 'an alert without an alertname label',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts({ labels: { namespace: 'shop', severity: 'critical' }, minutesAgo: during }),
      ),
    },
    {
      name: 'an alert without activeAt is not one that started during the update',
      snapshot: snapshotOf(updates.stalled, withAlerts({ labels: podNotReady })),
    },
    {
      name: 'the update start falls back to the Progressing condition without a history start',
      snapshot: snapshotOf(updates.stalled, (s) => {
        delete history0(s).startedTime;
        progressing(s).lastTransitionTime = minutesBefore(s, 20);
        withAlerts({ labels: podNotReady, minutesAgo: 30 })(s);
      }),
      reason: 'the alert fired 30 minutes ago, before Progressing changed 20 minutes ago',
    },
  ],
  invalid: [
    {
      name: 'update-stalled-degraded-node as gathered: the four alerts oc would list, in the file order',
      snapshot: snapshotOf(updates.stalled),
      findings: [
        {
          severity: 'warning',
          subject: 'alert/openshift-cluster-version/ClusterOperatorDegraded',
          message: [
            /^Alert ClusterOperatorDegraded is firing for ClusterOperator machine-config for 1h49m: "Cluster operator has been degraded for 30 minutes"\n/,
            /\nFiring since 2024-04-09T14:32:15Z \(1h49m before the gather\): Cluster operator has been degraded for 30 minutes\.\n/,
            /Alert started firing during the update\. The alert description is: The machine-config operator is degraded because RequiredPoolsFailed, /,
          ],
        },
        {
          severity: 'warning',
          subject: 'alert/payments/PodDisruptionBudgetAtLimit',
          message: [
            /^Alert PodDisruptionBudgetAtLimit is firing for PodDisruptionBudget payments\/ledger for 4d1h, since before the update: "The pod disruption budget is preventing further disruption to pods"\n/,
            /\nFiring since 2024-04-05T15:21:58Z \(4d1h before the gather\): The pod disruption budget is preventing further disruption to pods\.\n/,
            /Alert known to affect updates has been firing since before the update started\. The alert description is: The pod disruption budget is at the minimum disruptions allowed level\./,
            /Runbook: https:\/\/github\.com\/openshift\/runbooks\/blob\/master\/alerts\/cluster-kube-controller-manager-operator\/PodDisruptionBudgetAtLimit\.md$/,
          ],
          location: (s) => ({
            file: `${s.root.path}/monitoring/prometheus/rules.json`,
            doc: 0,
            pointer: '/data/groups/2/rules/1/alerts/0',
          }),
        },
        {
          severity: 'warning',
          subject: 'alert/openshift-machine-config-operator/MCCDrainError',
          message: [
            /^Alert MCCDrainError is firing for node ip-10-0-151-214\.ec2\.internal for 1h14m: "Alerts the user to a failed node drain\./,
            /\nFiring since 2024-04-09T15:07:29Z/,
            /The alert description is: Drain failed on ip-10-0-151-214\.ec2\.internal , updates may be blocked\./,
          ],
        },
        {
          severity: 'warning',
          subject: 'alert/openshift-monitoring/KubePodNotReady',
          message: [
            /^Alert KubePodNotReady is firing for pod openshift-monitoring\/prometheus-k8s-1 for 2h17m: "Pod has been in a non-ready state for more than 15 minutes"\n/,
            /Alert started firing during the update\./,
          ],
        },
      ],
      check: (found, s) => {
        // No runbook annotation: nothing said (oc's "<alert does not have …>" is its table's).
        assert.doesNotMatch(wordsOf(found[2]!), /Runbook/);
        // `since` is activeAt, as oc's insight start.
        assert.equal(found[1]!.since?.toISOString(), '2024-04-05T15:21:58.116Z');
        assert.ok(found.every((f) => f.location.file === found[0]!.location.file));
        assert.equal(s.alerts.length, 8, 'every pending and firing alert of the file is read');
      },
    },
    {
      name: 'an alert known to affect updates that started during the update says so',
      snapshot: snapshotOf(updates.stalled, withAlerts({ labels: pdbAtLimit, minutesAgo: during })),
      findings: [
        {
          severity: 'warning',
          subject: 'alert/payments/PodDisruptionBudgetAtLimit',
          message: [
            /^Alert PodDisruptionBudgetAtLimit is firing for PodDisruptionBudget payments\/ledger for 1h0m\n/,
            /since .* \(1h0m before the gather\): PodDisruptionBudgetAtLimit\.\n\nAlert known to affect updates started firing during the update\. The alert has no description\.$/,
          ],
        },
      ],
    },
    {
      name: 'a critical alert is an error; a warning a warning',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts(
          {
            labels: { ...pdbAtLimit, alertname: 'PodDisruptionBudgetLimit', severity: 'critical' },
            annotations: {
              summary: 'The pod disruption budget registers insufficient amount of pods.',
            },
            minutesAgo: before,
          },
          { labels: podNotReady, minutesAgo: during },
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'alert/payments/PodDisruptionBudgetLimit',
          message:
            /: The pod disruption budget registers insufficient amount of pods\.\n\nAlert known to affect updates has been firing since before the update started\./,
        },
        {
          severity: 'warning',
          subject: 'alert/openshift-monitoring/KubePodNotReady',
          message: /./,
        },
      ],
    },
    {
      name: "the alert's description and message, as oc joins them; the subject without a namespace",
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts(
          {
            labels: { alertname: 'ClusterWide', severity: 'warning' },
            annotations: { description: 'First words', message: 'older words' },
            minutesAgo: during,
          },
          {
            labels: { alertname: 'OldStyle', severity: 'warning' },
            annotations: { message: 'Only a message' },
            minutesAgo: during,
          },
        ),
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'alert/ClusterWide',
          message:
            /^Alert ClusterWide is firing for 1h0m\nFiring since .*: ClusterWide\.\n\nAlert started firing during the update\. The alert description is: First words \| older words\.$/,
        },
        {
          severity: 'warning',
          subject: 'alert/OldStyle',
          message: /The alert description is: Only a message\.$/,
        },
      ],
    },
    {
      name: 'a long summary is quoted as far as the line has room, whole in the detail',
      snapshot: snapshotOf(
        updates.stalled,
        withAlerts({
          labels: podNotReady,
          annotations: {
            summary: `Pod is not ready ${'and still not ready '.repeat(8)}in the end.`,
          },
          minutesAgo: during,
        }),
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'alert/openshift-monitoring/KubePodNotReady',
          message: /\nFiring since .*: Pod is not ready (and still not ready ){8}in the end\.\n/,
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^Alert KubePodNotReady is firing for pod openshift-monitoring\/prometheus-k8s-1 for 1h0m: "Pod is not ready and still .*…"$/,
        ),
    },
    {
      name: 'the update start falls back to the Progressing condition without a history start',
      snapshot: snapshotOf(updates.stalled, (s) => {
        delete history0(s).startedTime;
        progressing(s).lastTransitionTime = minutesBefore(s, 40);
        withAlerts({ labels: podNotReady, minutesAgo: 30 })(s);
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'alert/openshift-monitoring/KubePodNotReady',
          message: /Alert started firing during the update\./,
        },
      ],
    },
  ],
});
