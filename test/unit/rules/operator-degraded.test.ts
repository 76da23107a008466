import assert from 'node:assert/strict';
import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { operator, pool } from '../../../server/src/model/snapshot';
import { operatorDegraded } from '../../../server/src/rules/operator-degraded';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { labelsOf, setCondition } from '../../support/snapshot';
import { withAlerts } from '../../support/alerts';

ruleTester(operatorDegraded, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      // No rule calls another: mco-blocked-by-non-required-pool's `explains` folds this finding
      // into its own after the levels (test/unit/explained.test.ts).
      name: 'reports machine-config on seed 000, for mco-blocked-by-non-required-pool to explain',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        { severity: 'error', subject: 'co/machine-config', message: /RequiredPoolsFailed/ },
      ],
    },
    {
      name: 'reports machine-config once the pool it names is required',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        labelsOf(pool(s, 'worker')!)[requiredForUpgradeLabel] = '';
      }),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: [
            /^machine-config is Degraded for 2h35m: "RequiredPoolsFailed: Unable to apply 4\.7\.4/,
            /has been True since 2021-03-25T09:45:01Z \(2h35m before the gather\): RequiredPoolsFailed: Unable to apply 4\.7\.4: .*error pool worker is not ready/,
            /On 4\.7 the cluster-version operator checks versions first/,
          ],
        },
      ],
      // The short line quotes the operator's words clipped inside the quotes; the detail has them whole.
      check: ([f]) => {
        assert.match(
          f!.message,
          /^machine-config is Degraded for 2h35m: "RequiredPoolsFailed: .*…"$/,
        );
        assert.match(f!.detail!, /unavailable: 11\)\./);
      },
    },
    {
      name: 'reports any other degraded operator',
      snapshot: snapshotOf(samples.healthy, (s) =>
        setCondition(operator(s, 'ingress')!, 'Degraded', {
          status: 'True',
          reason: 'IngressDegraded',
          message: 'The "default" ingress controller reports Degraded=True',
        }),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'co/ingress',
          message: [
            /^ingress is Degraded for 3d7h: "IngressDegraded: The "default" ingress controller reports Degraded=True"$/m,
            /During an update the cluster-version operator waits up to 40 minutes on a degraded operator/,
          ],
        },
      ],
    },
  ],
});

/** healthy-4.10 was gathered at 2022-03-24T17:41:05Z. */
const networkDegradedFor = (minutes: number) => (s: Parameters<typeof operator>[0]) =>
  setCondition(operator(s, 'network')!, 'Degraded', {
    status: 'True',
    reason: 'RolloutHung',
    message: 'DaemonSet "/openshift-multus/multus" rollout is not making progress',
    lastTransitionTime: new Date(Date.parse('2022-03-24T17:41:05Z') - minutes * 60_000)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z'),
  });

// Levels follow the condition's age at the gather, as oc adm upgrade status judges them
// (openshift/oc pkg/cli/admin/upgrade/status/controlplane.go, coInsights: 5 and 40 minutes).
ruleTester(operatorDegraded, {
  valid: [],
  invalid: [
    {
      name: 'degraded for 1 minute: information',
      snapshot: snapshotOf(samples.healthy, networkDegradedFor(1)),
      findings: [
        { severity: 'info', subject: 'co/network', message: /changed just before the gather/ },
      ],
    },
    {
      name: 'degraded for 30 minutes: a warning (the CVO waits up to 40)',
      snapshot: snapshotOf(samples.healthy, networkDegradedFor(30)),
      findings: [{ severity: 'warning', subject: 'co/network', message: /under the 40 minutes/ }],
    },
    {
      name: 'degraded for 50 minutes: an error',
      snapshot: snapshotOf(samples.healthy, networkDegradedFor(50)),
      findings: [{ severity: 'error', subject: 'co/network', message: /RolloutHung/ }],
    },
  ],
});

// The CVO's ClusterOperatorDegraded alert on the same operator backs the condition.
ruleTester(operatorDegraded, {
  valid: [],
  invalid: [
    {
      name: "ClusterOperatorDegraded on the operator is related evidence; another operator's is not",
      snapshot: snapshotOf(
        samples.healthy,
        networkDegradedFor(50),
        withAlerts(
          {
            labels: {
              alertname: 'ClusterOperatorDegraded',
              name: 'network',
              namespace: 'openshift-cluster-version',
              reason: 'RolloutHung',
              severity: 'warning',
            },
            minutesAgo: 20,
          },
          {
            labels: {
              alertname: 'ClusterOperatorDegraded',
              name: 'ingress',
              namespace: 'openshift-cluster-version',
              severity: 'warning',
            },
            minutesAgo: 20,
          },
          {
            labels: {
              alertname: 'ClusterOperatorDown',
              name: 'network',
              namespace: 'openshift-cluster-version',
              severity: 'critical',
            },
            minutesAgo: 20,
          },
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'co/network',
          message: /^network is Degraded for 50m\d+s: "RolloutHung: DaemonSet /,
          related: [
            (r) =>
              r.pointer === '/data/alerts/0' &&
              r.message ===
                'Prometheus alert ClusterOperatorDegraded (ClusterOperator network) firing since 2022-03-24T17:21:05Z (20m0s before the gather)',
          ],
        },
      ],
      check: ([f]) =>
        assert.equal(f!.related.length, 1, 'only the alert on network being degraded'),
    },
  ],
});
