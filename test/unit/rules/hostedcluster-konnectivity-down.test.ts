import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedClusterKonnectivityDown } from '../../../server/src/rules/hostedcluster-konnectivity-down';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

const hc = (s: Snapshot) => s.hosted!.cluster;
/** The agents' pods were not collected (or are gone). */
const noAgents = (s: Snapshot) => {
  delete s.konnectivityPods;
};

/** A condition 4.21 and later write on the HostedCluster (the 4.18 fixture has none). */
function connection(s: Snapshot, type: string, status: string, reason: string, message: string) {
  const since = new Date(s.gatherTime!.getTime() - 98 * 60_000);
  ((hc(s).raw.status as Json).conditions as Json[]).push({
    lastTransitionTime: since.toISOString().replace(/\.\d+Z$/, 'Z'),
    message,
    observedGeneration: 2,
    reason,
    status,
    type,
  });
}

/** 4.21's check: no agent runs. */
const agentsNotFound = (s: Snapshot) =>
  connection(
    s,
    'DataPlaneConnectionAvailable',
    'False',
    'KonnectivityAgentPodsNotFound',
    "Couldn't find any konnectivity-agent running in data plane",
  );
const stale = (s: Snapshot) =>
  connection(
    s,
    'ControlPlaneConnectionAvailable',
    'False',
    'ConnectionCheckStale',
    'Data plane to control plane connection is not available: last successful check was at 2025-09-12T05:59:02Z, which is older than 5 minutes',
  );

/** A newer control plane's own check: the workers never reached the hosted kube-apiserver. */
const kasAccessFailed = (s: Snapshot) => {
  const at = new Date(s.gatherTime!.getTime() - 45 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  ((hc(s).raw.status as Json).conditions as Json[]).push({
    lastTransitionTime: at,
    message:
      'Data plane to control plane connection is not available: no successful connectivity check recorded',
    observedGeneration: 2,
    reason: 'KASAccessFailed',
    status: 'False',
    type: 'ControlPlaneConnectionAvailable',
  });
};

/** One of the three agents runs again (its container restarted and stayed up). */
const oneRuns = (s: Snapshot) => {
  const pod = s.konnectivityPods![1]!;
  const status = pod.raw.status as Json;
  const container = (status.containerStatuses as Json[])[0]!;
  container.state = { running: { startedAt: '2025-09-12T07:30:11Z' } };
  container.ready = true;
  status.phase = 'Running';
};

ruleTester(hostedClusterKonnectivityDown, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet while a rollout drains', snapshot: snapshotOf(hosted.drainBlocked) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet when 4.21 checks the tunnel and finds it up, whatever the agents look like',
      snapshot: snapshotOf(hosted.konnectivityDown, (s) =>
        connection(s, 'DataPlaneConnectionAvailable', 'True', 'AsExpected', 'All is well'),
      ),
    },
    {
      name: 'stays quiet before 4.21 while one agent still runs (the tunnel goes through it)',
      snapshot: snapshotOf(hosted.konnectivityDown, oneRuns),
    },
    {
      name: 'stays quiet before 4.21 when no agent pod was collected (nothing says the tunnel is down)',
      snapshot: snapshotOf(hosted.konnectivityDown, noAgents),
    },
  ],
  invalid: [
    {
      name: 'before 4.21 (no condition), titles it by the crash-looping agents when all of them fail',
      snapshot: snapshotOf(hosted.konnectivityDown),
      findings: [
        {
          severity: 'error',
          subject: 'pod/kube-system/konnectivity-agent-46rsd',
          message: [
            /^All 3 konnectivity agent pods of HostedCluster prod are failing \(konnectivity-agent-46rsd: CrashLoopBackOff, last exit code 1\): the control plane cannot reach its workers for 1h40m\S*\n/,
            /Releases before 4\.21 do not check it \(no `DataPlaneConnectionAvailable`\)/,
          ],
          related: [
            (r) => r.message.startsWith('pod konnectivity-agent-'),
            (r) => r.message.startsWith('pod konnectivity-agent-'),
          ],
        },
      ],
      check: (fs) => {
        assert.ok(fs[0]!.location.file.endsWith('namespaces/kube-system/core/pods.yaml'));
        assert.equal(fs[0]!.since?.toISOString(), '2025-09-12T05:58:17.000Z');
        assert.equal(fs[0]!.quote, undefined);
      },
    },
    {
      name: 'from 4.21, titles it by the crash-looping agent pod, with the condition as evidence',
      snapshot: snapshotOf(hosted.konnectivityDown, agentsNotFound),
      findings: [
        {
          severity: 'error',
          subject: 'pod/kube-system/konnectivity-agent-46rsd',
          message: [
            /^3 konnectivity agent pods of HostedCluster prod are failing \(konnectivity-agent-46rsd: CrashLoopBackOff, last exit code 1\): the control plane cannot reach its workers for 1h38m\S*\n/,
            /`DataPlaneConnectionAvailable=False` \(`KonnectivityAgentPodsNotFound`\): Couldn't find any konnectivity-agent running in data plane/,
          ],
          related: [
            (r) => r.message.startsWith('pod konnectivity-agent-'),
            (r) => r.message.startsWith('pod konnectivity-agent-'),
            (r) =>
              r.message === 'DataPlaneConnectionAvailable=False (KonnectivityAgentPodsNotFound)',
          ],
        },
      ],
    },
    {
      name: 'names the condition when no agent pod is there to blame',
      snapshot: snapshotOf(hosted.konnectivityDown, noAgents, agentsNotFound),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The control plane of HostedCluster prod cannot reach its workers for 1h38m\S*: KonnectivityAgentPodsNotFound: Couldn't find any konnectivity-agent running in data plane\n/,
            /No `kube-system\/konnectivity-agent-\*` pod/,
          ],
          location: (s) => hc(s).condition('DataPlaneConnectionAvailable')!.location,
        },
      ],
    },
    {
      name: 'reads a stale check of the other direction as the workers not reaching the API server',
      snapshot: snapshotOf(hosted.healthy, stale),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The workers of HostedCluster prod cannot reach its API server for \S+: ConnectionCheckStale\n/,
            /`ControlPlaneConnectionAvailable=False` \(`ConnectionCheckStale`\): Data plane to control plane connection is not available: last successful check was at 2025-09-12T05:59:02Z, which is older than 5 minutes/,
            /kubelets cannot report/,
          ],
          location: (s) => hc(s).condition('ControlPlaneConnectionAvailable')!.location,
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
            /^The workers of HostedCluster prod cannot reach its API server for 45m\S*: KASAccessFailed(?:: Data plane to control plane connection is not available: no successful connectivity check recorded)?\n/,
            /no successful connectivity check recorded/,
            /the last one is over 5 minutes old/,
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
