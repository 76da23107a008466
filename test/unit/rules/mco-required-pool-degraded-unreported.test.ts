import { pool } from '../../../server/src/model/snapshot';
import { mcoRequiredPoolDegradedUnreported } from '../../../server/src/rules/mco-required-pool-degraded-unreported';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

ruleTester(mcoRequiredPoolDegradedUnreported, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet when machine-config reports Degraded itself (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      reason: 'there machine-config is Degraded',
    },
  ],
  invalid: [
    {
      name: 'warns when a required pool is degraded but machine-config looks healthy',
      snapshot: snapshotOf(samples.healthy, (s) => {
        const master = pool(s, 'master')!;
        setCondition(master, 'Degraded', { status: 'True' });
        setCondition(master, 'NodeDegraded', {
          status: 'True',
          reason: '1 nodes are reporting degraded status on sync',
          message:
            'Node ip-10-0-143-133.us-west-2.compute.internal is reporting: "unexpected on-disk state"',
        });
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Required pool master is Degraded for 3d8h, but machine-config still reports Available=True and Degraded=False$/m,
            /Pool `master` is required for upgrade and has been Degraded since 2022-03-21T09:14:34Z .*; cause: NodeDegraded: 1 nodes are reporting degraded status on sync: Node ip-10-0-143-133/,
            // machine-config-operator release-4.10 syncRequiredMachineConfigPools: the 1-second
            // poll sets lastSyncError and Upgradeable=False at once; Degraded waits 10 minutes.
            /at once sets status\.extension\.lastSyncError and Upgradeable=False \(DegradedPool\)/,
            /a fixed 10 minutes on 4\.7 to 4\.13/,
          ],
        },
      ],
    },
  ],
});

// From 4.14 the poll's timeout is 10 minutes per required machine (requiredMachineCount*10).
ruleTester(mcoRequiredPoolDegradedUnreported, {
  valid: [],
  invalid: [
    {
      name: 'from 4.14 Degraded waits 10 minutes per required machine',
      snapshot: snapshotOf(updates.completedPoolRolling, (s) => {
        setCondition(pool(s, 'master')!, 'Degraded', { status: 'True' });
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: /10 minutes per required machine from 4\.14, 30 minutes here/,
        },
      ],
    },
  ],
});
