/**
 * The benchmark's hosted preset (bench/gen/hosted.ts), at a small fraction: a `hypershift dump`
 * found as one hosted cluster, with the preset's 20 NodePools and 500 Machines, each Machine's
 * guest Node naming it and its NodePool, and the analysis finding only the fixture's one fault.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { generateHosted } from '../../bench/gen/hosted';
import { presets } from '../../bench/gen/presets';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';

const out = mkdtempSync(join(tmpdir(), 'mgi-bench-hosted-'));
after(() => rmSync(out, { recursive: true, force: true }));

describe('bench hosted preset', () => {
  it('writes a dump found as one hosted cluster with 20 NodePools and 500 Machines', async () => {
    const dir = join(out, 'hosted');
    const info = generateHosted(presets.hosted, 0.002, dir);
    assert.deepEqual([info.pools, info.machines, info.nodes], [20, 500, 500]);
    // The management part as `oc adm inspect` writes it: per-object files, flat logs, no Lists.
    for (const rel of [
      'namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml',
      'namespaces/clusters/hypershift.openshift.io/nodepools/prod-pool-19.yaml',
      'namespaces/clusters-prod/cluster.x-k8s.io/machinedeployments/prod-pool-19.yaml',
      'namespaces/clusters-prod/core/pods/logs',
      'hostedcluster-prod/cluster-scoped-resources/config.openshift.io/clusterversions.yaml',
      'hostedcluster-prod/namespaces/openshift-dns/core/pods.yaml',
    ])
      assert.ok(existsSync(join(dir, rel)), rel);
    assert.ok(!existsSync(join(dir, 'namespaces/clusters-prod/core/pods.yaml')));

    const roots = await discoverRoots(dir);
    assert.equal(roots.length, 1);
    const root = roots[0]!;
    assert.equal(root.path, join(dir, 'hostedcluster-prod'));
    assert.deepEqual(root.hosted && [root.hosted.namespace, root.hosted.name], [
      'clusters',
      'prod',
    ]);

    const a = await analyzeRoot(root, analysisContext());
    const hosted = a.snapshot.hosted;
    assert.ok(hosted);
    assert.equal(hosted.nodePools.length, 20);
    assert.equal(hosted.machines.length, 500);
    assert.equal(a.snapshot.nodes.length, 500);
    const nodes = new Map(a.snapshot.nodes.map((n) => [n.name, n]));
    for (const m of hosted.machines) {
      const n = nodes.get(m.nodeName ?? '');
      assert.ok(n, `machine ${m.name} has no node`);
      assert.equal(n.annotation('cluster.x-k8s.io/machine'), m.name);
      assert.equal(n.label('hypershift.openshift.io/nodePool'), m.nodePool);
      assert.equal(n.spec.providerID, m.spec.providerID, `${m.name}'s instance`);
    }
    assert.equal(new Set(a.snapshot.nodes.map((n) => n.spec.providerID)).size, 500);
    assert.deepEqual(
      a.findings.map((f) => f.rule),
      ['nodepool-drain-blocked'],
    );
  });
});
