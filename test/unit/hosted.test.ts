/**
 * Issue 45: a `hypershift dump` read as a hosted cluster. Its HostedCluster is the root (its
 * guest part when collected), the management part's nodes and version are never the hosted
 * cluster's, and `status` tells the control plane and each NodePool.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../server/src/core/updateStatus';
import { discoverRoots } from '../../server/src/gather/discover';
import { nodeNotReady } from '../../server/src/rules/node-not-ready';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { hosted } from '../support/fixtures';
import { ruleContext } from '../support/rules';
import { loadFixture } from '../support/snapshot';

/** The management cluster's node names: the dump's own `cluster-scoped-resources/core/nodes/`. */
const managementNodes = (dump: string) =>
  readdirSync(join(dump, 'cluster-scoped-resources', 'core', 'nodes')).map((f) =>
    f.replace(/\.yaml$/, ''),
  );

function status(path: string): StatusReport {
  const r = runCli('status', path, '--format', 'json');
  assert.equal(r.stderr, '');
  return JSON.parse(r.stdout) as StatusReport;
}

describe('a hypershift dump', () => {
  it('is one hosted cluster: its guest part is the root, the HostedCluster names it', async () => {
    const roots = await discoverRoots(hosted.drainBlocked);
    assert.equal(roots.length, 1);
    const r = roots[0]!;
    assert.equal(r.path, join(hosted.drainBlocked, 'hostedcluster-prod'));
    assert.deepEqual(r.hosted, {
      dump: hosted.drainBlocked,
      namespace: 'clusters',
      name: 'prod',
      guest: join(hosted.drainBlocked, 'hostedcluster-prod'),
    });
    assert.match(r.notes?.join('\n') ?? '', /management cluster's/);
  });

  it("never reads the management cluster's nodes or version as the hosted cluster's", async () => {
    const { snapshot: s } = await loadFixture(hosted.drainBlocked);
    const mgmt = new Set(managementNodes(hosted.drainBlocked));
    assert.ok(mgmt.size > 0);
    assert.ok(s.nodes.length > 0);
    for (const n of s.nodes) assert.ok(!mgmt.has(n.name), n.name);
    assert.equal(s.clusterVersion?.desiredVersion, '4.19.9');
    assert.equal(s.hosted?.cluster.name, 'prod');
    assert.deepEqual(
      s.hosted?.nodePools.map((p) => p.name),
      ['prod-workers'],
    );
    // Every guest node is a Machine's.
    const machineNodes = new Set(s.hosted?.machines.map((m) => m.nodeName));
    for (const n of s.nodes) assert.ok(machineNodes.has(n.name), n.name);
  });

  it('without its guest part: the dump is the root and nothing of the management cluster is read as it', async () => {
    const copy = copyFixture(hosted.drainBlocked);
    try {
      rmSync(join(copy.path, 'hostedcluster-prod'), { recursive: true });
      const roots = await discoverRoots(copy.path);
      assert.equal(roots.length, 1);
      assert.equal(roots[0]!.path, copy.path);
      assert.match(roots[0]!.notes?.join('\n') ?? '', /guest cluster was not collected/);
      const { snapshot: s } = await loadFixture(copy.path);
      assert.equal(s.nodes.length, 0);
      assert.equal(s.clusterVersion, undefined);
      assert.equal(s.hosted?.nodePools.length, 1);
      const report = status(copy.path).roots[0]!;
      assert.equal(report.hosted?.controlPlane.version, '4.19.9');
    } finally {
      copy.remove();
    }
  });

  it('status: the control plane Completed, the NodePool still rolling on its own', () => {
    const report = status(hosted.drainBlocked);
    assert.equal(report.roots.length, 1);
    const h = report.roots[0]!.hosted!;
    assert.equal(h.controlPlane.name, 'prod');
    assert.equal(h.controlPlane.namespace, 'clusters');
    assert.equal(h.controlPlane.controlPlaneNamespace, 'clusters-prod');
    assert.equal(h.controlPlane.platform, 'AWS');
    assert.equal(h.controlPlane.version, '4.19.9');
    assert.equal(h.controlPlane.state, 'Completed');
    assert.equal(h.controlPlane.progressing, null);
    const [pool] = h.nodePools;
    assert.equal(pool?.name, 'prod-workers');
    assert.equal(pool?.upgradeType, 'Replace');
    assert.equal(pool?.updating, true);
    assert.equal(pool?.version, '4.18.22');
    assert.equal(pool?.target, '4.19.9');
    assert.deepEqual(pool?.machines, { total: 3, updated: 1, deleting: 1 });
    assert.equal(pool?.ahead, false);
    // Evidence: the NodePool's UpdatingVersion condition, in the management part.
    const line = readFileSync(join(hosted.drainBlocked, pool!.file), 'utf8').split('\n')[
      pool!.line - 1
    ];
    assert.match(line ?? '', /lastTransitionTime|message|type/);
    assert.match(pool!.file, /^namespaces\/clusters\/hypershift\.openshift\.io\/nodepools\//);

    const text = runCli('status', hosted.drainBlocked).stdout;
    assert.match(text, /= Hosted Cluster =\nHostedCluster: +clusters\/prod \(AWS, cluster ID /);
    assert.match(
      text,
      /holds the management cluster: its nodes and version are not this cluster's/,
    );
    assert.match(
      text,
      /prod-workers \(Replace\): updating 4\.18\.22 -> 4\.19\.9 \(since \S+\), 1\/3 machines updated, 1 deleting/,
    );
  });

  it('status on 4.17: the control plane 4.16.45 -> 4.17.38 Completed, the NodePool draining', () => {
    const h = status(hosted.drainBlocked417).roots[0]!.hosted!;
    assert.equal(h.controlPlane.version, '4.17.38');
    assert.equal(h.controlPlane.state, 'Completed');
    const [pool] = h.nodePools;
    assert.equal(pool?.upgradeType, 'Replace');
    assert.equal(pool?.version, '4.16.45');
    assert.equal(pool?.target, '4.17.38');
    assert.deepEqual(pool?.machines, { total: 3, updated: 1, deleting: 1 });
    const text = runCli('status', hosted.drainBlocked417).stdout;
    assert.match(
      text,
      /Control plane: +4\.17\.38 \(Completed \S+ ago\), in namespace clusters-prod/,
    );
    assert.match(
      text,
      /prod-workers \(Replace\): updating 4\.16\.45 -> 4\.17\.38 \(since \S+\), 1\/3 machines updated, 1 deleting/,
    );
    assert.match(
      text,
      /Update Stalled +PodDisruptionBudget shop\/cart-db blocks the drain of node /,
    );
  });

  it("status on 4.20: the guest's version Completed, the components' controlPlaneVersion Partial, one cause", () => {
    const h = status(hosted.cpRolloutStuck420).roots[0]!.hosted!;
    assert.equal(h.controlPlane.version, '4.20.38');
    assert.equal(h.controlPlane.state, 'Completed');
    assert.equal(h.controlPlane.components?.version, '4.20.38');
    assert.equal(h.controlPlane.components?.state, 'Partial');
    assert.equal(h.controlPlane.components?.since, '2026-09-22T13:21:52Z');
    assert.equal(h.nodePools[0]?.version, '4.19.7');
    assert.equal(h.nodePools[0]?.updating, false);
    const text = runCli('status', hosted.cpRolloutStuck420).stdout;
    assert.match(text, /Control plane: +4\.20\.38 \(Completed \S+ ago\)/);
    assert.match(
      text,
      /Components: +4\.20\.38 Partial \(since \S+\): not every ControlPlaneComponent has rolled it out.* namespaces\/clusters\/hypershift\.openshift\.io\/hostedclusters\/prod\.yaml:\d+/,
    );
    assert.match(
      text,
      /Update Stalled +Control-plane pod clusters-prod\/openshift-controller-manager-\S+ \(openshift-controller-manager\) is in CrashLoopBackOff/,
    );
    const analyzed = JSON.parse(
      runCli('analyze', hosted.cpRolloutStuck420, '--format', 'json').stdout,
    ) as {
      findings: { rule: string }[];
    };
    assert.deepEqual(
      analyzed.findings.map((f) => f.rule),
      ['hosted-control-plane-component-failing'],
    );
  });

  it('status before 4.20 has no components line (no controlPlaneVersion)', () => {
    assert.equal(status(hosted.cpCrashLoop).roots[0]!.hosted!.controlPlane.components, undefined);
    assert.doesNotMatch(runCli('status', hosted.cpCrashLoop).stdout, /^Components:/m);
  });

  it('status names the ControlPlaneComponents that have not rolled out, on 4.19 and 4.20 alike, and none when settled', () => {
    const cases: [string, string, RegExp][] = [
      [hosted.cpCrashLoop, 'openshift-apiserver', /^Available=False \(WaitingForAvailable\)$/],
      [hosted.cpRolloutStuck420, 'openshift-controller-manager', /^RolloutComplete=False /],
    ];
    for (const [dump, name, condition] of cases) {
      const cp = status(dump).roots[0]!.hosted!.controlPlane;
      assert.deepEqual(
        cp.notRolledOut.map((n) => n.name),
        [name],
        dump,
      );
      const [n] = cp.notRolledOut;
      assert.match(n!.condition, condition);
      assert.match(n!.file, new RegExp(`controlplanecomponents/${name}\\.yaml$`));
      assert.match(
        runCli('status', dump).stdout,
        new RegExp(
          `^Not rolled out: +${name}: \\S+=False \\(\\w+\\) for \\S+, .*controlplanecomponents/${name}\\.yaml:\\d+$`,
          'm',
        ),
      );
    }
    for (const dump of [hosted.healthy, hosted.drainBlocked]) {
      assert.deepEqual(status(dump).roots[0]!.hosted!.controlPlane.notRolledOut, [], dump);
      assert.doesNotMatch(runCli('status', dump).stdout, /Not rolled out:/);
    }
  });

  it("a node cordoned by its Machine's replacement is the NodePool's drain, not node-not-ready's", async () => {
    const { snapshot: s } = await loadFixture(hosted.drainBlocked);
    const cordoned = s.nodes.filter((n) => n.unschedulable);
    assert.equal(cordoned.length, 1);
    assert.deepEqual(
      nodeNotReady.check(s, ruleContext).filter((f) => f.subject === cordoned[0]!.subject),
      [],
    );
  });

  it('a settled hosted cluster gives no warning or error', () => {
    const r = runCli('analyze', hosted.healthy, '--format', 'json');
    const out = JSON.parse(r.stdout) as { findings: { severity: string; message: string }[] };
    assert.deepEqual(
      out.findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
    const h = status(hosted.healthy).roots[0]!.hosted!;
    assert.equal(h.nodePools[0]?.updating, false);
    assert.equal(h.nodePools[0]?.version, '4.18.22');
  });

  it('gives the same findings from the folder, its .tar.gz and a must-gather that holds it', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'mgi-hosted-'));
    try {
      // As support attaches it: the dump folder as one archive.
      const tgz = join(tmp, 'hypershift-dump-prod.tar.gz');
      const packed = spawnSync('tar', [
        '-czf',
        tgz,
        '-C',
        fixturesOf(hosted.drainBlocked),
        'hosted-drain-blocked-4.19',
      ]);
      assert.equal(packed.status, 0, String(packed.stderr));
      // As the multicluster engine's must-gather writes it: the dump in the image folder, beside
      // the hub's own inspect data, whose ClusterVersion is the management cluster's.
      const image = join(
        tmp,
        'must-gather.local.5566',
        'registry-redhat-io-multicluster-engine-must-gather-rhel9-sha256-0a1b',
      );
      mkdirSync(image, { recursive: true });
      cpSync(hosted.drainBlocked, image, { recursive: true });
      const hubVersion = join(
        image,
        'cluster-scoped-resources/config.openshift.io/clusterversions',
      );
      mkdirSync(hubVersion, { recursive: true });
      writeFileSync(
        join(hubVersion, 'version.yaml'),
        'apiVersion: config.openshift.io/v1\nkind: ClusterVersion\nmetadata:\n  name: version\nspec:\n  channel: stable-4.17\nstatus:\n  desired:\n    version: 4.17.14\n  history:\n  - completionTime: "2025-08-01T10:00:00Z"\n    image: quay.io/openshift-release-dev/ocp-release:4.17.14-x86_64\n    startedTime: "2025-08-01T09:00:00Z"\n    state: Completed\n    version: 4.17.14\n',
      );
      const findings = (path: string) => {
        const r = runCli('analyze', path, '--format', 'json');
        const out = JSON.parse(r.stdout) as {
          findings: { rule: string; subject: string; message: string; file: string }[];
        };
        return out.findings.map((f) => [
          f.rule,
          f.subject,
          f.message,
          f.file.replace(/^.*?(namespaces\/|cluster-scoped-resources\/)/, '$1'),
        ]);
      };
      const folder = findings(hosted.drainBlocked);
      assert.ok(folder.some(([rule]) => rule === 'nodepool-drain-blocked'));
      assert.deepEqual(findings(tgz), folder);
      assert.deepEqual(findings(join(tmp, 'must-gather.local.5566')), folder);
      // The hub's ClusterVersion is never the hosted cluster's.
      const r = status(join(tmp, 'must-gather.local.5566')).roots;
      assert.equal(r.length, 1);
      assert.equal(r[0]!.controlPlane.target, '4.19.9');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

/** The folder that holds a fixture. */
function fixturesOf(path: string): string {
  return join(path, '..');
}
