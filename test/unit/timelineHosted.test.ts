/** Issue 45 item 6: a hosted cluster's control plane on the timeline, beside its HostedCluster. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { intervalsOf } from '../../server/src/analysis/timeline';
import { timelineLanes } from '../../server/src/analysis/timelineLanes';
import { discoverRoots } from '../../server/src/gather/discover';
import { runCli } from '../support/cli';
import { hosted } from '../support/fixtures';

async function timeline(dir: string) {
  const [root] = await discoverRoots(dir);
  const a = await analyzeRoot(root!, analysisContext());
  const list = intervalsOf(a.snapshot, a.assessment.now);
  return { list, groups: timelineLanes(list, a.snapshot) };
}

const controlPlane = /^(?:hcp|cpc|pod)\//;

describe('timeline of a hosted control plane', () => {
  it('shows the crash-looping openshift-apiserver pod and the HostedControlPlane Degraded, with their files', async () => {
    const { list, groups } = await timeline(hosted.cpCrashLoop);
    const degraded = list.find(
      (i) =>
        i.source === 'HostedControlPlane' && i.reason === 'Degraded=True (UnavailableReplicas)',
    );
    assert.ok(degraded);
    assert.equal(degraded.level, 'Error');
    assert.match(degraded.evidence.file, /hostedcontrolplanes\/prod\.yaml$/);
    assert.match(degraded.evidence.pointer, /^\/status\/conditions\/\d+$/);

    const crash = list.find(
      (i) => i.source === 'Pod' && i.reason === 'openshift-apiserver CrashLoopBackOff',
    );
    assert.ok(crash);
    assert.match(crash.locator, /^pod\/clusters-prod\/openshift-apiserver-/);
    assert.match(crash.evidence.file, /core\/pods\/openshift-apiserver-[^/]+\.yaml$/);
    assert.match(crash.evidence.pointer, /\/state\/waiting$/);
    const ended = list.find(
      (i) => i.locator === crash.locator && i.reason.startsWith('openshift-apiserver terminated'),
    );
    assert.ok(ended, 'its last termination, a moment');
    assert.equal(ended.from.getTime(), ended.to.getTime());
    assert.match(ended.evidence.pointer, /\/lastState\/terminated$/);
    assert.ok(
      list.some(
        (i) =>
          i.source === 'ControlPlaneComponent' &&
          i.locator === 'cpc/clusters-prod/openshift-apiserver',
      ),
    );

    // Under the Hosted cluster group: the HostedCluster first, then its control plane.
    const group = groups.find((g) => g.kind === 'Hosted cluster');
    assert.ok(group);
    const at = (locator: string) => group.lanes.findIndex((l) => l.locator === locator);
    assert.equal(at('hc/clusters/prod'), 0);
    assert.ok(at('hcp/clusters-prod/prod') > 0);
    assert.ok(at(crash.locator) > 0);
  });

  it('orders the Hosted cluster group as an update runs: HostedCluster, control plane, NodePools', async () => {
    const tier = (locator: string) =>
      locator.startsWith('hc/') ? 0 : controlPlane.test(locator) ? 1 : 2;
    for (const dir of [hosted.cpCrashLoop, hosted.drainBlocked]) {
      const { groups } = await timeline(dir);
      const tiers = groups
        .find((g) => g.kind === 'Hosted cluster')!
        .lanes.map((l) => tier(l.locator));
      assert.deepEqual(tiers, [...tiers].sort(), dir);
      assert.ok(tiers.includes(1) && tiers.includes(2), dir);
    }
  });

  it("shows etcd's EtcdAvailable and the claim's ProvisioningFailed events", async () => {
    const { list, groups } = await timeline(hosted.etcdPvcPending);
    const etcd = list.find(
      (i) => i.source === 'HostedControlPlane' && i.reason.startsWith('EtcdAvailable=False'),
    );
    assert.ok(etcd);
    assert.equal(etcd.level, 'Error');
    assert.match(etcd.evidence.file, /hostedcontrolplanes\/prod\.yaml$/);
    const failed = list.find(
      (i) =>
        i.source === 'Event' &&
        i.reason === 'ProvisioningFailed' &&
        i.locator === 'persistentvolumeclaim/clusters-prod/data-etcd-0',
    );
    assert.ok(failed);
    assert.match(failed.evidence.file, /clusters-prod\/core\/events\//);
    assert.ok(
      groups.find((g) => g.kind === 'Events')?.lanes.some((l) => l.locator === failed.locator),
    );
    // Each event once, though the guest's and the control plane's reads may overlap.
    const keys = list
      .filter((i) => i.source === 'Event')
      .map((i) => `${i.evidence.file}#${i.evidence.pointer}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('shows only healthy control-plane conditions on a healthy hosted cluster', async () => {
    const { list } = await timeline(hosted.healthy);
    const cp = list.filter((i) => controlPlane.test(i.locator));
    assert.ok(
      cp.some((i) => i.source === 'HostedControlPlane'),
      'its conditions are there',
    );
    assert.deepEqual(
      cp.filter((i) => i.level !== 'Info').map((i) => `${i.locator} ${i.reason}`),
      [],
    );
    assert.ok(!cp.some((i) => i.source === 'Pod' || i.source === 'ControlPlaneComponent'));
  });

  it('cli timeline prints the failing control-plane pod with its file', () => {
    const out = runCli('timeline', hosted.cpCrashLoop).stdout;
    const row = out
      .split('\n')
      .find((l) =>
        / Pod +pod\/clusters-prod\/openshift-apiserver-\S+ +openshift-apiserver CrashLoopBackOff/.test(
          l,
        ),
      );
    assert.ok(row, out.slice(0, 2000));
    assert.match(row, /^\d{4}-\d\d-\d\dT[\d:]+Z\s+\S+\s+Error\s/);
    assert.match(row, /namespaces\/clusters-prod\/core\/pods\/openshift-apiserver-\S+\.yaml:\d+$/);
  });

  it('cli timeline --format intervals locates a control-plane pod as origin does', () => {
    const out = runCli('timeline', hosted.cpCrashLoop, '--format', 'intervals').stdout;
    const items = (
      JSON.parse(out) as {
        items: { source: string; locator: { type: string; keys: Record<string, string> } }[];
      }
    ).items;
    const pod = items.find((i) => i.source === 'PodState');
    assert.equal(pod?.locator.type, 'Pod');
    assert.equal(pod.locator.keys.namespace, 'clusters-prod');
    assert.match(pod.locator.keys.pod ?? '', /^openshift-apiserver-/);
  });
});
