import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { oclBuildFailed } from '../../../server/src/rules/ocl-build-failed';
import { poolDegraded } from '../../../server/src/rules/pool-degraded';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const failedBuild = 'worker-df3ba29d3570146684be6bd1836c4391';
const goodBuild = 'worker-9841f8eb9c106c5687304ec40a338338';

const worker = (s: Snapshot) => s.pools.find((p) => p.name === 'worker')!;
const build = (s: Snapshot, name = failedBuild) => s.machineOSBuilds.find((b) => b.name === name)!;

/** Drops the pool's ImageBuildDegraded condition (4.19 has none). */
function dropImageBuildDegraded(s: Snapshot) {
  const pool = worker(s);
  pool.status.conditions = (pool.status.conditions as Json[]).filter(
    (c) => c.type !== 'ImageBuildDegraded',
  );
}

/** The 4.19 node controller: no build condition on the pool, Degraded False, Updating as it was. */
function as419(s: Snapshot) {
  (s.clusterVersion!.status.desired as Json).version = '4.19.17';
  dropImageBuildDegraded(s);
  const pool = worker(s);
  setCondition(pool, 'Degraded', { status: 'False', message: '' });
  setCondition(pool, 'Updating', {
    status: 'True',
    message: `Pool is waiting for OS image build to complete (mosb: ${failedBuild})`,
  });
}

/** The failed build is running again (a retry): Building=True, Failed=False. */
function running(s: Snapshot) {
  for (const c of build(s).status.conditions as Json[]) {
    if (c.type === 'Building') c.status = 'True';
    if (c.type === 'Failed') c.status = 'False';
  }
  delete build(s).status.buildEnd;
}

ruleTester(oclBuildFailed, {
  valid: [
    { name: 'stays quiet on the healthy 4.10 cluster', snapshot: snapshotOf(samples.healthy) },
    ...Object.entries(updates)
      .filter(([name]) => name !== 'oclBuildFailed')
      .map(([name, dir]) => ({
        name: `stays quiet on update fixture ${name}`,
        snapshot: snapshotOf(dir),
      })),
    {
      name: 'a build still running is quiet, even while the pool still shows the last failure',
      snapshot: snapshotOf(updates.oclBuildFailed, running),
    },
    {
      name: 'a failed build that is no longer current (the MachineOSConfig names the good one)',
      snapshot: snapshotOf(updates.oclBuildFailed, dropImageBuildDegraded, (s) => {
        const mosc = s.machineOSConfigs[0]!;
        (mosc.status.machineOSBuild as Json).name = goodBuild;
      }),
    },
    {
      name: 'a pool without layering (no MachineOSConfig, no build, no build condition)',
      snapshot: snapshotOf(updates.oclBuildFailed, dropImageBuildDegraded, (s) => {
        s.machineOSConfigs = [];
        s.machineOSBuilds = [];
      }),
    },
    {
      name: 'ImageBuildDegraded=False (BuildSuccess) is the healthy state',
      snapshot: snapshotOf(updates.oclBuildFailed, (s) => {
        setCondition(worker(s), 'ImageBuildDegraded', { status: 'False' });
        s.machineOSBuilds = s.machineOSBuilds.filter((b) => b.name === goodBuild);
        (s.machineOSConfigs[0]!.status.machineOSBuild as Json).name = goodBuild;
      }),
    },
  ],
  invalid: [
    {
      name: 'update-ocl-build-failed: the worker build Failed; 4.20 marks the pool ImageBuildDegraded',
      snapshot: snapshotOf(updates.oclBuildFailed),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: new RegExp(
            '^' +
              escape(
                `Pool worker cannot roll out: its on-cluster OS image build ${failedBuild} is Failed (Build Failed); minor updates are blocked too\n` +
                  `MachineOSBuild ${failedBuild} of MachineOSConfig worker (for rendered-worker-885ffec755c42c196d01cfcc91529bf6) ` +
                  'is Failed since 2025-11-27T09:02:13Z (39m0s before the gather): Failed: Build Failed.\n\n' +
                  `The pool reports ImageBuildDegraded=True (BuildFailed): Failed to build OS image for pool worker (MachineOSBuild: ${failedBuild}): Failed: Build Failed. ` +
                  `The build ran as Job openshift-machine-config-operator/build-${failedBuild}: its pod's log names the failing Containerfile step ` +
                  `(\`oc logs job/build-${failedBuild} -n openshift-machine-config-operator\`).\n\n` +
                  "From 4.20 the node controller counts a failed build into the pool's Degraded and stops its update " +
                  `(Updating=False: Pool update stopped due to OS image build failure (mosb: ${failedBuild})): ` +
                  'no node gets the new image until a build succeeds.\n\n' +
                  'machine-config reports Upgradeable=False (DegradedPool), so minor updates are blocked too.\n\n' +
                  "Fix the MachineOSConfig's `containerFile`",
              ),
          ),
          location: (s) => build(s).condition('Failed')!.location,
          related: [
            (r) => r.message === 'pool worker ImageBuildDegraded=True',
            (r) => r.message === 'pool worker Updating=False',
            (r) => r.message === 'pool worker Degraded=True',
            (r) =>
              r.file.endsWith('machineosconfigs/worker.yaml') &&
              r.pointer === '/spec/containerFile',
            (r) =>
              r.message === `build Job build-${failedBuild}` && r.pointer === '/status/builder/job',
            (r) =>
              r.file.endsWith('machine-config.yaml') &&
              r.message === 'machine-config Upgradeable=False (DegradedPool)',
          ],
        },
      ],
    },
    {
      name: '4.19: no pool condition, the MachineOSBuild Failed is the signal',
      snapshot: snapshotOf(updates.oclBuildFailed, as419),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            new RegExp(
              `MachineOSBuild ${failedBuild} of MachineOSConfig worker .* is Failed since`,
            ),
            /On 4\.19 the pool is not marked Degraded for it/,
          ],
          location: (s) => build(s).condition('Failed')!.location,
        },
      ],
      check: (found) => {
        assert.doesNotMatch(wordsOf(found[0]!), /ImageBuildDegraded|From 4\.20/);
        // 4.19's machine-config is not Upgradeable=False for a pool that is not Degraded.
        assert.equal(
          found[0]!.message,
          `Pool worker cannot roll out: its on-cluster OS image build ${failedBuild} is Failed (Build Failed)`,
        );
      },
    },
    {
      name: 'tech preview: the pool reports BuildFailed without ImageBuildDegraded, no build gathered',
      snapshot: snapshotOf(updates.oclBuildFailed, (s) => {
        (s.clusterVersion!.status.desired as Json).version = '4.16.20';
        const pool = worker(s);
        setCondition(pool, 'ImageBuildDegraded', { type: 'BuildFailed', reason: '', message: '' });
        s.machineOSBuilds = [];
      }),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            /The OS image build of MachineOSConfig worker failed \(the gather holds no MachineOSBuild of the pool\)\./,
            /The pool reports BuildFailed=True: no message\./,
          ],
          location: (s) => worker(s).condition('BuildFailed')!.location,
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^Pool worker cannot roll out: its on-cluster OS image build failed \(the pool reports BuildFailed=True\)/,
        ),
    },
    {
      name: 'an Interrupted build is reported too',
      snapshot: snapshotOf(updates.oclBuildFailed, (s) => {
        for (const c of build(s).status.conditions as Json[]) {
          if (c.type === 'Failed') c.status = 'False';
          if (c.type === 'Interrupted') c.status = 'True';
        }
      }),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message:
            /is Interrupted since 2025-11-27T09:02:13Z \(39m0s before the gather\): Interrupted: Build Interrupted\./,
        },
      ],
    },
  ],
});

// A pool Degraded only through its failed build: pool-degraded reports it with the cause this
// rule explains (folded while this rule runs, shown when it is off; explainedPairs.test.ts).
ruleTester(poolDegraded, {
  valid: [],
  invalid: [
    {
      name: 'update-ocl-build-failed: the worker pool, with the image-build cause',
      snapshot: snapshotOf(updates.oclBuildFailed),
      findings: [
        { severity: 'error', subject: 'mcp/worker', message: /Degraded/, cause: 'image-build' },
      ],
    },
    {
      name: 'a pool Degraded by a node as well is still reported by pool-degraded',
      snapshot: snapshotOf(updates.oclBuildFailed, (s) =>
        setCondition(worker(s), 'NodeDegraded', {
          status: 'True',
          reason: '1 nodes are reporting degraded status on sync',
        }),
      ),
      findings: [
        { severity: 'error', subject: 'mcp/worker', message: /NodeDegraded/, cause: undefined },
      ],
    },
  ],
});
