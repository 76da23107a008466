import { operatorNotUpgradeable } from '../../../server/src/rules/operator-not-upgradeable';
import assert from 'node:assert/strict';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(operatorNotUpgradeable, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'informs, with the 4.7.4 sentence that sits in the reason field (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: [
            /One or more machine config pool is degraded/,
            /z-stream updates are still allowed/,
          ],
        },
      ],
      // The 4.7.4 sentence is no reason name: the line quotes it, clipped inside the quotes.
      check: ([f]) =>
        assert.match(
          f!.message,
          /^machine-config is not upgradeable for 2h41m, which blocks minor updates: "One or more machine config pool is degraded, .*…"$/,
        ),
    },
    {
      name: 'names a reason such as DegradedPool in the line',
      snapshot: snapshotOf(updates.stalled),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message:
            /has been False since .*: DegradedPool: One or more machine config pools are degraded/,
        },
      ],
      check: ([f]) =>
        assert.match(
          f!.message,
          /^machine-config is not upgradeable for 2h18m \(DegradedPool\), which blocks minor updates$/,
        ),
    },
  ],
});

// openshift/cluster-version-operator release-4.7 pkg/payload/precondition/clusterversion
// upgradeable: with ClusterVersion overrides set, 4.7 refuses z-streams too; --force bypasses it.
ruleTester(operatorNotUpgradeable, {
  valid: [],
  invalid: [
    {
      name: 'on 4.7 with ClusterVersion overrides, z-streams are refused too',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        (s.clusterVersion!.raw.spec as Record<string, unknown>).overrides = [
          {
            group: 'apps',
            kind: 'Deployment',
            name: 'network-operator',
            namespace: 'openshift-network-operator',
            unmanaged: true,
          },
        ];
      }),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: [
            /On 4\.7 ClusterVersion overrides are set, so z-stream updates are refused too/,
            /PreconditionsForced/,
          ],
        },
      ],
      check: ([f]) => assert.match(f!.message, /which blocks minor and z-stream updates/),
    },
  ],
});
