/** Issue 45 item 6: a hosted cluster's control plane on the timeline, beside its HostedCluster. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { intervalsOf } from '../../server/src/analysis/timeline';
import { timelineLanes } from '../../server/src/analysis/timelineLanes';
import { discoverRoots } from '../../server/src/gather/discover';
import { unscheduledControlPlanePods } from '../../server/src/model/hostedControlPlane';
import type { ControlPlane } from '../../server/src/model/hostedControlPlane';
import { Pod } from '../../server/src/model/pod';
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

  it('gives the etcd pod the scheduler has not placed for 38 minutes a lane of its own, at its PodScheduled line', async () => {
    const { list, groups } = await timeline(hosted.etcdPvcPending);
    const etcd = list.filter((i) => i.source === 'Pod' && i.locator === 'pod/clusters-prod/etcd-0');
    assert.equal(etcd.length, 1, 'one interval, not one per reader');
    const [pending] = etcd;
    assert.equal(pending?.level, 'Error');
    assert.equal(pending.reason, 'PodScheduled=False (SchedulerError)');
    assert.match(pending.message, /provisioning failed for PVC "data-etcd-0"/);
    assert.equal(pending.from.toISOString(), '2025-09-11T13:48:11.000Z');
    assert.equal(pending.to.toISOString(), '2025-09-11T14:26:43.209Z', 'until the gather');
    assert.match(pending.evidence.file, /namespaces\/clusters-prod\/core\/pods\/etcd-0\.yaml$/);
    assert.equal(pending.evidence.pointer, '/status/conditions/0');
    assert.deepEqual(pending.annotations, { reason: 'SchedulerError', component: 'etcd' });
    const group = groups.find((g) => g.kind === 'Hosted cluster');
    assert.ok(group?.lanes.some((l) => l.locator === 'pod/clusters-prod/etcd-0'));
  });

  it('leaves out a pod placed soon, or already failing, from the unscheduled ones', () => {
    const source = { file: '/x/etcd-0.yaml', doc: 0, base: '' };
    const pod = (name: string, reason: string, since: string) =>
      new Pod(
        {
          kind: 'Pod',
          metadata: { name, namespace: 'clusters-prod', labels: { app: 'etcd' } },
          status: {
            phase: 'Pending',
            conditions: [
              {
                type: 'PodScheduled',
                status: 'False',
                reason,
                message: 'm',
                lastTransitionTime: since,
              },
            ],
          },
        },
        source,
      );
    const cp: ControlPlane = {
      namespace: 'clusters-prod',
      components: [],
      pods: [
        pod('stuck', 'SchedulerError', '2025-09-11T14:00:00Z'),
        pod('recent', 'SchedulerError', '2025-09-11T14:23:00Z'),
        // Unschedulable is a failing pod already, with its own lane.
        pod('unschedulable', 'Unschedulable', '2025-09-11T14:00:00Z'),
      ],
      workloads: [],
      pvcs: [],
      logTails: new Map(),
      events: [],
    };
    const now = new Date('2025-09-11T14:26:43Z');
    assert.deepEqual(
      unscheduledControlPlanePods(cp, now).map((u) => [u.pod.name, u.component]),
      [['stuck', 'etcd']],
    );
    assert.deepEqual(
      unscheduledControlPlanePods(cp, undefined),
      [],
      'no gather time, no judgement',
    );
  });

  it("gives a Machine's refused drain one interval from its drainer's log, first refusal to newest line (4.17)", async () => {
    const { list } = await timeline(hosted.drainBlocked417);
    const drains = list.filter((i) => i.reason === 'Drain failed');
    assert.equal(drains.length, 1);
    const d = drains[0]!;
    assert.equal(d.locator, 'machine/clusters-prod/prod-workers-8ks77-4ldnh');
    assert.equal(d.level, 'Warning');
    assert.match(
      d.message,
      /^\d+ evictions refused, \d+ drain attempts failed \(shop\/cart-db-0\); the newest: error when evicting pods\/"cart-db-0"/,
    );
    assert.ok(d.to.getTime() > d.from.getTime());
    assert.match(d.evidence.file, /cluster-api-[^/]+-manager\.log$/);
    const line = readFileSync(d.evidence.file, 'utf8').slice(...d.evidence.span!);
    assert.match(
      line,
      /^E\d{4} .*Cannot evict pod as it would violate the pod's disruption budget/,
    );
    // The Machine's own lane holds it, beside its deletion.
    assert.ok(list.some((i) => i.locator === d.locator && i.reason === 'Deleting'));
  });

  it("gives an InPlace node's failed drains one interval from the hosted cluster config operator's log", async () => {
    const { list } = await timeline(hosted.inPlaceDrainStuck);
    const d = list.find((i) => i.reason === 'Drain failed');
    assert.ok(d);
    assert.match(d.locator, /^node\/ip-10-0-137-64\./);
    assert.match(
      d.message,
      /^\d+ drain attempts failed \(shop\/cart-db-0\); the newest: drain failed: failed to drain node /,
    );
    assert.match(d.evidence.file, /hosted-cluster-config-operator-[^/]+\.log$/);
    assert.equal(d.annotations.phase, 'Drain');
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
