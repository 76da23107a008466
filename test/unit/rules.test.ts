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
import { allRuleIds, rules } from '../../server/src/rules/registry';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterVersionFailing } from '../../server/src/rules/clusterVersionFailing';
import { mcoRequiredPoolDegradedUnreported } from '../../server/src/rules/mcoRequiredPoolDegradedUnreported';
import { nodeMcdDegraded } from '../../server/src/rules/nodeMcdDegraded';
import { nodeVersionSkew } from '../../server/src/rules/nodeVersionSkew';
import { operatorDegraded } from '../../server/src/rules/operatorDegraded';
import { operatorNotUpgradeable } from '../../server/src/rules/operatorNotUpgradeable';
import { operatorUnavailable } from '../../server/src/rules/operatorUnavailable';
import { poolPaused } from '../../server/src/rules/poolPaused';
import { repoRoot, samples } from '../support/fixtures';
import { ruleContext } from '../support/rules';
import { loadFixture, setCondition } from '../support/snapshot';

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
      .flatMap((r) => r.check(s, ruleContext))
      .filter((f) => f.severity === 'error' || f.severity === 'warning');
    assert.deepEqual(serious, []);
  });
});

describe('mco-blocked-by-non-required-pool (seed 000, bug 1943289)', () => {
  it('names the non-required pool, the held-back version and the cause', async () => {
    const s = await seed000();
    const [f, ...rest] = mcoBlockedByNonRequiredPool.check(s, ruleContext);
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
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s, ruleContext), []);
  });

  it('stays quiet while a required pool is itself not updated', async () => {
    const s = await seed000();
    setCondition(pool(s, 'master')!, 'Updated', { status: 'False' });
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s, ruleContext), []);
  });

  it('stays quiet when machine-config is degraded for another reason', async () => {
    const s = await seed000();
    setCondition(operator(s, 'machine-config')!, 'Degraded', {
      reason: 'MachineConfigDaemonFailed',
    });
    assert.deepEqual(mcoBlockedByNonRequiredPool.check(s, ruleContext), []);
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
    const [f, ...rest] = mcoLevelBeforeRequiredPools.check(s, ruleContext);
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
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s, ruleContext), []);
  });

  it('stays quiet while the operator still reports the previous version', async () => {
    const s = await seed001();
    const versions = operator(s, 'machine-config')!.status.versions as Json[];
    versions[0]!.version = '4.10.0-0.nightly-2021-11-02-191632';
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s, ruleContext), []);
  });

  it('finds the early level in a later snapshot, once the pool has finished', async () => {
    const s = await seed001();
    const master = pool(s, 'master')!;
    setCondition(master, 'Updated', { status: 'True', lastTransitionTime: '2021-11-03T03:36:29Z' });
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
    const [f, ...rest] = mcoLevelBeforeRequiredPools.check(s, ruleContext);
    assert.equal(rest.length, 0);
    assert.equal(f?.severity, 'warning');
    assert.match(
      f?.message ?? '',
      /Required pool `master` finished updating at 2021-11-03T03:36:29Z, 7m54s after ClusterVersion recorded the update to 4\.10\.0-0\.nightly-2021-11-03-020416 as completed/,
    );
    assert.match(f?.message ?? '', /created at 2021-11-03T03:23:11Z, during the update/);
  });

  it("does not mistake an admin's rollout after the update for an early level", async () => {
    const s = await seed001();
    const target = s.machineConfigs.get(pool(s, 'master')!.targetConfig!)!;
    const meta = target.raw.metadata as Json;
    ((meta.annotations ??= {}) as Json)['machineconfiguration.openshift.io/release-image-version'] =
      '4.10.0-0.nightly-2021-11-03-020416';
    meta.creationTimestamp = '2021-11-03T05:00:00Z';
    assert.deepEqual(mcoLevelBeforeRequiredPools.check(s, ruleContext), []);
  });
});

describe('pool rules', () => {
  it('pool-degraded names the degraded nodes and their reasons', async () => {
    const s = await seed000();
    const [f, ...rest] = poolDegraded.check(s, ruleContext);
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
    const found = poolNotUpdated.check(s, ruleContext);
    assert.deepEqual(
      found.map((f) => [f.message.match(/Pool `(\w+)`/)?.[1], f.severity]),
      [
        ['master', 'warning'],
        ['worker', 'info'],
      ],
    );
  });

  it('pool-not-updated leaves a paused pool to pool-paused', async () => {
    const s = await seed001();
    (pool(s, 'worker')!.raw.spec as Json).paused = true;
    assert.equal(
      poolNotUpdated.check(s, ruleContext).filter((x) => x.message.includes('`worker`')).length,
      0,
    );
  });

  it('pool-not-updated stays quiet on updated pools', async () => {
    assert.deepEqual(poolNotUpdated.check(await healthy(), ruleContext), []);
  });
});

describe('cluster rules', () => {
  it('operator-not-leveled reports machine-config behind the target', async () => {
    const s = await seed000();
    const found = operatorNotLeveled.check(s, ruleContext);
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
    const [f] = clusterVersionUpdateIncomplete.check(s, ruleContext);
    assert.ok(f);
    assert.equal(f.location.pointer, '/status/history/0');
    assert.match(
      f.message,
      /from 4\.7\.3 to 4\.7\.4 started 2021-03-25T07:30:44Z \(4h49m before the gather\)/,
    );
    assert.match(f.message, /machine-config \(4\.7\.3\)/);
    assert.deepEqual(clusterVersionUpdateIncomplete.check(await seed001(), ruleContext), []);
  });
});

describe('operator condition rules', () => {
  it('operator-unavailable reports machine-config on 4.7 and says why it follows Degraded', async () => {
    const [f, ...rest] = operatorUnavailable.check(await seed000(), ruleContext);
    assert.equal(rest.length, 0);
    assert.match(
      f?.message ?? '',
      /^machine-config is not available since 2021-03-25T09:18:42Z \(3h1m before the gather\): Cluster not available for 4\.7\.4\./,
    );
    assert.match(
      f?.message ?? '',
      /On 4\.7 and 4\.8 machine-config also reports Available=False whenever it is Degraded/,
    );
    assert.deepEqual(operatorUnavailable.check(await healthy(), ruleContext), []);
  });

  it('operator-degraded leaves machine-config to the more specific explanation', async () => {
    const s = await seed000();
    assert.deepEqual(
      operatorDegraded.check(s, ruleContext),
      [],
      'mco-blocked-by-non-required-pool explains it',
    );
    labels(s, 'worker')[requiredForUpgradeLabel] = '';
    const [f] = operatorDegraded.check(s, ruleContext);
    assert.match(
      f?.message ?? '',
      /^machine-config is Degraded since .*RequiredPoolsFailed: Unable to apply 4\.7\.4/,
    );
  });

  it('operator-degraded reports any other degraded operator', async () => {
    const s = await healthy();
    setCondition(operator(s, 'ingress')!, 'Degraded', {
      status: 'True',
      reason: 'IngressDegraded',
      message: 'The "default" ingress controller reports Degraded=True',
    });
    const [f, ...rest] = operatorDegraded.check(s, ruleContext);
    assert.equal(rest.length, 0);
    assert.match(
      f?.message ?? '',
      /^ingress is Degraded since .*IngressDegraded: The "default" ingress controller/,
    );
  });

  it('operator-not-upgradeable informs, with the 4.7.4 sentence that sits in the reason field', async () => {
    const found = operatorNotUpgradeable.check(await seed000(), ruleContext);
    assert.deepEqual(
      found.map((f) => f.severity),
      ['info'],
    );
    assert.match(found[0]!.message, /One or more machine config pool is degraded/);
    assert.deepEqual(operatorNotUpgradeable.check(await healthy(), ruleContext), []);
  });
});

describe('clusterversion-failing', () => {
  it('names the operators the Failing message mentions and links them', async () => {
    const s = await seed000();
    setCondition(s.clusterVersion!, 'Failing', {
      status: 'True',
      reason: 'ClusterOperatorDegraded',
      message: 'Cluster operator machine-config is degraded',
    });
    const [f] = clusterVersionFailing.check(s, ruleContext);
    assert.match(
      f?.message ?? '',
      /Start from the ClusterOperator they? ?names?: machine-config|Start from the ClusterOperator it names: machine-config/,
    );
    assert.ok(f?.related.some((r) => r.file.endsWith('machine-config.yaml')));
    assert.deepEqual(
      clusterVersionFailing.check(await seed000(), ruleContext),
      [],
      'Failing=False in the seed',
    );
  });
});

describe('pool-paused', () => {
  it('warns on a paused pool behind its target, and says a required one blocks the update', async () => {
    const s = await seed000();
    (pool(s, 'worker')!.raw.spec as Json).paused = true;
    const [w] = poolPaused.check(s, ruleContext);
    assert.equal(w?.severity, 'warning');
    assert.equal(w?.location.pointer, '/spec/paused');
    assert.match(w?.message ?? '', /not required for upgrade/);
    labels(s, 'worker')[requiredForUpgradeLabel] = '';
    assert.match(
      poolPaused.check(s, ruleContext)[0]?.message ?? '',
      /the cluster update cannot complete while it is paused/,
    );
  });

  it('only informs on a paused pool that is up to date', async () => {
    const s = await healthy();
    (pool(s, 'worker')!.raw.spec as Json).paused = true;
    assert.deepEqual(
      poolPaused.check(s, ruleContext).map((f) => f.severity),
      ['info'],
    );
    assert.deepEqual(poolPaused.check(await healthy(), ruleContext), []);
  });
});

describe('node-mcd-degraded', () => {
  it('puts each degraded node on its own file with the drain signature explained', async () => {
    const s = await seed000();
    const found = nodeMcdDegraded.check(s, ruleContext);
    assert.equal(found.length, 9);
    const first = found.find((f) => f.message.startsWith('Node ip-10-0-137-214.ec2.internal'))!;
    assert.equal(
      first.location.pointer,
      '/metadata/annotations/machineconfiguration.openshift.io~1state',
    );
    assert.match(
      first.message,
      /\(pool `worker`\): the machine-config daemon is Degraded: failed to drain node/,
    );
    assert.match(
      first.message,
      /This means the node cannot drain|This means a PodDisruptionBudget blocks/,
    );
    assert.ok(first.related.some((r) => r.file.endsWith('worker.yaml')));
    assert.deepEqual(nodeMcdDegraded.check(await healthy(), ruleContext), []);
  });
});

describe('node-version-skew', () => {
  it('warns only beyond the supported kubelet skew', async () => {
    const s = await seed000();
    assert.deepEqual(
      nodeVersionSkew.check(s, ruleContext),
      [],
      'seed 1943289: workers trail by a z-stream only',
    );
    const worker = s.nodes.find((n) => !('node-role.kubernetes.io/master' in n.labels))!;
    ((worker.raw.status as Json).nodeInfo as Json).kubeletVersion = 'v1.17.1+45f8ddb';
    const [f, ...rest] = nodeVersionSkew.check(s, ruleContext);
    assert.equal(rest.length, 0);
    assert.match(
      f?.message ?? '',
      /runs kubelet v1\.17\.1\+45f8ddb, 3 minor versions behind the control plane's v?1\.20/,
    );
    assert.match(f?.message ?? '', /supports at most 2/);
  });
});

describe('mco-required-pool-degraded-unreported', () => {
  it('warns when a required pool is degraded but machine-config looks healthy', async () => {
    const s = await healthy();
    const master = pool(s, 'master')!;
    setCondition(master, 'Degraded', { status: 'True' });
    setCondition(master, 'NodeDegraded', {
      status: 'True',
      reason: '1 nodes are reporting degraded status on sync',
      message:
        'Node ip-10-0-143-133.us-west-2.compute.internal is reporting: "unexpected on-disk state"',
    });
    const [f] = mcoRequiredPoolDegradedUnreported.check(s, ruleContext);
    assert.match(
      f?.message ?? '',
      /Required pool `master` is Degraded .* but machine-config still reports Available=True and Degraded=False/,
    );
    assert.deepEqual(mcoRequiredPoolDegradedUnreported.check(await healthy(), ruleContext), []);
    assert.deepEqual(
      mcoRequiredPoolDegradedUnreported.check(await seed000(), ruleContext),
      [],
      'there machine-config is Degraded',
    );
  });
});

describe('version awareness', () => {
  it('mco-blocked-by-non-required-pool describes Available by release', async () => {
    const s = await seed000();
    assert.match(mcoBlockedByNonRequiredPool.check(s, ruleContext)[0]!.message, /On 4\.7 and 4\.8/);
    (s.clusterVersion!.status.desired as Json).version = '4.12.3';
    assert.match(mcoBlockedByNonRequiredPool.check(s, ruleContext)[0]?.message ?? '', /From 4\.10/);
    (s.clusterVersion!.status.desired as Json).version = '4.16.2';
    assert.match(
      mcoBlockedByNonRequiredPool.check(s, ruleContext)[0]?.message ?? '',
      /From 4\.16 machine-config always reports Available=True/,
    );
  });

  it('mco-level-before-required-pools says whether the release-image-version guard applies', async () => {
    assert.match(
      mcoLevelBeforeRequiredPools.check(await seed001(), ruleContext)[0]!.message,
      /predates the release-image-version guard/,
    );
  });
});

describe('rule documentation and settings', () => {
  it('every rule has a doc page and is listed in the settings schema', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: {
        configuration: { properties: Record<string, { propertyNames?: { enum: string[] } }> };
      };
    };
    const listed =
      pkg.contributes.configuration.properties['mustGatherInspector.rules']?.propertyNames?.enum;
    assert.deepEqual(listed, allRuleIds());
    for (const id of allRuleIds()) {
      const page = readFileSync(join(repoRoot, 'docs', 'rules', `${id}.md`), 'utf8');
      assert.ok(page.startsWith(`# \`${id}\``), id);
    }
  });
});
