import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import { operator } from '../../../server/src/model/snapshot';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeVersionSkew } from '../../../server/src/rules/node-version-skew';
import { operatorNotUpgradeable } from '../../../server/src/rules/operator-not-upgradeable';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

// Source: openshift/cluster-kube-apiserver-operator, release-4.9 … main,
// KubeletVersionSkewController: kubelets may trail the API server (ClusterOperator kube-apiserver,
// versions[name=kube-apiserver]) by 2 minors on even 4.y and 1 on odd 4.y.

const masterRole = 'node-role.kubernetes.io/master';
const firstWorker = (s: Snapshot) => s.nodes.find((n) => !(masterRole in n.labels))!;
const kubelet = (version: string) => (s: Snapshot) => {
  ((firstWorker(s).raw.status as Json).nodeInfo as Json).kubeletVersion = version;
};
/** The kube-apiserver operator's own verdict on the skew. */
const kasBlocks = (s: Snapshot) =>
  setCondition(operator(s, 'kube-apiserver')!, 'Upgradeable', {
    status: 'False',
    reason: 'KubeletMinorVersion_KubeletMinorVersionUnsupported',
    message:
      'Unsupported kubelet minor version (1.26.9) on node ip-10-0-128-1, is too far behind the target API server version (1.28.7).',
  });

ruleTester(nodeVersionSkew, {
  valid: [
    {
      name: 'stays quiet within the supported kubelet skew (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      reason: 'seed 1943289: workers trail by a z-stream only',
    },
    {
      name: '4.10 (even) allows a kubelet 2 minors behind the API server',
      snapshot: snapshotOf(samples.healthy, kubelet('v1.21.14+a17bdb3')),
    },
  ],
  invalid: [
    {
      name: '4.15 (odd) allows 1: a 1.26 worker under a 1.28 API server is outside support',
      snapshot: snapshotOf(updates.completedPoolRolling, kubelet('v1.26.9+636f2be')),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-130-204.us-west-2.compute.internal',
          message: [
            /runs kubelet v1\.26\.9\+636f2be, 2 minor versions behind the API server's 1\.28\.\d+/,
            /OpenShift 4\.15 allows 1\n/,
            /allows a kubelet 2 minor versions behind the API server on even 4\.y, 1 on odd 4\.y/,
            /Update pool worker before the next control-plane update\./,
          ],
          related: [(r) => /kube-apiserver runs Kubernetes 1\.28/.test(r.message)],
        },
      ],
      check: (found) =>
        assert.equal(
          found[0]!.message,
          "Node ip-10-0-130-204.us-west-2.compute.internal (pool worker) runs kubelet v1.26.9+636f2be, 2 minor versions behind the API server's 1.28.7; OpenShift 4.15 allows 1",
        ),
    },
    {
      name: '4.7 (odd) allows 1: the first worker on kubelet 1.17 under 1.20',
      snapshot: snapshotOf(samples.workerBlocksMco, kubelet('v1.17.1+45f8ddb')),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-128-248.ec2.internal',
          message: [
            /runs kubelet v1\.17\.1\+45f8ddb, 3 minor versions behind the API server's 1\.20\.0/,
            /OpenShift 4\.7 allows 1/,
          ],
        },
      ],
    },
    {
      name: "the kube-apiserver operator's Upgradeable=False is evidence, not a second finding",
      snapshot: snapshotOf(updates.completedPoolRolling, kubelet('v1.26.9+636f2be'), kasBlocks),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-130-204.us-west-2.compute.internal',
          message: /2 minor versions behind/,
          related: [
            (r) => /kube-apiserver Upgradeable=False \(KubeletMinorVersion_/.test(r.message),
          ],
        },
      ],
    },
  ],
});

// No rule calls another: operator-not-upgradeable reports the skew reason with its cause, and
// node-version-skew's `explains` folds it into the node's finding (test/unit/explained.test.ts).
ruleTester(operatorNotUpgradeable, {
  valid: [],
  invalid: [
    {
      name: 'the skew reason is reported with its cause, for node-version-skew to explain',
      snapshot: snapshotOf(updates.early, kubelet('v1.26.9+636f2be'), kasBlocks),
      findings: [
        {
          severity: 'info',
          subject: 'co/kube-apiserver',
          message: /KubeletMinorVersion_/,
          cause: 'kubelet-skew',
        },
      ],
    },
  ],
});
