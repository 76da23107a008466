/**
 * The hosted cluster config operator's drainer lines (an InPlace NodePool's drain): one JSON line
 * per failed attempt, its error escaped inside the JSON string.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostedDrainFailures, machineDrainFailures } from '../../server/src/model/hostedDrainLog';

const failure = (ts: string, node: string, pod: string) =>
  `{"level":"error","ts":"${ts}","msg":"Reconciler error","controller":"drainer","node":"${node}","error":"drain failed: failed to drain node ${node}: [error when evicting pods/\\"${pod}\\" -n \\"shop\\": global timeout reached: 90s]"}`;

describe('the hosted drainer log', () => {
  it('counts the failures of each node, from the first time, and keeps the newest line', () => {
    const lines = [
      '{"level":"info","ts":"2025-09-17T06:25:04Z","msg":"cordoned node \\"a\\"","controller":"drainer"}',
      failure('2025-09-17T06:26:34Z', 'a', 'db-0'),
      'error when evicting pods/"db-0" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod\'s disruption budget.',
      failure('2025-09-17T06:28:04Z', 'b', 'web-1'),
      failure('2025-09-17T06:29:34Z', 'a', 'db-1'),
    ];
    const text = lines.join('\n') + '\n';
    const byNode = hostedDrainFailures(text);
    assert.deepEqual([...byNode.keys()], ['a', 'b']);
    const a = byNode.get('a')!;
    assert.equal(a.count, 2);
    assert.equal(a.first?.toISOString(), '2025-09-17T06:26:34.000Z');
    assert.equal(a.last?.toISOString(), '2025-09-17T06:29:34.000Z');
    assert.deepEqual(a.pods, [{ namespace: 'shop', name: 'db-1' }]);
    assert.equal(text.slice(...a.span), lines[4]);
    assert.match(
      a.error,
      /^drain failed: failed to drain node a: \[error when evicting pods\/"db-1" -n "shop"/,
    );
    assert.equal(byNode.get('b')?.count, 1);
  });

  it('finds nothing in a log without failed drains', () => {
    assert.equal(hostedDrainFailures('{"level":"info","msg":"Reconciling"}\n').size, 0);
    assert.equal(hostedDrainFailures('').size, 0);
  });
});

/** A Cluster API 1.8 Machine controller line (klog text, structured values), as 4.16 to 4.18 log it. */
const capi = (level: 'I' | 'E', when: string, message: string, machine: string, extra = '') =>
  `${level}${when}       1 machine_controller.go:669] "${message}"${extra} controller="machine" controllerGroup="cluster.x-k8s.io" controllerKind="Machine" Machine="clusters-prod/${machine}" namespace="clusters-prod" name="${machine}" reconcileID="0b0c5a2e-6a4e-4d3c-9a52-1f0e9d7c2b11" Node="ip-10-0-1-2.ec2.internal"`;
const refusal = (pod: string) =>
  `error when evicting pods/\\"${pod}\\" -n \\"shop\\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\\n`;
const failedAttempt = (pod: string) =>
  `Drain failed, retry in 20s" err="error when evicting pods/\\"${pod}\\" -n \\"shop\\": global timeout reached: 20s`;

describe('the cluster-api manager log (a Replace drain before 4.19)', () => {
  const gathered = new Date('2025-09-16T14:22:38Z');

  it('counts refusals and failed attempts per Machine and keeps the newest refusal, dated in the gather year', () => {
    const lines = [
      capi('I', '0916 13:31:37.400110', 'Draining node', 'm-a'),
      capi('I', '0916 13:31:37.500714', 'evicting pod shop/db-0\\n', 'm-a'),
      capi('E', '0916 13:31:37.511750', refusal('db-0'), 'm-a'),
      capi('E', '0916 13:31:42.521972', refusal('db-0'), 'm-a'),
      capi('E', '0916 13:31:45.000001', refusal('web-1'), 'm-b'),
      capi('E', '0916 13:31:57.420807', failedAttempt('db-0'), 'm-a'),
    ];
    const text = lines.join('\n') + '\n';
    const byMachine = machineDrainFailures(text, gathered);
    assert.deepEqual([...byMachine.keys()], ['m-a', 'm-b']);
    const a = byMachine.get('m-a')!;
    assert.equal(a.refusals, 2);
    assert.equal(a.attempts, 1);
    assert.equal(a.first?.toISOString(), '2025-09-16T13:31:37.511Z');
    assert.equal(a.last?.toISOString(), '2025-09-16T13:31:57.420Z');
    // The newest refusal says why; the failed attempt after it only that the time ran out.
    assert.equal(a.errorAt?.toISOString(), '2025-09-16T13:31:42.521Z');
    assert.equal(text.slice(...a.span), lines[3]);
    assert.equal(
      a.error,
      `error when evicting pods/"db-0" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    );
    assert.deepEqual(a.pods, [{ namespace: 'shop', name: 'db-0' }]);
    assert.deepEqual(byMachine.get('m-b')?.pods, [{ namespace: 'shop', name: 'web-1' }]);
  });

  it('takes a failed attempt alone, the year before for a line after a January gather, and an RFC 3339 prefix', () => {
    const text = [
      capi('E', '1231 23:59:30.000000', failedAttempt('db-0'), 'm-a'),
      `2026-01-01T00:00:10.5Z ${capi('E', '0101 00:00:10.500000', refusal('db-1'), 'm-c')}`,
    ].join('\n');
    const byMachine = machineDrainFailures(text, new Date('2026-01-01T00:05:00Z'));
    const a = byMachine.get('m-a')!;
    assert.equal(a.first?.toISOString(), '2025-12-31T23:59:30.000Z');
    assert.equal(a.refusals, 0);
    assert.match(
      a.error,
      /^error when evicting pods\/"db-0" -n "shop": global timeout reached: 20s$/,
    );
    assert.equal(byMachine.get('m-c')?.first?.toISOString(), '2026-01-01T00:00:10.500Z');
  });

  it('finds nothing in lines that are not a Machine drain, and no time without the gather time', () => {
    const other = [
      capi('I', '0916 13:31:37.400110', 'Draining node', 'm-a'),
      'E0916 13:31:37.511750       1 controller.go:329] "Reconciler error" err="error when evicting pods/x"',
      'error when evicting pods/"db-0" -n "shop" (will retry after 5s): Cannot evict pod',
    ].join('\n');
    assert.equal(machineDrainFailures(other, gathered).size, 0);
    const undated = machineDrainFailures(capi('E', '0916 13:31:37.511750', refusal('db-0'), 'm-a'));
    assert.equal(undated.get('m-a')?.first, undefined);
    assert.equal(undated.get('m-a')?.refusals, 1);
  });
});
