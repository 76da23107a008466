import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedControlPlaneComponentFailing } from '../../../server/src/rules/hosted-control-plane-component-failing';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const crashing = (s: Snapshot) =>
  s.hosted!.controlPlane!.pods.find((p) => p.name.startsWith('openshift-apiserver-'))!;
const cpc = (s: Snapshot, name: string) =>
  s.hosted!.controlPlane!.components.find((c) => c.name === name)!;

/** The pod runs again: only the component's and the control plane's conditions say otherwise. */
const podRecovered = (s: Snapshot) => {
  const cs = (crashing(s).status.containerStatuses as Json[])[0]!;
  cs.state = { running: { startedAt: '2025-09-16T11:50:00Z' } };
  cs.ready = true;
};
/** 4.20's ControlPlaneComponent: `RolloutComplete` instead of `Available`/`Progressing`. */
const rolloutComplete420 = (s: Snapshot) => {
  (cpc(s, 'openshift-apiserver').status as Json).conditions = [
    {
      lastTransitionTime: '2025-09-16T10:30:22Z',
      message:
        'Waiting for deployment openshift-apiserver rollout to finish: 1 out of 1 new replicas have been updated',
      reason: 'WaitingForRolloutComplete',
      status: 'False',
      type: 'RolloutComplete',
    },
  ];
};
/** 4.20's `status.controlPlaneVersion`: Partial while a component has not rolled out. */
const controlPlaneVersionPartial = (s: Snapshot) => {
  (s.hosted!.cluster.status as Json).controlPlaneVersion = {
    desired: { version: '4.19.9' },
    history: [{ state: 'Partial', version: '4.19.9', startedTime: '2025-09-16T10:27:30Z' }],
  };
};
/** 4.20's HostedControlPlane `Available=False` `ComponentsNotAvailable`, and nothing else saying so. */
const componentsNotAvailable420 = (s: Snapshot) => {
  const hcp = s.hosted!.controlPlane!.hcp!;
  setCondition(hcp, 'Degraded', { status: 'False', reason: 'AsExpected', message: '' });
  setCondition(hcp, 'Available', {
    status: 'False',
    reason: 'ComponentsNotAvailable',
    message: 'Waiting for components to be available: openshift-apiserver',
  });
  setCondition(cpc(s, 'openshift-apiserver'), 'Available', { status: 'True' });
  setCondition(cpc(s, 'openshift-apiserver'), 'Progressing', {
    status: 'True',
    reason: 'NewReplicaSetAvailable',
  });
};
const etcdDown = (s: Snapshot) =>
  setCondition(s.hosted!.controlPlane!.hcp!, 'EtcdAvailable', {
    status: 'False',
    reason: 'EtcdWaitingForQuorum',
    message: 'Waiting for etcd to reach quorum',
  });
const base = (f: string) => f.split('/').slice(-1)[0]!;

ruleTester(hostedControlPlaneComponentFailing, {
  valid: [
    {
      name: 'stays quiet on a settled hosted cluster whose cluster-api manager restarted days ago',
      snapshot: snapshotOf(hosted.healthy),
    },
    {
      name: 'stays quiet while a NodePool drains (the control plane is fine)',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: "stays quiet on 4.21's rolled-out components (RolloutComplete=True beside 4.19's stale Progressing)",
      snapshot: snapshotOf(hosted.versionSkew421),
    },
    {
      name: 'leaves the control plane to hosted-etcd-unavailable while etcd has no quorum',
      snapshot: snapshotOf(hosted.cpCrashLoop, etcdDown),
    },
  ],
  invalid: [
    {
      name: "names the crash-looping pod, its last exit and its previous run's fatal line",
      snapshot: snapshotOf(hosted.cpCrashLoop),
      findings: [
        {
          severity: 'error',
          subject: 'pod/clusters-prod/openshift-apiserver-glrcsb6zmj-tx9qb',
          message: [
            /^Control-plane pod clusters-prod\/openshift-apiserver-glrcsb6zmj-tx9qb \(openshift-apiserver\) is in CrashLoopBackOff \(21 restarts, last exit code 255\) for 1h\d+m/,
            /exit code 255/,
            /F0916 [\d:.]+ +1 cmd\.go:72\] admission plugin "image\.openshift\.io\/ImagePolicy" failed to initialize/,
            /Degraded=True` \(`UnavailableReplicas`: openshift-apiserver deployment has 1 unavailable replicas\)/,
          ],
          location: (s) => crashing(s).containers.find((c) => !c.init)!.waiting!.location,
          related: [
            (r) =>
              base(r.file) ===
                'openshift-apiserver-glrcsb6zmj-tx9qb-openshift-apiserver-previous.log' &&
              /cmd\.go:72/.test(r.message),
            (r) => /^ControlPlaneComponent openshift-apiserver: Available=False/.test(r.message),
            (r) => /^Deployment openshift-apiserver: 0 of 1 available/.test(r.message),
            (r) =>
              r.file.endsWith('hostedcontrolplanes/prod.yaml') &&
              /^HostedControlPlane Degraded=True/.test(r.message),
            (r) =>
              r.file.endsWith('hostedclusters/prod.yaml') &&
              /^HostedCluster Degraded=True/.test(r.message),
          ],
        },
      ],
      check: (findings) => {
        const chain = findings[0]!.chain!;
        assert.deepEqual(
          chain.map((l) => l.kind),
          ['operator', 'workload', 'pod', 'container', 'log'],
        );
      },
    },
    {
      name: 'names the Deployment when no pod of it is failing',
      snapshot: snapshotOf(hosted.cpCrashLoop, podRecovered),
      findings: [
        {
          severity: 'error',
          subject: 'deployment/clusters-prod/openshift-apiserver',
          message: [
            /^Deployment clusters-prod\/openshift-apiserver of HostedCluster prod's control plane is not rolled out for 1h\d+m \(0 of 1 available/,
            /Available=False` \(`WaitingForAvailable`\)/,
          ],
        },
      ],
    },
    {
      name: "names 4.20.38's crash-looping openshift-controller-manager from the 4.20 objects as they are (RolloutComplete, controlPlaneVersion Partial)",
      snapshot: snapshotOf(hosted.cpRolloutStuck420),
      findings: [
        {
          severity: 'error',
          subject: 'pod/clusters-prod/openshift-controller-manager-8pbjf9l7wq-hks88',
          message: [
            /^Control-plane pod clusters-prod\/openshift-controller-manager-8pbjf9l7wq-hks88 \(openshift-controller-manager\) is in CrashLoopBackOff \(22 restarts, last exit code 2\) for 1h\d+m/,
            /panic: runtime error: invalid memory address or nil pointer dereference/,
            /Degraded=True` \(`UnavailableReplicas`: openshift-controller-manager deployment has 1 unavailable replicas\)/,
          ],
          location: (s) =>
            s
              .hosted!.controlPlane!.pods.find((p) =>
                p.name.startsWith('openshift-controller-manager-'),
              )!
              .containers.find((c) => !c.init)!.waiting!.location,
          related: [
            (r) =>
              base(r.file) ===
                'openshift-controller-manager-8pbjf9l7wq-hks88-openshift-controller-manager-previous.log' &&
              /panic: runtime error/.test(r.message),
            (r) =>
              r.file.endsWith('controlplanecomponents/openshift-controller-manager.yaml') &&
              r.message ===
                'ControlPlaneComponent openshift-controller-manager: RolloutComplete=False (WaitingForRolloutComplete)',
            (r) => /^Deployment openshift-controller-manager: 0 of 1 available/.test(r.message),
            (r) =>
              r.file.endsWith('hostedcontrolplanes/prod.yaml') &&
              /^HostedControlPlane Degraded=True/.test(r.message),
            (r) =>
              r.file.endsWith('hostedclusters/prod.yaml') &&
              r.message === 'HostedCluster controlPlaneVersion: 4.20.38 Partial',
          ],
        },
      ],
    },
    {
      name: "cites 4.20's Partial controlPlaneVersion as the HostedCluster's echo",
      snapshot: snapshotOf(hosted.cpCrashLoop, controlPlaneVersionPartial),
      findings: [
        {
          severity: 'error',
          subject: 'pod/clusters-prod/openshift-apiserver-glrcsb6zmj-tx9qb',
          message: /CrashLoopBackOff/,
          related: [(r) => r.message === 'HostedCluster controlPlaneVersion: 4.19.9 Partial'],
        },
      ],
    },
    {
      name: "reads the components 4.20's HostedControlPlane Available=False names",
      snapshot: snapshotOf(hosted.cpCrashLoop, podRecovered, componentsNotAvailable420),
      findings: [
        {
          severity: 'error',
          subject: 'deployment/clusters-prod/openshift-apiserver',
          message: [
            /not rolled out/,
            /The HostedControlPlane: `Available=False` \(`ComponentsNotAvailable`\): Waiting for components to be available: openshift-apiserver/,
          ],
        },
      ],
    },
    {
      name: "reads 4.20's RolloutComplete",
      snapshot: snapshotOf(hosted.cpCrashLoop, podRecovered, rolloutComplete420),
      findings: [
        {
          severity: 'error',
          subject: 'deployment/clusters-prod/openshift-apiserver',
          message: [
            /not rolled out/,
            /Waiting for deployment openshift-apiserver rollout to finish: 1 out of 1 new replicas have been updated/,
          ],
        },
      ],
    },
  ],
});
