import assert from 'node:assert/strict';
import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { pool } from '../../../server/src/model/snapshot';
import { poolDegraded } from '../../../server/src/rules/pool-degraded';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { labelsOf } from '../../support/snapshot';

ruleTester(poolDegraded, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'names the degraded nodes and their reasons (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is Degraded \(NodeDegraded\): 9 of 52 machines degraded; not required for upgrade, it still holds back machine-config's version during an update\n/,
            /Pool `worker` has been Degraded since 2021-03-25T\d\d:\d\d:\d\dZ \(\d+h\d+m before the gather\): NodeDegraded: 9 nodes are reporting/,
            /9 of 52 machines are degraded/,
          ],
        },
      ],
      check([f]) {
        assert.doesNotMatch(
          f!.detail!,
          /^Pool worker is Degraded/,
          'the detail explains, not repeats',
        );
        const nodes = f!.related.filter((r) => r.message.startsWith('node '));
        assert.equal(nodes.length, 9);
        assert.ok(nodes.every((r) => /is Degraded: failed to drain node/.test(r.message)));
      },
    },
    {
      name: 'says a required pool blocks the update, in the message',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        labelsOf(pool(s, 'worker')!)[requiredForUpgradeLabel] = '';
      }),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is Degraded \(NodeDegraded\): 9 of 52 machines degraded; it is required for upgrade, so an update cannot complete until it recovers\n/,
            /The pool is required for upgrade, so the machine-config operator cannot complete an update until it recovers\./,
          ],
        },
      ],
    },
  ],
});
