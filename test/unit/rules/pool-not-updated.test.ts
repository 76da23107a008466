import assert from 'node:assert/strict';
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
        { severity: 'warning', subject: 'mcp/master', message: /^Pool `master`/ },
        { severity: 'info', subject: 'mcp/worker', message: /^Pool `worker`/ },
      ],
    },
    {
      name: 'leaves a paused pool to pool-paused',
      snapshot: snapshotOf(samples.levelEarly, (s) => {
        (pool(s, 'worker')!.raw.spec as Json).paused = true;
      }),
      findings: [{ severity: 'warning', subject: 'mcp/master', message: /^Pool `master`/ }],
      check(found) {
        assert.equal(found.filter((x) => x.message.includes('`worker`')).length, 0);
      },
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
          message:
            /The update is progressing and this pool has no degraded node: this is its rollout/,
        },
      ],
    },
  ],
});
