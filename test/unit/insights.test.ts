import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { buildIndex, filesOf } from '../../server/src/gather/gatherIndex';
import { classifyInsightsPath } from '../../server/src/gather/insightsPath';
import { samples } from '../support/fixtures';

const work = mkdtempSync(join(tmpdir(), 'mgi-insights-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the Insights fixture in a folder of the given name. */
function copyAs(name: string): string {
  const dir = join(work, name);
  cpSync(samples.insights, dir, { recursive: true });
  return dir;
}

describe('Insights Operator archives', () => {
  it('are discovered by config/version.json, before the must-gather folders they also hold', async () => {
    const dir = copyAs('with-must-gather-folders');
    // Newer gatherers write must-gather paths of their own (nmstate, clusterroles).
    mkdirSync(join(dir, 'cluster-scoped-resources/rbac.authorization.k8s.io/clusterroles'), {
      recursive: true,
    });
    mkdirSync(join(dir, 'namespaces/openshift-logging'), { recursive: true });
    const roots = await discoverRoots(work);
    const mine = roots.filter((r) => r.path === dir);
    assert.deepEqual(
      mine.map((r) => r.kind),
      ['insights'],
    );
  });

  it('classifies the paths the operator writes', () => {
    const cfg = 'config.openshift.io';
    const mco = 'machineconfiguration.openshift.io';
    assert.deepEqual(classifyInsightsPath('config/version.json'), {
      kind: 'resource',
      resource: { group: cfg, plural: 'clusterversions', name: 'version' },
    });
    assert.deepEqual(classifyInsightsPath('config/clusteroperator/machine-config.json'), {
      kind: 'resource',
      resource: { group: cfg, plural: 'clusteroperators', name: 'machine-config' },
    });
    // The operators' own resources below a ClusterOperator's name are not ClusterOperators.
    assert.deepEqual(
      classifyInsightsPath('config/clusteroperator/operator.openshift.io/etcd/cluster.json'),
      { kind: 'other' },
    );
    assert.deepEqual(classifyInsightsPath('config/machineconfigpools/worker.json'), {
      kind: 'resource',
      resource: { group: mco, plural: 'machineconfigpools', name: 'worker' },
    });
    assert.deepEqual(classifyInsightsPath('config/machineconfigs/00-worker.json'), {
      kind: 'resource',
      resource: { group: mco, plural: 'machineconfigs', name: '00-worker' },
    });
    assert.deepEqual(classifyInsightsPath('config/node/ip-10-0-1-2.ec2.internal.json'), {
      kind: 'resource',
      resource: { group: 'core', plural: 'nodes', name: 'ip-10-0-1-2.ec2.internal' },
    });
    assert.deepEqual(classifyInsightsPath('config/node/logs/ip-10-0-1-2.log'), { kind: 'other' });
    assert.deepEqual(
      classifyInsightsPath('config/pod/openshift-machine-config-operator/mcd-x.json'),
      {
        kind: 'resource',
        resource: {
          group: 'core',
          plural: 'pods',
          namespace: 'openshift-machine-config-operator',
          name: 'mcd-x',
        },
      },
    );
    assert.deepEqual(
      classifyInsightsPath('config/pod/openshift-etcd/logs/etcd-0/etcd_current.log'),
      { kind: 'log' },
    );
    assert.deepEqual(classifyInsightsPath('config/infrastructure.json'), {
      kind: 'resource',
      resource: { group: 'config.openshift.io', plural: 'infrastructures', name: 'cluster' },
    });
    for (const other of [
      'config/id',
      'events/openshift-machine-config-operator.json',
      'insights-operator/gathers.json',
      'aggregated/unused_machine_configs_count.json',
    ]) {
      assert.deepEqual(classifyInsightsPath(other), { kind: 'other' }, other);
    }
  });

  it('indexes the fixture: the cluster version, operators, pools, configs and nodes', async () => {
    const [root] = await discoverRoots(samples.insights);
    assert.equal(root?.kind, 'insights');
    const index = await buildIndex(root!);
    const count = (g: string, p: string) => filesOf(index, g, p).length;
    assert.equal(count('config.openshift.io', 'clusterversions'), 1);
    assert.equal(count('config.openshift.io', 'clusteroperators'), 11);
    assert.equal(count('machineconfiguration.openshift.io', 'machineconfigpools'), 2);
    assert.equal(count('machineconfiguration.openshift.io', 'machineconfigs'), 16);
    assert.equal(count('core', 'nodes'), 6);
    assert.equal(index.layout.form, 'insights');
  });

  it('gives the stalled update its findings, without ages when nothing records the gather time', async () => {
    const [root] = await discoverRoots(samples.insights);
    const a = await analyzeRoot(root!, analysisContext());
    const rules = new Set(a.findings.map((f) => f.rule));
    for (const rule of [
      'pool-degraded',
      'node-mcd-degraded',
      'mco-blocked-by-non-required-pool',
      'operator-not-leveled',
      'clusterversion-failing',
      'clusterversion-update-incomplete',
    ]) {
      assert.ok(rules.has(rule), `${rule} in ${[...rules].join(', ')}`);
    }
    assert.ok(!rules.has('yaml-invalid'), 'every file of the archive reads');
    const pool = a.findings.find((f) => f.rule === 'pool-degraded')!;
    assert.match(pool.location.file, /config\/machineconfigpools\/worker\.json$/);
    assert.equal(a.index.gatherTime, undefined);
    for (const f of a.findings)
      assert.doesNotMatch(`${f.message}\n${f.detail ?? ''}`, /before the gather/, f.rule);
    assert.ok(
      a.index.layout.notes.some((n) => /no gather time.*ages are unknown/.test(n)),
      a.index.layout.notes.join('\n'),
    );
    assert.ok(a.index.layout.notes.some((n) => /MachineConfigs hold no files/.test(n)));
  });

  it('takes the gather time from the archive name (a folder named so, or the archive the root came from)', async () => {
    const dir = copyAs('insights-2024-04-09-162205');
    const [root] = await discoverRoots(dir);
    const index = await buildIndex(root!);
    assert.equal(index.gatherTime?.toISOString(), '2024-04-09T16:22:05.000Z');
    assert.ok(index.layout.notes.some((n) => /archive's name insights-2024-04-09-162205/.test(n)));
    const a = await analyzeRoot(root!, analysisContext());
    const pool = a.findings.find((f) => f.rule === 'pool-degraded')!;
    assert.match(pool.detail ?? '', /since 2024-04-09T15:03:38Z \(1h18m before the gather\)/);

    const named = await buildIndex({
      kind: 'insights',
      path: samples.insights,
      archiveName: 'insights-2024-04-09-162205.tar.gz',
    });
    assert.equal(named.gatherTime?.toISOString(), '2024-04-09T16:22:05.000Z');
  });

  it('notes the gatherers that failed, from insights-operator/gathers.json', async () => {
    const dir = copyAs('failed-gatherers');
    const file = join(dir, 'insights-operator/gathers.json');
    const meta = JSON.parse(readFileSync(file, 'utf8')) as {
      status_reports: { name: string; errors: string[] | null }[];
      is_global_obfuscation_enabled: boolean;
    };
    meta.status_reports.find((r) => r.name === 'clusterconfig/machine_configs')!.errors = [
      'machineconfigs.machineconfiguration.openshift.io is forbidden: User "system:serviceaccount:openshift-insights:gather" cannot list resource "machineconfigs"',
    ];
    meta.is_global_obfuscation_enabled = true;
    writeFileSync(file, JSON.stringify(meta));
    const [root] = await discoverRoots(dir);
    const index = await buildIndex(root!);
    assert.ok(
      index.layout.notes.some((n) =>
        /^gatherer clusterconfig\/machine_configs failed: machineconfigs\.machineconfiguration\.openshift\.io is forbidden/.test(
          n,
        ),
      ),
      index.layout.notes.join('\n'),
    );
    assert.ok(index.layout.notes.some((n) => /obfuscated/.test(n)));
    writeFileSync(file, Buffer.from([0x7b, 0, 1, 2]));
    const broken = await buildIndex(root!);
    assert.ok(broken.layout.notes.some((n) => /gathers\.json is not valid JSON/.test(n)));
  });
});
