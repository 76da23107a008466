import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedEtcdUnavailable } from '../../../server/src/rules/hosted-etcd-unavailable';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const cp = (s: Snapshot) => s.hosted!.controlPlane!;
const claim = (s: Snapshot) => cp(s).pvcs.find((p) => p.name === 'data-etcd-0')!;
const etcdPod = (s: Snapshot) => cp(s).pods.find((p) => p.name === 'etcd-0')!;

/** The claim bound again, etcd-0 in a crash loop: "Waiting for etcd to reach quorum". */
const crashLoopingMember = (s: Snapshot) => {
  (claim(s).raw.status as Json).phase = 'Bound';
  setCondition(cp(s).hcp!, 'EtcdAvailable', { message: 'Waiting for etcd to reach quorum' });
  const p = etcdPod(s);
  (p.raw as Json).status = {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: '2025-09-11T13:50:00Z' }],
    containerStatuses: [
      {
        name: 'etcd',
        ready: false,
        restartCount: 9,
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } },
        lastState: {
          terminated: { reason: 'Error', exitCode: 2, finishedAt: '2025-09-11T14:20:00Z' },
        },
      },
    ],
  };
};
const notFound = (s: Snapshot) => {
  (claim(s).raw.status as Json).phase = 'Bound';
  setCondition(cp(s).hcp!, 'EtcdAvailable', { reason: 'StatefulSetNotFound', message: '' });
};

ruleTester(hostedEtcdUnavailable, {
  valid: [
    {
      name: 'stays quiet on a settled hosted cluster whose cluster-api manager restarted days ago',
      snapshot: snapshotOf(hosted.healthy),
    },
    {
      name: 'stays quiet when a component crash-loops but etcd has quorum',
      snapshot: snapshotOf(hosted.cpCrashLoop),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
  ],
  invalid: [
    {
      name: 'names the pending claim and the provisioner’s refusal',
      snapshot: snapshotOf(hosted.etcdPvcPending),
      findings: [
        {
          severity: 'error',
          subject: 'pvc/clusters-prod/data-etcd-0',
          message: [
            /^etcd of HostedCluster prod has no quorum for 38m\d+s: its volume claim clusters-prod\/data-etcd-0 is Pending \(ProvisioningFailed: failed to provision volume with StorageClass "gp3-csi"/,
            /ProvisioningFailed, 17×/,
            /not authorized to perform: ec2:CreateVolume/,
          ],
          location: (s) => claim(s).at('status', 'phase'),
          related: [
            (r) =>
              /core\/events\/data-etcd-0\.[0-9a-f]+\.yaml$/.test(r.file) &&
              /^event ProvisioningFailed \(17×\)/.test(r.message),
            (r) => r.file.endsWith('core/pods/etcd-0.yaml') && r.message === 'pod etcd-0: Pending',
            (r) => /^StatefulSet etcd: 0 of 1 available/.test(r.message),
            (r) =>
              r.file.endsWith('hostedclusters/prod.yaml') &&
              /^HostedCluster Available=False \(EtcdWaitingForQuorum\)/.test(r.message),
            (r) =>
              r.file.endsWith('hostedcontrolplanes/prod.yaml') &&
              /^HostedControlPlane Degraded=True/.test(r.message),
          ],
        },
      ],
      check: (findings) => {
        assert.equal(
          findings[0]!.chain?.at(-1)?.name,
          'PersistentVolumeClaim clusters-prod/data-etcd-0',
        );
      },
    },
    {
      name: 'names the etcd member in a crash loop when no claim is pending',
      snapshot: snapshotOf(hosted.etcdPvcPending, crashLoopingMember),
      findings: [
        {
          severity: 'error',
          subject: 'pod/clusters-prod/etcd-0',
          message: [
            /^etcd of HostedCluster prod has no quorum for 38m\d+s: pod clusters-prod\/etcd-0 is in CrashLoopBackOff \(9 restarts, last exit code 2\)/,
          ],
        },
      ],
    },
    {
      name: 'names the StatefulSet when it is not found',
      snapshot: snapshotOf(hosted.etcdPvcPending, notFound),
      findings: [
        {
          severity: 'error',
          subject: 'statefulset/clusters-prod/etcd',
          message: /its StatefulSet clusters-prod\/etcd is not found/,
        },
      ],
    },
  ],
});
