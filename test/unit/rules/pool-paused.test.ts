import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { pool } from '../../../server/src/model/snapshot';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { poolPaused } from '../../../server/src/rules/pool-paused';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { labelsOf } from '../../support/snapshot';

const pauseWorker = (s: Snapshot) => {
  (pool(s, 'worker')!.raw.spec as Json).paused = true;
};
const requireWorker = (s: Snapshot) => {
  labelsOf(pool(s, 'worker')!)[requiredForUpgradeLabel] = '';
};

ruleTester(poolPaused, {
  valid: [{ name: 'stays quiet when no pool is paused', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'warns on a paused pool behind its target (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco, pauseWorker),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is paused and behind its target \(25 of 52 machines updated\); not required for upgrade, the operator does not wait for it\n/,
            /It is not required for upgrade, so the operator does not wait for it; the origin upgrade test treats a paused pool as up to date\./,
          ],
          location: (s) => ({ ...pool(s, 'worker')!.at(), pointer: '/spec/paused' }),
        },
      ],
    },
    {
      name: 'says a paused required pool blocks the update',
      snapshot: snapshotOf(samples.workerBlocksMco, pauseWorker, requireWorker),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is paused and behind its target \(25 of 52 machines updated\); it is required for upgrade, so the update cannot complete\n/,
            /the cluster update cannot complete while it is paused/,
          ],
        },
      ],
    },
    {
      name: 'only informs on a paused pool that is up to date',
      snapshot: snapshotOf(samples.healthy, pauseWorker),
      findings: [
        {
          severity: 'info',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is paused and up to date: new rendered configs will not roll out to its nodes until it is unpaused\n/,
            /Pool `worker` is paused \(`spec\.paused: true`\)/,
          ],
        },
      ],
    },
  ],
});

// oc adm upgrade status: "Outdated nodes in a paused pool 'worker' will not be updated"
// (workerpool.go, machineConfigPoolInsights), a warning with impact Update Stalled.
ruleTester(poolPaused, {
  valid: [],
  invalid: [
    {
      name: 'a paused worker pool during an update holds its nodes on the old release',
      snapshot: snapshotOf(updates.pausedPool),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message: [
            /^Pool worker is paused and behind its target \(0 of 3 machines updated\)/,
            /is paused \(`spec\.paused: true`\) and behind its target: rendered-worker-\w+ is not rolled out/,
          ],
        },
      ],
    },
  ],
});

// Up to 4.12 a paused pool holds the kubelet CA rotation (machine-config-operator
// release-4.11/4.12 alert MachineConfigControllerPausedPoolKubeletCA); 4.13+ writes the CA directly
// (certificate_writer.go).
ruleTester(poolPaused, {
  valid: [],
  invalid: [
    {
      name: 'on 4.7 (up to 4.12) a paused pool also holds the kubelet CA rotation',
      snapshot: snapshotOf(samples.workerBlocksMco, pauseWorker),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message:
            /also holds the kubelet CA rotation \(alert MachineConfigControllerPausedPoolKubeletCA\)/,
        },
      ],
    },
    {
      name: 'from 4.13 it does not',
      snapshot: snapshotOf(updates.pausedPool),
      findings: [{ severity: 'warning', subject: 'mcp/worker', message: /is paused/ }],
      check([f]) {
        assert.doesNotMatch(wordsOf(f!), /kubelet CA/);
      },
    },
  ],
});

// A paused master pool during an update: its nodes are the control plane's, not a worker pool's.
ruleTester(poolPaused, {
  valid: [],
  invalid: [
    {
      name: 'a paused master pool holding outdated nodes during an update is a warning',
      snapshot: snapshotOf(updates.early, (s) => {
        (pool(s, 'master')!.raw.spec as Json).paused = true;
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master is paused, so its 3 outdated nodes will not be updated to 4\.15\.3, and the update cannot complete\n/,
            /Outdated nodes in a paused pool `master` will not be updated: 3 nodes/,
          ],
        },
      ],
    },
  ],
});
