/**
 * The hosted cluster config operator's drainer lines (an InPlace NodePool's drain): one JSON line
 * per failed attempt, its error escaped inside the JSON string.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostedDrainFailures } from '../../server/src/model/hostedDrainLog';

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
