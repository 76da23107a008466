import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodeDrain, parseDrainLog, podsInError } from '../../server/src/model/drainLog';

const w1 = 'ip-10-0-151-214.ec2.internal';
const w2 = 'ip-10-0-166-3.ec2.internal';
const refusal = (t: string, pod: string, ns: string) =>
  `${t} E0409 ${t.slice(11, 26)}       1 drain_controller.go:144] error when evicting pods/"${pod}" -n "${ns}" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
const nodeLine = (t: string, node: string, msg: string, src = 'drain_controller.go:173') =>
  `${t} I0409 ${t.slice(11, 26)}       1 ${src}] node ${node}: ${msg}`;

describe('drain log lines', () => {
  it("reads the 4.14+ drain controller's lines (klog), naming the node and the pod", () => {
    const text = [
      '2024-04-09T14:49:46.716110618Z I0409 14:49:46.716098       1 render_controller.go:124] Starting MachineConfigController-RenderController',
      nodeLine('2024-04-09T14:52:38.906415183Z', w1, 'cordoning'),
      nodeLine('2024-04-09T14:52:38.916415183Z', w1, 'initiating drain'),
      refusal('2024-04-09T14:52:38.985766065Z', 'ledger-0', 'payments'),
      nodeLine(
        '2024-04-09T14:54:08.916451026Z',
        w1,
        'Drain failed. Waiting 1 minute then retrying. Error message from drain: error when evicting pods/"ledger-0" -n "payments": global timeout reached: 1m30s',
      ),
      nodeLine(
        '2024-04-09T15:05:08.916451026Z',
        w1,
        'Drain failed. Drain has been failing for more than 10 minutes. Waiting 5 minutes then retrying. Error message from drain: error when evicting pods/"ledger-0" -n "payments": global timeout reached: 1m30s',
      ),
      '2024-04-09T15:53:08.917303Z E0409 15:53:08.917290       1 drain_controller.go:352] node ip-10-0-151-214.ec2.internal: drain exceeded timeout: 1h0m0s. Will continue to retry.',
      nodeLine(
        '2024-04-09T14:58:45.416099552Z',
        w2,
        'operation successful; applying completion annotation',
      ),
    ].join('\n');
    const lines = parseDrainLog(text);
    assert.deepEqual(
      lines.map((l) => [l.kind, l.node, l.pods.map((p) => `${p.namespace}/${p.name}`).join()]),
      [
        ['cordoned', w1, ''],
        ['started', w1, ''],
        ['refused', undefined, 'payments/ledger-0'],
        ['failed', w1, 'payments/ledger-0'],
        ['failed', w1, 'payments/ledger-0'],
        ['exceeded', w1, ''],
        ['completed', w2, ''],
      ],
    );
    assert.equal(lines[3]!.failingLong, undefined);
    assert.equal(lines[4]!.failingLong, true);
    assert.equal(lines[2]!.time?.toISOString(), '2024-04-09T14:52:38.985Z');
    // The span is the whole line in the text.
    const [a, b] = lines[2]!.span;
    assert.match(text.slice(a, b), /^2024-04-09T14:52:38\.985766065Z E0409 .*budget\.$/);
    assert.match(lines[1]!.message, /^node ip-10-0-151-214\.ec2\.internal: initiating drain$/);
  });

  it("reads 4.11's glog lines, the same wording", () => {
    const lines = parseDrainLog(
      [
        '2022-09-14T08:12:03.130813Z I0914 08:12:03.130800       1 drain_controller.go:141] node ip-10-0-200-7.us-west-2.compute.internal: initiating drain',
        '2022-09-14T08:12:03.233219Z E0914 08:12:03.233200       1 drain_controller.go:106] error when evicting pods/"etcd-quorum-guard-6d9c8b-x2x5k" -n "openshift-etcd" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
        '2022-09-14T08:13:33.131002Z I0914 08:13:33.130990       1 drain_controller.go:141] node ip-10-0-200-7.us-west-2.compute.internal: Drain failed. Waiting 1 minute then retrying. Error message from drain: error when evicting pods/"etcd-quorum-guard-6d9c8b-x2x5k" -n "openshift-etcd": global timeout reached: 1m30s',
      ].join('\n'),
    );
    assert.deepEqual(
      lines.map((l) => l.kind),
      ['started', 'refused', 'failed'],
    );
    assert.deepEqual(lines[2]!.pods, [
      { namespace: 'openshift-etcd', name: 'etcd-quorum-guard-6d9c8b-x2x5k' },
    ]);
  });

  it("reads a 4.10 daemon's own drain, for the node the log belongs to", () => {
    const node = 'worker-2.ocp.example.com';
    const lines = parseDrainLog(
      [
        '2022-03-24T16:01:12.118312Z I0324 16:01:12.118298    2314 update.go:1964] Update prepared; beginning drain',
        '2022-03-24T16:01:12.402511Z E0324 16:01:12.402497    2314 daemon.go:331] error when evicting pods/"ledger-0" -n "payments" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
        '2022-03-24T16:02:42.118907Z I0324 16:02:42.118890    2314 drain.go:91] Draining failed with: [error when evicting pods/"ledger-0" -n "payments": global timeout reached: 1m30s, error when evicting pods/"cache-1" -n "payments": global timeout reached: 1m30s], retrying',
        '2022-03-24T17:01:12.118501Z E0324 17:01:12.118490    2314 writer.go:135] Marking Degraded due to: failed to drain node : worker-2.ocp.example.com after 1 hour',
      ].join('\n'),
      node,
    );
    assert.deepEqual(
      lines.map((l) => [l.kind, l.node]),
      [
        ['started', node],
        ['refused', node],
        ['failed', node],
        ['exceeded', node],
      ],
    );
    assert.deepEqual(
      lines[2]!.pods.map((p) => p.name),
      ['ledger-0', 'cache-1'],
    );
  });

  it("reads a 4.7 daemon's five tries", () => {
    const node = 'ip-10-0-137-214.ec2.internal';
    const lines = parseDrainLog(
      [
        '2021-03-25T11:12:00.205813628Z I0325 11:12:00.205808    2747 update.go:212] Draining failed with: error when evicting pods/"keycloak-0" -n "identity": global timeout reached: 1m30s, retrying',
        '2021-03-25T11:19:50.311812Z E0325 11:19:50.311800    2747 writer.go:135] Marking Degraded due to: failed to drain node (5 tries): timed out waiting for the condition: error when evicting pods/"keycloak-0" -n "identity": global timeout reached: 1m30s',
      ].join('\n'),
      node,
    );
    assert.deepEqual(
      lines.map((l) => [l.kind, l.node, l.pods.map((p) => p.name).join()]),
      [
        ['failed', node, 'keycloak-0'],
        ['exceeded', node, 'keycloak-0'],
      ],
    );
  });

  it("leaves the daemon's wording alone in the controller's log", () => {
    const lines = parseDrainLog(
      '2024-04-09T15:53:09.2Z I0409 15:53:09.200000       1 status.go:249] Degraded Machine: ip-10-0-151-214.ec2.internal and Degraded Reason: failed to drain node: ip-10-0-151-214.ec2.internal after 1 hour. Please see machine-config-controller logs for more information',
    );
    assert.deepEqual(lines, []);
  });

  it("reads the kubelet's rotated files, CRI prefix and all", () => {
    const lines = parseDrainLog(
      '2024-04-09T14:52:38.985766065Z stderr F E0409 14:52:38.985763       1 drain_controller.go:144] error when evicting pods/"ledger-0" -n "payments" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
    );
    assert.deepEqual(
      lines.map((l) => [l.kind, l.time?.toISOString()]),
      [['refused', '2024-04-09T14:52:38.985Z']],
    );
  });

  it('names each pod of an error once', () => {
    assert.deepEqual(
      podsInError(
        '[error when evicting pods/"a" -n "x": global timeout reached: 1m30s, error when evicting pods/"a" -n "x" (will retry after 5s): …]',
      ),
      [{ namespace: 'x', name: 'a' }],
    );
  });
});

describe("a node's open drain", () => {
  const text = [
    // An earlier drain of w1 that finished: not part of the open one.
    nodeLine('2024-04-09T13:00:00.000000000Z', w1, 'initiating drain'),
    refusal('2024-04-09T13:00:01.000000000Z', 'old-0', 'shop'),
    nodeLine(
      '2024-04-09T13:02:00.000000000Z',
      w1,
      'operation successful; applying completion annotation',
    ),
    // Two drains open at once: refusals name no node, the failures do.
    nodeLine('2024-04-09T14:00:00.000000000Z', w1, 'cordoning'),
    nodeLine('2024-04-09T14:00:00.100000000Z', w1, 'initiating drain'),
    refusal('2024-04-09T14:00:00.200000000Z', 'ledger-0', 'payments'),
    nodeLine('2024-04-09T14:00:10.000000000Z', w2, 'initiating drain'),
    refusal('2024-04-09T14:00:10.200000000Z', 'search-1', 'shop'),
    refusal('2024-04-09T14:00:15.200000000Z', 'ledger-0', 'payments'),
    nodeLine(
      '2024-04-09T14:01:30.100000000Z',
      w1,
      'Drain failed. Waiting 1 minute then retrying. Error message from drain: error when evicting pods/"ledger-0" -n "payments": global timeout reached: 1m30s',
    ),
    nodeLine('2024-04-09T14:02:30.100000000Z', w1, 'initiating drain'),
    refusal('2024-04-09T14:02:30.200000000Z', 'ledger-0', 'payments'),
  ].join('\n');
  const lines = parseDrainLog(text);

  it('counts the refusals of the pods its failures name, since its last completed drain', () => {
    const d = nodeDrain(lines, w1)!;
    assert.equal(d.started?.kind, 'cordoned');
    assert.equal(d.attempts, 2);
    assert.equal(d.failures.length, 1);
    assert.deepEqual(
      d.blocking.map((b) => [b.namespace, b.name, b.refusals]),
      [['payments', 'ledger-0', 3]],
    );
    assert.equal(d.blocking[0]!.lastRefused?.toISOString(), '2024-04-09T14:02:30.200Z');
    assert.equal(d.blocking[0]!.line.kind, 'refused');
  });

  it('leaves refusals to nobody while several drains are open and no failure names the pod', () => {
    const d = nodeDrain(lines, w2)!;
    assert.equal(d.attempts, 1);
    assert.deepEqual(d.blocking, []);
  });

  it('gives refusals to the only drain open', () => {
    const only = parseDrainLog(
      [
        nodeLine('2024-04-09T14:00:00.100000000Z', w1, 'initiating drain'),
        refusal('2024-04-09T14:00:00.200000000Z', 'ledger-0', 'payments'),
      ].join('\n'),
    );
    assert.deepEqual(
      nodeDrain(only, w1)!.blocking.map((b) => b.refusals),
      [1],
    );
  });

  it('has nothing open for a node whose drain completed', () => {
    const done = parseDrainLog(
      [
        nodeLine('2024-04-09T14:00:00.100000000Z', w1, 'initiating drain'),
        nodeLine(
          '2024-04-09T14:00:09.100000000Z',
          w1,
          'operation successful; applying completion annotation',
        ),
      ].join('\n'),
    );
    assert.equal(nodeDrain(done, w1), undefined);
    assert.equal(nodeDrain(done, w2), undefined);
  });
});
