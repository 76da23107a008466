/**
 * A master node the operators report not ready (library-go's NodeControllerDegraded) is the root
 * of their findings, gathered or not (issue 40): one cause, named by the node and the kubelet's
 * reason, with the operators, the ClusterVersion's Failing and the master pool under it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { discoverRoots } from '../../server/src/gather/discover';
import { nodesReportedNotReady } from '../../server/src/model/nodeReports';
import { nodeNotReady } from '../../server/src/rules/node-not-ready';
import { samples, updates } from '../support/fixtures';
import { ruleContext } from '../support/rules';
import { snapshotOf } from '../support/ruleTester';
import { loadFixture, setCondition } from '../support/snapshot';

/** Master c of update-master-not-ready, whose Node the gather lacks. */
const master = 'ip-10-0-175-139.eu-west-1.compute.internal';

async function analysed(dir: string) {
  const [root] = await discoverRoots(dir);
  return analyzeRoot(root!, analysisContext());
}

describe('a master node the operators report not ready', () => {
  it('is read from each Degraded operator that names it, by operator', async () => {
    const { snapshot } = await loadFixture(updates.masterNotReady);
    assert.ok(!snapshot.nodes.some((n) => n.name === master), 'the gather lacks its Node');
    const reports = nodesReportedNotReady(snapshot).get(master) ?? [];
    assert.deepEqual(
      reports.map((r) => [r.operator.name, r.said.reason, r.said.since?.toISOString()]),
      [
        ['etcd', 'KubeletNotReady', '2024-05-14T08:14:28.000Z'],
        ['kube-apiserver', 'KubeletNotReady', '2024-05-14T08:14:28.000Z'],
        ['kube-controller-manager', 'KubeletNotReady', '2024-05-14T08:14:28.000Z'],
      ],
    );
  });

  it('not gathered, it is reported from their messages, at the first one, citing the others', async () => {
    const { snapshot } = await loadFixture(updates.masterNotReady);
    const [f, ...rest] = nodeNotReady
      .check(snapshot, ruleContext)
      .filter((x) => x.subject === `node/${master}`);
    assert.deepEqual(rest, []);
    // Information: the operators' findings carry the errors; this one names their root.
    assert.equal(f?.severity, 'info');
    assert.equal(
      f.message,
      `Master node ${master} is not ready for 58m11s: container network not ready (no CNI configuration); its Node is not in the gather`,
    );
    assert.match(f.detail ?? '', /etcd, kube-apiserver and kube-controller-manager report it/);
    assert.match(f.detail ?? '', /No CNI configuration file in \/etc\/kubernetes\/cni\/net\.d\//);
    assert.match(f.detail ?? '', /namespaces\/openshift-ovn-kubernetes\//, 'what to open next');
    const etcd = snapshot.operators.find((o) => o.name === 'etcd')!;
    assert.deepEqual(f.location, etcd.conditions.find((c) => c.type === 'Degraded')!.location);
    assert.deepEqual(
      f.related.map((r) => r.file.split('/').pop()),
      ['kube-apiserver.yaml', 'kube-controller-manager.yaml'],
    );
  });

  it('is one cause with the operators, the Failing, the master pool and machine-config under it', async () => {
    const a = await analysed(updates.masterNotReady);
    const causes = causesOf(a.findings, a.snapshot);
    const root = causes.find((c) => c.subjects[0] === `node/${master}`)!;
    assert.ok(root, causes.map((c) => c.title).join(' | '));
    assert.match(
      root.title,
      new RegExp(
        `^Master node ${master.replace(/\./g, '\\.')} is not ready for \\S+: container network not ready \\(no CNI configuration\\); its Node is not in the gather`,
      ),
    );
    const under = root.findings.map((i) => `${a.findings[i]!.rule} ${a.findings[i]!.subject}`);
    for (const x of [
      'operator-degraded co/etcd',
      'operator-degraded co/kube-apiserver',
      'operator-degraded co/kube-controller-manager',
      'clusterversion-failing cv/version',
      'pool-not-updated mcp/master',
    ])
      assert.ok(under.includes(x), `${x} in ${under.join(', ')}`);
    assert.equal(root.level, 'error');
    // The paused worker pool is a problem of its own; nothing else warns.
    const loud = causes.filter((c) => c.level === 'error' || c.level === 'warning');
    assert.deepEqual(
      loud.map((c) => c.subjects[0]),
      [`node/${master}`, 'mcp/worker'],
    );
  });

  it('gathered and NotReady, its own finding cites the operators that report it', async () => {
    const s = await snapshotOf(samples.healthy, (x) => {
      const node = x.nodes.find((n) => Object.hasOwn(n.labels, 'node-role.kubernetes.io/master'))!;
      setCondition(node, 'Ready', {
        status: 'False',
        reason: 'KubeletNotReady',
        message: 'PLEG is not healthy: pleg was last seen active 3m12s ago',
        lastTransitionTime: '2022-03-24T17:11:05Z',
      });
      setCondition(x.operators.find((o) => o.name === 'kube-apiserver')!, 'Degraded', {
        status: 'True',
        reason: 'NodeController_MasterNodesReady',
        message: `NodeControllerDegraded: The master nodes not ready: node "${node.name}" not ready since 2022-03-24 17:11:05 +0000 UTC because KubeletNotReady (PLEG is not healthy: pleg was last seen active 3m12s ago)`,
        lastTransitionTime: '2022-03-24T17:11:35Z',
      });
    })();
    const found = nodeNotReady.check(s, ruleContext);
    assert.equal(found.length, 1, 'one finding, from its own Ready condition');
    assert.ok(
      found[0]!.related.some((r) =>
        /kube-apiserver Degraded: NodeControllerDegraded reports node/.test(r.message),
      ),
    );
  });

  it('an operator whose node controller says all masters are ready names none', async () => {
    const { snapshot } = await loadFixture(samples.healthy);
    assert.equal(nodesReportedNotReady(snapshot).size, 0);
  });
});
