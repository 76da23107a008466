import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import { operator, pool } from '../../../server/src/model/snapshot';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { mcoLevelBeforeRequiredPools } from '../../../server/src/rules/mco-level-before-required-pools';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

// Seed 001 (bug 2019850): machine-config reports the target while `master` is still updating.
const seed001 = (...mutations: ((s: Snapshot) => void)[]) =>
  snapshotOf(samples.levelEarly, ...mutations);

ruleTester(mcoLevelBeforeRequiredPools, {
  valid: [
    {
      name: 'stays quiet once the required pool is updated',
      snapshot: seed001((s) => {
        const master = pool(s, 'master')!;
        setCondition(master, 'Updated', { status: 'True' });
        setCondition(master, 'Updating', { status: 'False' });
        ((master.status.configuration as Json).name as string) = master.targetConfig!;
      }),
    },
    {
      name: 'stays quiet while the operator still reports the previous version',
      snapshot: seed001((s) => {
        const versions = operator(s, 'machine-config')!.status.versions as Json[];
        versions[0]!.version = '4.10.0-0.nightly-2021-11-02-191632';
      }),
    },
    {
      name: "does not mistake an admin's rollout after the update for an early level",
      snapshot: seed001((s) => {
        const target = s.machineConfigs.get(pool(s, 'master')!.targetConfig!)!;
        const meta = target.raw.metadata as Json;
        ((meta.annotations ??= {}) as Json)[
          'machineconfiguration.openshift.io/release-image-version'
        ] = '4.10.0-0.nightly-2021-11-03-020416';
        meta.creationTimestamp = '2021-11-03T05:00:00Z';
      }),
    },
  ],
  invalid: [
    {
      name: 'flags the operator version entry with the timing evidence (seed 001, bug 2019850)',
      snapshot: seed001(),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          location: (s) => operator(s, 'machine-config')!.operatorVersion!.location,
          message: [
            /^machine-config reports the update's target 4\.10\.0-0\.nightly-2021-11-03-020416 while required pool master is not updated \(1 of 3 machines updated\)$/m,
            /Required pool `master` is not updated \(Updated=False, Updating=True, 1 of 3 machines updated; nodes still on rendered-master-78d48a9fbc8ba6a746040c11f8335d1a, target rendered-master-ebc4fc8c7b6a155d86684204394e4930\)/,
            /so it reported level too early/,
            /created at 2021-11-03T03:23:11Z, after machine-config turned Progressing=False at 2021-11-03T03:23:10Z/,
            /bug 1999556/,
            /must-gather-inspector diff <must-gather> rendered-master-78d48a9fbc8ba6a746040c11f8335d1a rendered-master-ebc4fc8c7b6a155d86684204394e4930/,
          ],
        },
      ],
    },
    {
      name: 'says whether the release-image-version guard applies',
      snapshot: seed001(),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: /predates the release-image-version guard/,
        },
      ],
    },
    {
      name: 'finds the early level in a later snapshot, once the pool has finished',
      snapshot: seed001((s) => {
        const master = pool(s, 'master')!;
        setCondition(master, 'Updated', {
          status: 'True',
          lastTransitionTime: '2021-11-03T03:36:29Z',
        });
        setCondition(master, 'Updating', {
          status: 'False',
          lastTransitionTime: '2021-11-03T03:36:29Z',
        });
        (master.status.configuration as Json).name = master.targetConfig!;
        Object.assign(master.status, {
          updatedMachineCount: 3,
          readyMachineCount: 3,
          unavailableMachineCount: 0,
        });
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'co/machine-config',
          message: [
            /Required pool `master` finished updating at 2021-11-03T03:36:29Z, 7m54s after ClusterVersion recorded the update to 4\.10\.0-0\.nightly-2021-11-03-020416 as completed/,
            /created at 2021-11-03T03:23:11Z, during the update/,
          ],
        },
      ],
      check: ([f]) =>
        assert.equal(
          f!.message,
          'machine-config reported 4.10.0-0.nightly-2021-11-03-020416 before required pool master was updated: the pool finished 7m54s after the update completed',
        ),
    },
  ],
});

// A same-version migration to multi-arch: every operator reports the target from the start.
ruleTester(mcoLevelBeforeRequiredPools, {
  valid: [
    {
      name: 'no early level while the pools roll a multi-architecture payload',
      snapshot: snapshotOf(updates.multiarch),
    },
  ],
  invalid: [],
});

// openshift/origin test/e2e/upgrade/upgrade.go checks only the master pool, only while it is
// Updating=True: the message says whether the upgrade test would catch it.
ruleTester(mcoLevelBeforeRequiredPools, {
  valid: [],
  invalid: [
    {
      name: 'names the origin test for the master pool while it updates (seed 001)',
      snapshot: seed001(),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: /The origin upgrade test fails this as "the "master" pool should be updated/,
        },
      ],
    },
    {
      name: 'says the origin test does not see a master pool that is no longer Updating',
      snapshot: seed001((s) => setCondition(pool(s, 'master')!, 'Updating', { status: 'False' })),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: /checks the master pool only while it is Updating=True/,
        },
      ],
    },
  ],
});
