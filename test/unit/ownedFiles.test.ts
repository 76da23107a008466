import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { copyFixture } from '../support/copyFixture';
import { mustGatherRoot, samples } from '../support/fixtures';

const mcDir = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs';
const coDir = 'cluster-scoped-resources/config.openshift.io/clusteroperators';

async function invalidOf(folder: string) {
  const [root] = await discoverRoots(folder);
  const a = await analyzeRoot(root!, analysisContext());
  return a.findings
    .filter((f) => f.rule === 'yaml-invalid')
    .map((f) => `${f.subject}: ${f.message}`);
}

describe('every file of the kinds the analysis owns is checked', () => {
  it('a binary, an empty or a foreign MachineConfig that nobody names is one finding each', async () => {
    const copy = copyFixture(samples.levelEarly);
    after(() => copy.remove());
    const root = mustGatherRoot(copy.path);
    const mcs = readdirSync(join(root, mcDir));
    assert.ok(mcs.includes('99-worker-ssh.yaml'), 'a config no pool or node names');
    writeFileSync(
      join(root, mcDir, '99-worker-ssh.yaml'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]),
    );
    writeFileSync(join(root, mcDir, '99-master-ssh.yaml'), '');
    writeFileSync(
      join(root, mcDir, '01-master-kubelet.yaml'),
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: not-a-config\n',
    );
    const found = await invalidOf(copy.path);
    assert.deepEqual(
      found.sort(),
      [
        `file/${mcDir}/01-master-kubelet.yaml: ${mcDir}/01-master-kubelet.yaml holds a Pod, not a MachineConfig`,
        `file/${mcDir}/99-master-ssh.yaml: ${mcDir}/99-master-ssh.yaml: is empty`,
        `file/${mcDir}/99-worker-ssh.yaml: ${mcDir}/99-worker-ssh.yaml: file is binary, not YAML or JSON`,
      ].sort(),
    );
  });

  it('an object of another kind in a folder the rules read is one finding, and is not read', async () => {
    const copy = copyFixture(samples.levelEarly);
    after(() => copy.remove());
    const root = mustGatherRoot(copy.path);
    writeFileSync(
      join(root, coDir, 'network.yaml'),
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: network\n  namespace: default\n',
    );
    const [r] = await discoverRoots(copy.path);
    const a = await analyzeRoot(r!, analysisContext());
    assert.ok(!a.snapshot.operators.some((o) => o.name === 'network'), 'a Pod is no operator');
    assert.deepEqual(
      a.findings.filter((f) => f.rule === 'yaml-invalid').map((f) => f.message),
      [`${coDir}/network.yaml holds a Pod, not a ClusterOperator`],
    );
  });

  it('intact configs nobody names cost no finding', async () => {
    assert.deepEqual(await invalidOf(samples.levelEarly), []);
    assert.deepEqual(await invalidOf(samples.healthy), []);
  });
});
