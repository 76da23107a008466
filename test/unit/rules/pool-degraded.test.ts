import assert from 'node:assert/strict';
import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { pool } from '../../../server/src/model/snapshot';
import { poolDegraded } from '../../../server/src/rules/pool-degraded';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { labelsOf, setCondition } from '../../support/snapshot';
import type { Json } from '../../../server/src/model/access';

ruleTester(poolDegraded, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'names the degraded nodes and their reasons (seed 000): information, the nine node findings carry the error',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'info',
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
          severity: 'info',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is Degraded \(NodeDegraded\): 9 of 52 machines degraded; it is required for upgrade, so an update cannot complete until it recovers\n/,
            /The pool is required for upgrade, so the machine-config operator cannot complete an update until it recovers\./,
          ],
        },
      ],
    },
    {
      name: 'an error when a degraded machine has no Degraded node in the gather to say so',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        (pool(s, 'worker')!.raw.status as Json).degradedMachineCount = 10;
      }),
      findings: [
        { severity: 'error', subject: 'mcp/worker', message: /10 of 52 machines degraded/ },
      ],
    },
    {
      name: 'an error when the pool is Degraded for more than its nodes (RenderDegraded)',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(pool(s, 'worker')!, 'RenderDegraded', {
          status: 'True',
          reason: 'MachineConfigNotFound',
          message: 'Failed to render configuration for pool worker: could not find MachineConfig',
        }),
      ),
      findings: [{ severity: 'error', subject: 'mcp/worker', message: /Degraded/ }],
    },
  ],
});
