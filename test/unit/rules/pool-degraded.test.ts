import assert from 'node:assert/strict';
import { poolDegraded } from '../../../server/src/rules/pool-degraded';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

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
            /Pool `worker` is Degraded since 2021-03-25T\d\d:\d\d:\d\dZ \(\d+h\d+m before the gather\)/,
            /9 of 52 machines are degraded/,
          ],
        },
      ],
      check([f]) {
        const nodes = f!.related.filter((r) => r.message.startsWith('node '));
        assert.equal(nodes.length, 9);
        assert.ok(nodes.every((r) => /is Degraded: failed to drain node/.test(r.message)));
      },
    },
  ],
});
