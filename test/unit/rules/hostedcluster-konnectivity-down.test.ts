import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedClusterKonnectivityDown } from '../../../server/src/rules/hostedcluster-konnectivity-down';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const hc = (s: Snapshot) => s.hosted!.cluster;
/** The agents' pods were not collected (or are gone). */
const noAgents = (s: Snapshot) => {
  delete s.konnectivityPods;
};
const stale = (s: Snapshot) =>
  setCondition(hc(s), 'DataPlaneConnectionAvailable', {
    reason: 'ConnectionCheckStale',
    message:
      'Data plane to control plane connection is not available: last successful check was at 2025-09-12T05:59:02Z, which is older than 5 minutes',
  });

/** A newer control plane's own check: it cannot reach the hosted kube-apiserver from the workers. */
const kasAccessFailed = (s: Snapshot) => {
  const at = new Date(s.gatherTime!.getTime() - 45 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  ((hc(s).raw.status as Json).conditions as Json[]).push({
    lastTransitionTime: at,
    message: 'failed to access the hosted kube-apiserver from the data plane',
    observedGeneration: 2,
    reason: 'KASAccessFailed',
    status: 'False',
    type: 'ControlPlaneConnectionAvailable',
  });
};

ruleTester(hostedClusterKonnectivityDown, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet while a rollout drains', snapshot: snapshotOf(hosted.drainBlocked) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet once the connection is back',
      snapshot: snapshotOf(hosted.konnectivityDown, (s) =>
        setCondition(hc(s), 'DataPlaneConnectionAvailable', { status: 'True' }),
      ),
    },
  ],
  invalid: [
    {
      name: 'titles it by the crash-looping konnectivity agent pod, with the condition as evidence',
      snapshot: snapshotOf(hosted.konnectivityDown),
      findings: [
        {
          severity: 'error',
          subject: 'pod/kube-system/konnectivity-agent-46rsd',
          message: [
            /^3 konnectivity agent pods of HostedCluster prod are failing \(konnectivity-agent-46rsd: CrashLoopBackOff, last exit code 1\): the control plane cannot reach its workers for 1h\d+m\S*\n/,
            /`DataPlaneConnectionAvailable=False` \(`KonnectivityAgentPodsNotFound`\): Couldn't find any konnectivity-agent running in data plane/,
          ],
          related: [
            (r) =>
              r.message === 'DataPlaneConnectionAvailable=False (KonnectivityAgentPodsNotFound)',
            (r) => r.message.startsWith('pod konnectivity-agent-'),
          ],
        },
      ],
      check: (fs) =>
        assert.ok(fs[0]!.location.file.endsWith('namespaces/kube-system/core/pods.yaml')),
    },
    {
      name: 'names the condition when no agent pod is there to blame',
      snapshot: snapshotOf(hosted.konnectivityDown, noAgents, stale),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The control plane of HostedCluster prod cannot reach its workers for 1h\d+m\S*: ConnectionCheckStale\n/,
            /`DataPlaneConnectionAvailable=False` \(`ConnectionCheckStale`\): Data plane to control plane connection is not available: last successful check was at 2025-09-12T05:59:02Z, which is older than 5 minutes/,
            /No `kube-system\/konnectivity-agent-\*` pod/,
          ],
          location: (s) => hc(s).condition('DataPlaneConnectionAvailable')!.location,
        },
      ],
    },
    {
      name: 'reads ControlPlaneConnectionAvailable=False (KASAccessFailed) too',
      snapshot: snapshotOf(hosted.healthy, kasAccessFailed),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The control plane of HostedCluster prod cannot reach its workers for 45m\S*: KASAccessFailed: failed to access the hosted kube-apiserver from the data plane\n/,
            /`ControlPlaneConnectionAvailable=False` \(`KASAccessFailed`\)/,
          ],
          location: (s) => hc(s).condition('ControlPlaneConnectionAvailable')!.location,
        },
      ],
    },
  ],
});

describe('hostedcluster-konnectivity-down in its cause', () => {
  it('the cause is the agent pod', async () => {
    const { causes, findingsOf } = await hostedCauses(hosted.konnectivityDown);
    assert.equal(causes.length, 1);
    assert.equal(causes[0]!.subjects[0], 'pod/kube-system/konnectivity-agent-46rsd');
    assert.equal(findingsOf(causes[0]!)[0]!.rule, 'hostedcluster-konnectivity-down');
  });
  it('gives no finding on the healthy and drain fixtures; off hides nothing else', async () => {
    for (const dir of [hosted.healthy, hosted.drainBlocked, hosted.konnectivityDown]) {
      const on = await hostedCauses(dir);
      if (dir !== hosted.konnectivityDown)
        assert.deepEqual(
          on.analysis.findings.filter((f) => f.rule === 'hostedcluster-konnectivity-down'),
          [],
        );
      const off = await hostedCauses(dir, ['hostedcluster-konnectivity-down']);
      assert.deepEqual(
        findingKeys(off.analysis),
        findingKeys(on.analysis, 'hostedcluster-konnectivity-down'),
      );
    }
  });
});
