import assert from 'node:assert/strict';
import { operatorUnavailable } from '../../../server/src/rules/operator-unavailable';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';
import { withAlerts } from '../../support/alerts';
import { operator } from '../../../server/src/model/snapshot';

ruleTester(operatorUnavailable, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'reports machine-config on 4.7 and says why it follows Degraded (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: [
            /^machine-config is not available for 3h1m: "Cluster not available for 4\.7\.4"$/m,
            /has been False since 2021-03-25T09:18:42Z \(3h1m before the gather\): Cluster not available for 4\.7\.4\./,
            /On 4\.7 and 4\.8 machine-config also reports Available=False whenever it is Degraded/,
          ],
        },
      ],
    },
  ],
});

/** Seed 000 was gathered at 2021-03-25T12:20:41Z. */
const availableFalseFor = (minutes: number) => (s: Parameters<typeof operator>[0]) =>
  setCondition(operator(s, 'machine-config')!, 'Available', {
    lastTransitionTime: new Date(Date.parse('2021-03-25T12:20:41Z') - minutes * 60_000)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z'),
  });

// Levels follow the condition's age at the gather, as oc adm upgrade status judges them
// (openshift/oc pkg/cli/admin/upgrade/status/controlplane.go, coInsights: 5 and 20 minutes).
ruleTester(operatorUnavailable, {
  valid: [],
  invalid: [
    {
      name: 'unavailable for 2 minutes: information, changed just before the gather',
      snapshot: snapshotOf(samples.workerBlocksMco, availableFalseFor(2)),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: /changed just before the gather/,
        },
      ],
    },
    {
      name: 'unavailable for 10 minutes: a warning',
      snapshot: snapshotOf(samples.workerBlocksMco, availableFalseFor(10)),
      findings: [
        { severity: 'warning', subject: 'co/machine-config', message: /under the 20 minutes/ },
      ],
    },
    {
      name: 'unavailable for 25 minutes: an error',
      snapshot: snapshotOf(samples.workerBlocksMco, availableFalseFor(25)),
      findings: [
        { severity: 'error', subject: 'co/machine-config', message: /25m0s before the gather/ },
      ],
    },
  ],
});

// openshift/cluster-version-operator release-4.7 waitForOperatorStatusToBeDone checks versions
// first: an operator below the target is "still updating" and never fails the update.
ruleTester(operatorUnavailable, {
  valid: [],
  invalid: [
    {
      name: 'on 4.7 an operator below the target is "still updating" for the CVO, never a failure',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: [
            /On 4\.7 the cluster-version operator checks versions first: machine-config is below the target/,
            /never fails the update for being not available/,
          ],
        },
      ],
      check([f]) {
        assert.doesNotMatch(wordsOf(f!), /counts an unavailable operator as a failure/);
      },
    },
  ],
});

// The CVO's ClusterOperatorDown alert on the same operator backs the condition.
ruleTester(operatorUnavailable, {
  valid: [],
  invalid: [
    {
      name: "ClusterOperatorDown on the operator is related evidence; another operator's is not",
      snapshot: snapshotOf(
        samples.workerBlocksMco,
        withAlerts(
          {
            labels: {
              alertname: 'ClusterOperatorDown',
              name: 'dns',
              namespace: 'openshift-cluster-version',
              severity: 'critical',
            },
            minutesAgo: 170,
          },
          {
            labels: {
              alertname: 'ClusterOperatorDown',
              name: 'machine-config',
              namespace: 'openshift-cluster-version',
              reason: 'MachineConfigControllerFailed',
              severity: 'critical',
            },
            minutesAgo: 170,
          },
          {
            labels: {
              alertname: 'ClusterOperatorDegraded',
              name: 'machine-config',
              namespace: 'openshift-cluster-version',
              severity: 'warning',
            },
            minutesAgo: 150,
          },
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: /^machine-config is not available for 3h1m: /,
          related: [
            (r) =>
              r.pointer === '/data/alerts/1' &&
              r.message ===
                'Prometheus alert ClusterOperatorDown (ClusterOperator machine-config) firing since 2021-03-25T09:30:41Z (2h50m before the gather)',
          ],
        },
      ],
      check: ([f]) =>
        assert.equal(f!.related.length, 1, 'only the alert on machine-config being down'),
    },
  ],
});
