import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../server/src/model/access';
import { requiredForUpgradeLabel } from '../../server/src/model/machineConfigPool';
import { operator, pool } from '../../server/src/model/snapshot';
import type { Snapshot } from '../../server/src/model/snapshot';
import { clusterVersionUpdateIncomplete } from '../../server/src/rules/clusterVersionUpdateIncomplete';
import {
  mcoBlockedByNonRequiredPool,
  poolsNamedNotReady,
} from '../../server/src/rules/mcoBlockedByNonRequiredPool';
import { mcoLevelBeforeRequiredPools } from '../../server/src/rules/mcoLevelBeforeRequiredPools';
import { operatorNotLeveled } from '../../server/src/rules/operatorNotLeveled';
import { poolDegraded } from '../../server/src/rules/poolDegraded';
import { poolNotUpdated } from '../../server/src/rules/poolNotUpdated';
import { rules } from '../../server/src/rules/registry';
import { samples } from './helpers/fixtures';
import { loadFixture, setCondition } from './helpers/snapshot';

const seed000 = async () => (await loadFixture(samples.workerBlocksMco)).snapshot;
const seed001 = async () => (await loadFixture(samples.levelEarly)).snapshot;
const healthy = async () => (await loadFixture(samples.healthy)).snapshot;

function labels(s: Snapshot, poolName: string): Json {
  return ((pool(s, poolName)!.raw.metadata as Json).labels ??= {}) as Json;
}

describe('rule registry', () => {
  it('has unique kebab-case ids with summaries', () => {
    const ids = rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const r of rules) {
      assert.match(r.id, /^[a-z]+(-[a-z0-9]+)+$/);
      assert.ok(r.summary.length > 10);
    }
  });

  it('finds no warning or error on a healthy cluster', async () => {
    const s = await healthy();
    const serious = rules
      .flatMap((r) => r.check(s))
      .filter((f) => f.severity === 'error' || f.severity === 'warning');
    assert.deepEqual(serious, []);
  });
});

describe('mco-blocked-by-non-required-pool (seed 000, bug 1943289)', () => {
  it('names the non-required pool, the held-back version and the cause', async () => {
    const s = await seed000();
    const [f, ...rest] = mcoBlockedByNonRequiredPool.check(s);
    assert.equal(rest.length, 0);
    assert.ok(f);
    const degraded = operator(s, 'machine-config')!.conditions.find((c) => c.type === 'Degraded')!;
    assert.deepEqual(f.location, degraded.location);
    assert.match(f.message, /holds its version at 4\.7\.3 instead of 4\.7\.4/);
    assert.match(f.message, /9 nodes are reporting degraded status on sync/);
    assert.match(f.message, /bug 1943289/);
    const workerFile = pool(s, 'worker')!.source.file;
    assert.ok(f.related.some((r) => r.file === workerFile && r.pointer === '/metadata/labels'));
  });

  it('stays quiet when the named pool is required', async () => {
    const s = await seed000();
    labels(s, 'worker')[requiredForUpgradeLabel] = '';
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s), []);
  });

  it('stays quiet while a required pool is itself not updated', async () => {
    const s = await seed000();
    setCondition(pool(s, 'master')!, 'Updated', { status: 'False' });
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s), []);
  });

  it('stays quiet when machine-config is degraded for another reason', async () => {
    const s = await seed000();
    setCondition(operator(s, 'machine-config')!, 'Degraded', {
      reason: 'MachineConfigDaemonFailed',
    });
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s), []);
  });

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

describe('mco-level-before-required-pools (seed 001, bug 2019850)', () => {
  it('flags the operator version entry with the timing evidence', async () => {
    const s = await seed001();
    const [f, ...rest] = mcoLevelBeforeRequiredPools.check(s);
    assert.equal(rest.length, 0);
    assert.ok(f);
    assert.equal(f.severity, 'error');
    assert.deepEqual(f.location, operator(s, 'machine-config')!.operatorVersion!.location);
    assert.match(f.message, /required pool `master` is not updated/);
    assert.match(
      f.message,
      /created at 2021-11-03T03:23:11Z, after machine-config turned Progressing=False at 2021-11-03T03:23:10Z/,
    );
    assert.match(f.message, /bug 1999556/);
  });

  it('stays quiet once the required pool is updated', async () => {
    const s = await seed001();
    const master = pool(s, 'master')!;
    setCondition(master, 'Updated', { status: 'True' });
    setCondition(master, 'Updating', { status: 'False' });
    ((master.status.configuration as Json).name as string) = master.targetConfig!;
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s), []);
  });

  it('stays quiet while the operator still reports the previous version', async () => {
    const s = await seed001();
    const versions = operator(s, 'machine-config')!.status.versions as Json[];
    versions[0]!.version = '4.10.0-0.nightly-2021-11-02-191632';
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s), []);
  });

  it("does not mistake an admin's rollout after the update for an early level", async () => {
    const s = await seed001();
    const target = s.machineConfigs.get(pool(s, 'master')!.targetConfig!)!;
    const meta = target.raw.metadata as Json;
    ((meta.annotations ??= {}) as Json)['machineconfiguration.openshift.io/release-image-version'] =
      '4.10.0-0.nightly-2021-11-03-020416';
    meta.creationTimestamp = '2021-11-03T05:00:00Z';
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s), []);
  });
});

describe('pool rules', () => {
  it('pool-degraded names the degraded nodes and their reasons', async () => {
    const s = await seed000();
    const [f, ...rest] = poolDegraded.check(s);
    assert.equal(rest.length, 0);
    assert.ok(f);
    assert.match(
      f.message,
      /Pool `worker` is Degraded since 2021-03-25T\d\d:\d\d:\d\dZ \(\d+h\d+m before the gather\)/,
    );
    assert.match(f.message, /9 of 52 machines are degraded/);
    const nodes = f.related.filter((r) => r.message.startsWith('node '));
    assert.equal(nodes.length, 9);
    assert.ok(nodes.every((r) => /is Degraded: failed to drain node/.test(r.message)));
  });

  it('pool-not-updated warns for required pools and informs for the others', async () => {
    const s = await seed001();
    const found = poolNotUpdated.check(s);
    assert.deepEqual(
      found.map((f) => [f.message.match(/Pool `(\w+)`/)?.[1], f.severity]),
      [
        ['master', 'warning'],
        ['worker', 'info'],
      ],
    );
  });

  it('pool-not-updated explains a paused pool', async () => {
    const s = await seed001();
    (pool(s, 'worker')!.raw.spec as Json).paused = true;
    const f = poolNotUpdated.check(s).find((x) => x.message.includes('`worker`'));
    assert.match(f?.message ?? '', /paused \(spec\.paused: true\)/);
  });

  it('pool-not-updated stays quiet on updated pools', async () => {
    assert.deepEqual(poolNotUpdated.check(await healthy()), []);
  });
});

describe('cluster rules', () => {
  it('operator-not-leveled reports machine-config behind the target', async () => {
    const s = await seed000();
    const found = operatorNotLeveled.check(s);
    assert.deepEqual(
      found.map((f) => f.message.split(' ')[0]),
      ['machine-config'],
    );
    assert.match(
      found[0]!.message,
      /reports operator version 4\.7\.3, but the cluster's target is 4\.7\.4/,
    );
  });

  it('clusterversion-update-incomplete reports a Partial update with its age', async () => {
    const s = await seed000();
    const [f] = clusterVersionUpdateIncomplete.check(s);
    assert.ok(f);
    assert.equal(f.location.pointer, '/status/history/0');
    assert.match(
      f.message,
      /from 4\.7\.3 to 4\.7\.4 started 2021-03-25T07:30:44Z \(4h49m before the gather\)/,
    );
    assert.match(f.message, /machine-config \(4\.7\.3\)/);
    assert.deepEqual(clusterVersionUpdateIncomplete.check(await seed001()), []);
  });
});
