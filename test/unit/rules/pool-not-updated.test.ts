import type { Json } from '../../../server/src/model/access';
import { pool } from '../../../server/src/model/snapshot';
import { poolNotUpdated } from '../../../server/src/rules/pool-not-updated';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(poolNotUpdated, {
  valid: [{ name: 'stays quiet on updated pools', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'warns for required pools and informs for the others (seed 001)',
      snapshot: snapshotOf(samples.levelEarly),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master has not been updated for 5m35s \(1 of 3 machines updated\); it is required for upgrade, so machine-config waits for it\n/,
            /Pool `master` has not rolled out its target rendered config since .*: Updated=False, Updating=True, 1 of 3 machines updated\. Target rendered-master-ebc4fc8c7b6a155d86684204394e4930, current rendered-master-78d48a9fbc8ba6a746040c11f8335d1a\./,
            /It is required for upgrade: the machine-config operator must not report a new version until it is updated\./,
          ],
        },
        {
          severity: 'info',
          subject: 'mcp/worker',
          message: [
            /^Pool worker has not been updated for 5m35s \(0 of 3 machines updated\); not required for upgrade, it may trail the control plane\n/,
            /It is not required for upgrade: compute pools may trail the control plane\./,
          ],
        },
      ],
    },
    {
      name: 'reports a paused pool too (pool-paused explains it: folded while that rule runs)',
      snapshot: snapshotOf(samples.levelEarly, (s) => {
        (pool(s, 'worker')!.raw.spec as Json).paused = true;
      }),
      findings: [
        { severity: 'warning', subject: 'mcp/master', message: /^Pool master / },
        { severity: 'info', subject: 'mcp/worker', message: /^Pool worker / },
      ],
    },
  ],
});

// A required pool rolling out during an update on time is the update's progress.
ruleTester(poolNotUpdated, {
  valid: [],
  invalid: [
    {
      name: 'the master pool rolling in an update on time: information',
      snapshot: snapshotOf(updates.pausedPool),
      findings: [
        {
          severity: 'info',
          subject: 'mcp/master',
          message: [
            /^Pool master has been rolling out its update for \d+m\d+s \(\d of 3 machines updated\), with no degraded node\n/,
            /The update is progressing and this pool has no degraded node: this is its rollout/,
          ],
        },
        // Paused: pool-paused explains it (explainedPairs.test.ts).
        { severity: 'info', subject: 'mcp/worker', message: /^Pool worker / },
      ],
    },
  ],
});
