import { pool } from '../../../server/src/model/snapshot';
import { mcoRequiredPoolDegradedUnreported } from '../../../server/src/rules/mcoRequiredPoolDegradedUnreported';
import { samples } from '../../support/fixtures';
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
          message:
            /Required pool `master` is Degraded .* but machine-config still reports Available=True and Degraded=False/,
        },
      ],
    },
  ],
});
