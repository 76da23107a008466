import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../../server/src/core/updateStatus';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedClusterVersionFailing } from '../../../server/src/rules/hostedcluster-version-failing';
import { runCli } from '../../support/cli';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const hc = (s: Snapshot) => s.hosted!.cluster;
const hoursBefore = (s: Snapshot, h: number) =>
  new Date(s.gatherTime!.getTime() - h * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');

/** A stubbed control-plane operator named by the CVO, failing for two hours. */
const stubUpdating = (s: Snapshot) =>
  setCondition(hc(s), 'ClusterVersionSucceeding', {
    status: 'False',
    reason: 'ClusterOperatorUpdating',
    message: 'Cluster operator kube-apiserver is updating versions',
    lastTransitionTime: hoursBefore(s, 2),
  });

ruleTester(hostedClusterVersionFailing, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    {
      name: 'stays quiet while only a NodePool rolls',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'reads the inverted status right: ClusterVersionSucceeding=True is not a failure',
      snapshot: snapshotOf(hosted.guestOperatorDegraded, (s) =>
        setCondition(hc(s), 'ClusterVersionSucceeding', { status: 'True' }),
      ),
    },
  ],
  invalid: [
    {
      name: "says the control plane's update fails on the guest's ingress, with the CVO's words, a warning under the operator",
      snapshot: snapshotOf(hosted.guestOperatorDegraded),
      findings: [
        {
          severity: 'warning',
          subject: 'hc/clusters/prod',
          message: [
            /^The update of HostedCluster prod to 4\.19\.9 is failing for 1h\d+m\S*: Cluster operator ingress is degraded\n/,
            /`ClusterVersionSucceeding=False` \(`ClusterOperatorDegraded`\)/,
            /status inverted/,
            /`ClusterVersionProgressing=True`: Working towards 4\.19\.9: 762 of 903 done/,
            /ClusterOperator ingress/,
          ],
          location: (s) => hc(s).condition('ClusterVersionSucceeding')!.location,
          related: [
            (r) => r.message === 'ClusterOperator ingress' && r.file.endsWith('ingress.yaml'),
            (r) => r.message === 'the guest ClusterVersion: Failing',
            (r) => r.message === 'ClusterVersionProgressing=True',
          ],
        },
      ],
      check: (fs) => assert.equal(fs[0]!.quote, 'Cluster operator ingress is degraded'),
    },
    {
      name: 'points a stubbed operator to the control-plane namespace, an error after an hour',
      snapshot: snapshotOf(hosted.drainBlocked, stubUpdating),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The cluster version of HostedCluster prod is failing for 2h\S*: Cluster operator kube-apiserver is updating versions\n/,
            /kube-apiserver is written by the hosted cluster config operator .* \(`clusters-prod`\)/,
          ],
        },
      ],
      check: (fs) =>
        assert.ok(!/Start from the hosted cluster's ClusterOperator/.test(fs[0]!.detail ?? '')),
    },
  ],
});

describe('hostedcluster-version-failing in its cause', () => {
  it("sits under the guest operator's finding: the cause is the ingress operator's", async () => {
    const { causes, findingsOf } = await hostedCauses(hosted.guestOperatorDegraded);
    const mine = causes.filter((c) =>
      findingsOf(c).some((f) => f.rule === 'hostedcluster-version-failing'),
    );
    assert.equal(mine.length, 1);
    const c = mine[0]!;
    assert.equal(c.subjects[0], 'co/ingress');
    assert.match(c.title, /^ingress /);
    const root = findingsOf(c)[0]!;
    assert.ok(root.rule.startsWith('operator-'), root.rule);
    assert.ok(root.location.file.endsWith('clusteroperators/ingress.yaml'), root.location.file);
    assert.notEqual(root.rule, 'hostedcluster-version-failing');
    assert.equal(causes.length, 1, causes.map((x) => x.title).join(' | '));
  });
  it('gives no finding on the healthy and drain fixtures', async () => {
    for (const dir of [hosted.healthy, hosted.drainBlocked]) {
      const { analysis } = await hostedCauses(dir);
      assert.deepEqual(
        analysis.findings.filter((f) => f.rule === 'hostedcluster-version-failing'),
        [],
      );
    }
  });
  it('off hides nothing else', async () => {
    const on = await hostedCauses(hosted.guestOperatorDegraded);
    const off = await hostedCauses(hosted.guestOperatorDegraded, ['hostedcluster-version-failing']);
    assert.deepEqual(
      findingKeys(off.analysis),
      findingKeys(on.analysis, 'hostedcluster-version-failing'),
    );
    assert.equal(off.causes.length, 1);
  });
});

describe('status of a control plane held by a guest operator', () => {
  it('says the control plane is updating, why it fails in the CVO words, and which operator it waits on', () => {
    const json = runCli('status', hosted.guestOperatorDegraded, '--format', 'json');
    assert.equal(json.stderr, '');
    const r = (JSON.parse(json.stdout) as StatusReport).roots[0]!;
    const cp = r.hosted!.controlPlane;
    assert.equal(cp.state, 'Partial');
    assert.equal(cp.version, '4.18.22');
    assert.equal(cp.target, '4.19.9');
    assert.deepEqual(cp.failing, {
      reason: 'ClusterOperatorDegraded',
      message: 'Cluster operator ingress is degraded',
      since: '2025-09-16T11:43:09Z',
    });
    const text = runCli('status', hosted.guestOperatorDegraded).stdout;
    assert.match(text, /Control plane: +updating to 4\.19\.9 from 4\.18\.22/);
    assert.match(
      text,
      /ClusterVersionSucceeding=False \(ClusterOperatorDegraded\): Cluster operator ingress is degraded/,
    );
    assert.match(text, /Operator Health: .*1 Available but degraded\n +ingress Degraded=True/);
    // The Update Health row is the ingress operator's, not the HostedCluster's copy of it.
    assert.match(text, /= Update Health =\n.*\n.*ingress .*clusteroperators\/ingress\.yaml:\d+/);
  });
  it('stays null on a settled hosted cluster', () => {
    const r = (
      JSON.parse(runCli('status', hosted.healthy, '--format', 'json').stdout) as StatusReport
    ).roots[0]!;
    assert.equal(r.hosted!.controlPlane.failing, null);
  });
});
