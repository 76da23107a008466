import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  nodesReporting,
  notReadyNodes,
  objectReferences,
  operatorMentions,
  operatorsNamed,
  operatorWaits,
  poolsNotReady,
} from '../../server/src/model/operatorMessages';

/** The text each mention's span covers, so a wrong offset fails as loudly as a wrong name. */
const at = (message: string, ms: { span: [number, number] }[]) =>
  ms.map((m) => message.slice(m.span[0], m.span[1]));

describe('operator messages (CVO and MCO wordings, one module)', () => {
  it('names every operator of a waiting list, with its place', () => {
    const m =
      'Working towards 4.10.0: 702 of 770 done (91% complete), waiting on machine-config, network';
    assert.deepEqual(operatorsNamed(m), ['machine-config', 'network']);
    assert.deepEqual(at(m, operatorMentions(m)), ['machine-config', 'network']);
  });

  it('reads the 4.16+ "waiting up to N minutes on" and the Failing subject wordings', () => {
    const m =
      'Cluster operator kube-apiserver is degraded; waiting up to 40 minutes on machine-config.';
    assert.deepEqual(operatorsNamed(m), ['machine-config', 'kube-apiserver']);
    assert.deepEqual(at(m, operatorMentions(m)), ['kube-apiserver', 'machine-config']);
    assert.deepEqual(operatorsNamed('Cluster operator etcd cannot be upgraded: x'), ['etcd']);
  });

  it('finds pools in both RequiredPoolsFailed wordings (links used to miss the 4.7 one)', () => {
    const old =
      'Failed to resync 4.7.4 because: timed out waiting for the condition during syncRequiredMachineConfigPools: error pool worker is not ready, retrying.';
    const newer =
      'Unable to apply 4.14.1: MachineConfigPool worker is not ready, retrying. Status: (pool degraded: true total: 3)';
    const req = 'error required pool master is not ready, retrying';
    assert.deepEqual(
      poolsNotReady(old).map((p) => [p.name, p.required]),
      [['worker', false]],
    );
    assert.deepEqual(at(newer, poolsNotReady(newer)), ['worker']);
    assert.deepEqual(
      poolsNotReady(req).map((p) => [p.name, p.required]),
      [['master', true]],
    );
  });

  it('finds nodes a NodeDegraded message names', () => {
    const m =
      'Node ip-10-0-139-41.ec2.internal is reporting: "machineconfig.machineconfiguration.openshift.io \\"rendered-worker-1\\" not found"';
    assert.deepEqual(at(m, nodesReporting(m)), ['ip-10-0-139-41.ec2.internal']);
  });

  it('reads the states of a Result of work list', () => {
    assert.deepEqual(
      operatorWaits(
        'Cluster operator machine-config is still updating, Cluster operator network is degraded',
      ),
      [
        { operator: 'machine-config', state: 'is still updating' },
        { operator: 'network', state: 'is degraded' },
      ],
    );
  });
});

describe("library-go's node controller: master nodes not ready", () => {
  const cni =
    'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?';
  const line = (items: string) => `NodeControllerDegraded: The master nodes not ready: ${items}`;

  it('reads each node with its Ready condition: since, reason and message (parentheses inside kept)', () => {
    const message = [
      'EtcdMembersDegraded: 2 of 3 members are available, ip-10-0-12-74.ec2.internal is unhealthy',
      line(
        `node "ip-10-0-12-74.ec2.internal" not ready since 2023-11-03 16:28:43 +0000 UTC because KubeletNotReady (${cni}), ` +
          'node "ip-10-0-33-9.ec2.internal" not ready since 2023-11-03 16:40:02 +0000 UTC because NodeStatusUnknown (Kubelet stopped posting node status (since 40s).)',
      ),
    ].join('\n');
    const nodes = notReadyNodes(message);
    assert.deepEqual(
      nodes.map((n) => [n.name, n.since?.toISOString(), n.reason, n.message]),
      [
        ['ip-10-0-12-74.ec2.internal', '2023-11-03T16:28:43.000Z', 'KubeletNotReady', cni],
        [
          'ip-10-0-33-9.ec2.internal',
          '2023-11-03T16:40:02.000Z',
          'NodeStatusUnknown',
          'Kubelet stopped posting node status (since 40s).',
        ],
      ],
    );
    for (const n of nodes) assert.equal(message.slice(...n.span), n.name);
  });

  it('reads a node with no Ready condition, and nothing from other lines or formats', () => {
    const nodes = notReadyNodes(
      line('node "master-2" not ready, no Ready condition found in status block'),
    );
    assert.deepEqual(
      nodes.map((n) => [n.name, n.since, n.reason, n.message]),
      [['master-2', undefined, '', '']],
    );
    assert.deepEqual(notReadyNodes('NodeControllerDegraded: All master nodes are ready'), []);
    assert.deepEqual(
      notReadyNodes('StaticPodsDegraded: node "master-2" not ready since yesterday'),
      [],
    );
  });
});

describe('the pods and workloads an operator names (issue 40)', () => {
  it("reads library-go's workload message: the Deployment and each pod in the parenthesis", () => {
    assert.deepEqual(
      objectReferences(
        'APIServerDeploymentDegraded: 2 of 3 requested instances are unavailable for apiserver.openshift-oauth-apiserver (crashlooping container is waiting in apiserver-7d9b-x2x pod, container is not ready in pending apiserver-7d9b-q8 pod)',
      ),
      [
        { kind: 'Deployment', namespace: 'openshift-oauth-apiserver', name: 'apiserver' },
        { kind: 'Pod', namespace: 'openshift-oauth-apiserver', name: 'apiserver-7d9b-x2x' },
        { kind: 'Pod', namespace: 'openshift-oauth-apiserver', name: 'apiserver-7d9b-q8' },
      ],
    );
  });

  it('reads the empty parenthesis (every container ready) as the Deployment alone', () => {
    assert.deepEqual(
      objectReferences(
        '1 of 3 requested instances are unavailable for oauth-openshift.openshift-authentication ()',
      ),
      [{ kind: 'Deployment', namespace: 'openshift-authentication', name: 'oauth-openshift' }],
    );
  });

  it("reads the network operator's DaemonSet, with or without a leading slash, and its crash-looping pod", () => {
    assert.deepEqual(
      objectReferences(
        'DaemonSet "/openshift-multus/multus" rollout is not making progress - pod multus-8xk2p is in CrashLoopBackOff State\nDaemonSet "openshift-ovn-kubernetes/ovnkube-node" rollout is not making progress - last change 2024-04-09T14:02:11Z',
      ),
      [
        { kind: 'DaemonSet', namespace: 'openshift-multus', name: 'multus' },
        { kind: 'Pod', namespace: 'openshift-multus', name: 'multus-8xk2p' },
        { kind: 'DaemonSet', namespace: 'openshift-ovn-kubernetes', name: 'ovnkube-node' },
      ],
    );
  });

  it("reads ingress's unscheduled router and the static pod state controller's pod", () => {
    assert.deepEqual(
      objectReferences(
        'PodsScheduled=False (PodsNotScheduled: Some pods are not scheduled: Pod "router-default-5c9f-abcde" cannot be scheduled: 0/3 nodes are available)',
      ),
      [{ kind: 'Pod', namespace: 'openshift-ingress', name: 'router-default-5c9f-abcde' }],
    );
    assert.deepEqual(
      objectReferences(
        'StaticPodsDegraded: pod/kube-apiserver-master-1 container "kube-apiserver" is waiting: CrashLoopBackOff',
      ),
      [{ kind: 'Pod', name: 'kube-apiserver-master-1' }],
    );
  });

  it('names nothing in a message it half knows', () => {
    for (const m of [
      '1 of 3 requested instances are unavailable for apiserver.openshift-apiserver (',
      'DaemonSet "multus" rollout is not making progress',
      'Pod router cannot be scheduled',
      'something else entirely (crashlooping container is waiting in x pod)',
    ])
      assert.deepEqual(objectReferences(m), [], m);
  });
});
