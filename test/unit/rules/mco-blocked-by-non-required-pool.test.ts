import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { operator, pool } from '../../../server/src/model/snapshot';
import type { Snapshot } from '../../../server/src/model/snapshot';
import {
  mcoBlockedByNonRequiredPool,
  poolsNamedNotReady,
} from '../../../server/src/rules/mco-blocked-by-non-required-pool';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import type { ExpectedFinding } from '../../support/ruleTester';
import { labelsOf, setCondition } from '../../support/snapshot';

// Seed 000 (bug 1943289): the non-required pool `worker` holds machine-config back.
const seed000 = (...mutations: ((s: Snapshot) => void)[]) =>
  snapshotOf(samples.workerBlocksMco, ...mutations);
const desire = (version: string) => (s: Snapshot) => {
  (s.clusterVersion!.status.desired as Json).version = version;
};
const blocked = (message: ExpectedFinding['message']): ExpectedFinding => ({
  severity: 'warning',
  subject: 'co/machine-config',
  message,
});

ruleTester(mcoBlockedByNonRequiredPool, {
  valid: [
    {
      name: 'stays quiet when the named pool is required',
      snapshot: seed000((s) => {
        labelsOf(pool(s, 'worker')!)[requiredForUpgradeLabel] = '';
      }),
    },
    {
      name: 'stays quiet while a required pool is itself not updated',
      snapshot: seed000((s) => setCondition(pool(s, 'master')!, 'Updated', { status: 'False' })),
    },
    {
      name: 'stays quiet when machine-config is degraded for another reason',
      snapshot: seed000((s) =>
        setCondition(operator(s, 'machine-config')!, 'Degraded', {
          reason: 'MachineConfigDaemonFailed',
        }),
      ),
    },
  ],
  invalid: [
    {
      name: 'names the non-required pool, the held-back version and the cause (seed 000, bug 1943289)',
      snapshot: seed000(),
      findings: [
        {
          ...blocked([
            /holds its version at 4\.7\.3 instead of 4\.7\.4/,
            /9 nodes are reporting degraded status on sync/,
            /bug 1943289/,
          ]),
          location: (s) =>
            operator(s, 'machine-config')!.conditions.find((c) => c.type === 'Degraded')!.location,
          related: [
            (r, s) => r.file === pool(s, 'worker')!.source.file && r.pointer === '/metadata/labels',
          ],
        },
      ],
    },
    {
      name: 'describes Available as 4.7 and 4.8 do',
      snapshot: seed000(),
      findings: [blocked(/On 4\.7 and 4\.8/)],
    },
    {
      name: 'describes Available as 4.9 to 4.15 do (mco-corrections §1: 4.9 is not 4.7/4.8)',
      snapshot: seed000(desire('4.12.3')),
      findings: [blocked(/From 4\.9 .*Up to 4\.15 other sync failures/)],
    },
    {
      name: 'describes Available as 4.16 does',
      snapshot: seed000(desire('4.16.2')),
      findings: [blocked(/From 4\.16 machine-config always reports Available=True/)],
    },
  ],
});

describe('poolsNamedNotReady', () => {
  it('reads every wording of the operator message', () => {
    assert.deepEqual(
      poolsNamedNotReady(
        'Unable to apply 4.7.4: timed out waiting for the condition during syncRequiredMachineConfigPools: error pool worker is not ready, retrying. Status: (pool degraded: true total: 52, ready 25, updated: 25, unavailable: 11)',
      ),
      [{ name: 'worker', required: false }],
    );
    assert.deepEqual(
      poolsNamedNotReady(
        'error during syncRequiredMachineConfigPools: [context deadline exceeded, MachineConfigPool infra is not ready, retrying.',
      ),
      [{ name: 'infra', required: false }],
    );
    assert.deepEqual(poolsNamedNotReady('error required pool master is not ready, retrying.'), [
      { name: 'master', required: true },
    ]);
    assert.deepEqual(
      poolsNamedNotReady('error required MachineConfigPool master is not ready, retrying.'),
      [{ name: 'master', required: true }],
    );
  });
});

/** Seed 000 as if the update had completed before the worker pool degraded. */
const completedBeforeDegraded = (s: Snapshot) => {
  const mco = operator(s, 'machine-config')!;
  for (const v of mco.status.versions as Json[]) v.version = '4.7.4';
  const [latest] = s.clusterVersion!.status.history as Json[];
  latest!.state = 'Completed';
  latest!.completionTime = '2021-03-25T08:40:12Z';
};

ruleTester(mcoBlockedByNonRequiredPool, {
  valid: [],
  invalid: [
    {
      name: 'after the update completed, nothing waits now; the next update will',
      snapshot: snapshotOf(samples.workerBlocksMco, completedBeforeDegraded),
      findings: [
        {
          severity: 'warning',
          subject: 'co/machine-config',
          message: [
            /The update to 4\.7\.4 had completed \(machine-config reports 4\.7\.4\), so nothing waits on it now/,
            /the next update will stop at machine-config until `worker` recovers/,
          ],
        },
      ],
      check([f]) {
        assert.doesNotMatch(f!.message, /the cluster update waits on machine-config/);
      },
    },
  ],
});
