import { operatorNotUpgradeable } from '../../../server/src/rules/operator-not-upgradeable';
import { samples } from '../../support/fixtures';
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
          message: /One or more machine config pool is degraded/,
        },
      ],
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
    },
  ],
});
