/**
 * Issue 45, InPlace NodePools: the generated dumps of a degraded node (signature 9) and of a
 * stuck drain (signature 10) give one cause each, titled by the node or the budget; the guest's
 * machine-config annotations are the in-place upgrader's, never a machine-config pool problem;
 * `status` counts the NodePool from its MachineSet.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../server/src/core/updateStatus';
import { runCli } from '../support/cli';
import { hosted } from '../support/fixtures';

interface Out {
  findings: { rule: string; severity: string; subject: string; message: string; file: string }[];
}
const analyze = (path: string) =>
  JSON.parse(runCli('analyze', path, '--format', 'json').stdout) as Out;
const status = (path: string) =>
  JSON.parse(runCli('status', path, '--format', 'json').stdout) as StatusReport;

describe('an InPlace NodePool', () => {
  it('stopped on a degraded node: one cause, the node, no machine-config rule', () => {
    const f = analyze(hosted.inPlaceDegraded).findings;
    assert.deepEqual(
      f.map((x) => [x.rule, x.severity, x.subject]),
      [['nodepool-update-blocked', 'error', 'node/ip-10-0-141-27.us-east-2.compute.internal']],
    );
    assert.match(f[0]!.file, /^hostedcluster-prod\/cluster-scoped-resources\/core\/nodes\//);
    const h = status(hosted.inPlaceDegraded).roots[0]!.hosted!;
    const pool = h.nodePools[0]!;
    assert.equal(pool.upgradeType, 'InPlace');
    assert.equal(pool.updating, true);
    assert.deepEqual(pool.machines, { total: 3, updated: 0, deleting: 0 });
    assert.match(pool.message, /^Node ip-10-0-141-27\S* in nodepool degraded: /);
    const text = runCli('status', hosted.inPlaceDegraded).stdout;
    assert.match(
      text,
      /prod-workers \(InPlace\): updating its config on 4\.18\.22 \(since \S+\), 0\/3 machines updated/,
    );
  });

  it('with a node that does not drain: the PodDisruptionBudget, and the count from the MachineSet', () => {
    const f = analyze(hosted.inPlaceDrainStuck).findings;
    assert.deepEqual(
      f.map((x) => [x.rule, x.severity, x.subject]),
      [['nodepool-inplace-drain-stuck', 'warning', 'pdb/shop/cart-db']],
    );
    const h = status(hosted.inPlaceDrainStuck).roots[0]!.hosted!;
    const pool = h.nodePools[0]!;
    assert.equal(pool.version, '4.18.22');
    assert.equal(pool.target, '4.19.9');
    assert.deepEqual(pool.machines, { total: 3, updated: 0, deleting: 0 });
    // The evidence is the MachineSet's progress annotation, in the management part.
    assert.equal(
      pool.file,
      'namespaces/clusters-prod/cluster.x-k8s.io/machinesets/prod-workers.yaml',
    );
    const text = runCli('status', hosted.inPlaceDrainStuck).stdout;
    assert.match(
      text,
      /prod-workers \(InPlace\): updating 4\.18\.22 -> 4\.19\.9 \(since 1h5\dm\), 0\/3 machines updated/,
    );
    assert.doesNotMatch(text, /machine-config|pool's maxUnavailable/);
  });

  it('gives the same findings and NodePool status from the folder and its .tar.gz', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'mgi-inplace-'));
    try {
      for (const dump of [hosted.inPlaceDegraded, hosted.inPlaceDrainStuck]) {
        const tgz = join(tmp, `${basename(dump)}.tar.gz`);
        const packed = spawnSync('tar', ['-czf', tgz, '-C', dirname(dump), basename(dump)]);
        assert.equal(packed.status, 0, String(packed.stderr));
        const seen = (path: string) =>
          analyze(path).findings.map((f) => [f.rule, f.subject, f.message]);
        assert.deepEqual(seen(tgz), seen(dump));
        const pool = (path: string) => status(path).roots[0]!.hosted!.nodePools[0]!.machines;
        assert.deepEqual(pool(tgz), pool(dump));
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
