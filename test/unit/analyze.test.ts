import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot, applyLevels } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import type { Finding } from '../../server/src/core/finding';
import { copyFixture } from '../support/copyFixture';
import { machineConfigOperatorFile, poolFile, resourceFile, samples } from '../support/fixtures';

async function analyze(path: string) {
  const [root] = await discoverRoots(path);
  assert.ok(root);
  return analyzeRoot(root, analysisContext());
}

describe('analysis of a whole root', () => {
  const copy = copyFixture(samples.workerBlocksMco);
  after(() => copy.remove());

  it('reports a file that does not parse once, and still reports every other finding', async () => {
    const before = await analyze(copy.path);
    const master = resourceFile(copy.path, poolFile('master'));
    writeFileSync(
      master,
      'apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfigPool\nmetadata: {name: master\n',
    );
    const broken = await analyze(copy.path);
    const invalid = broken.findings.filter((f) => f.rule === 'yaml-invalid');
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0]!.location.file, master);
    assert.match(invalid[0]!.message, /master\.yaml does not parse/);
    // The findings that do not depend on the master pool are all still there.
    const rulesOf = (fs: Finding[]) =>
      fs.map((f) => f.rule).filter((r) => r !== 'mco-blocked-by-non-required-pool');
    for (const rule of [
      'pool-degraded',
      'operator-not-leveled',
      'clusterversion-update-incomplete',
    ]) {
      assert.ok(rulesOf(broken.findings).includes(rule), rule);
      assert.ok(rulesOf(before.findings).includes(rule), rule);
    }
  });

  it('reads the single-object files and skips the List copy of the same objects', async () => {
    const a = await analyze(samples.workerBlocksMco);
    const f = a.findings.find((x) => x.rule === 'operator-not-leveled');
    assert.equal(
      f?.location.file,
      resourceFile(samples.workerBlocksMco, machineConfigOperatorFile),
    );
    assert.ok(
      !a.filesRead.some((p) => p.endsWith('config.openshift.io/clusteroperators.yaml')),
      'the List beside the single files was read',
    );
    assert.equal(a.snapshot.operators.length, 11);
  });

  it("opens no log but the cluster-version operator's, the machine-config-controller's and the daemons' of the nodes they drain themselves", async () => {
    const a = await analyze(samples.workerBlocksMco);
    assert.ok(a.index.logs.length >= 1);
    const logs = a.filesRead.filter((p) => p.endsWith('.log')).sort();
    assert.deepEqual(
      logs.map((p) => /\/pods\/([^/]+)\/([^/]+)\//.exec(p)!.slice(1).join(' ')),
      [
        `${/cluster-version-operator-[^/]+/.exec(logs[0]!)![0]} cluster-version-operator`,
        `${/machine-config-controller-[^/]+/.exec(logs[1]!)![0]} machine-config-controller`,
        ...a.snapshot.drainLogs
          .filter((l) => l.subject.includes('/machine-config-daemon-'))
          .map((l) => `${l.subject.split('/')[2]} machine-config-daemon`),
      ].sort(),
    );
    assert.ok(logs.every((p) => p.endsWith('/logs/current.log')));
    // Seed 000's 4.7 daemons drain two workers themselves (cordoned, Working): their logs alone.
    const draining = a.snapshot.nodes.filter(
      (n) => n.unschedulable && n.mcdState === 'Working' && n.currentConfig !== n.desiredConfig,
    );
    assert.equal(draining.length, 2);
    assert.equal(logs.filter((p) => p.includes('/machine-config-daemon-')).length, 2);
  });

  it('reads only the rendered configs that pools and nodes name', async () => {
    const a = await analyze(samples.workerBlocksMco);
    const mcs = a.filesRead.filter((p) => p.includes('/machineconfigs/'));
    assert.ok(mcs.length > 0);
    assert.ok(
      mcs.every((p) => /\/rendered-(master|worker)-[0-9a-f]{32}\.yaml$/.test(p)),
      mcs.join('\n'),
    );
  });

  it('applies user rule levels: off removes, a level replaces the severity', () => {
    const f: Finding = {
      rule: 'pool-degraded',
      severity: 'error',
      subject: 'mcp/worker',
      location: { file: '/x', doc: 0, pointer: '' },
      message: 'm',
      related: [],
    };
    assert.deepEqual(applyLevels([f], { 'pool-degraded': 'off' }), []);
    assert.equal(applyLevels([f], { 'pool-degraded': 'info' })[0]?.severity, 'info');
    assert.equal(applyLevels([f], {})[0], f);
  });
});
