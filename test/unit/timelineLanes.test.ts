/** The Upgrade Timeline's swimlanes: which lane and group each interval lands in, and the opening span. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { intervalsOf } from '../../server/src/analysis/timeline';
import { openingWindow, timelineLanes } from '../../server/src/analysis/timelineLanes';
import { discoverRoots } from '../../server/src/gather/discover';
import { samples } from '../support/fixtures';

async function lanes(dir: string) {
  const [root] = await discoverRoots(dir);
  const a = await analyzeRoot(root!, analysisContext());
  const list = intervalsOf(a.snapshot, a.assessment.now);
  return { a, list, groups: timelineLanes(list, a.snapshot) };
}

describe('timeline lanes', () => {
  it('bug 1943289: groups in order, one lane per object, nodes per pool and folded', async () => {
    const { a, list, groups } = await lanes(samples.workerBlocksMco);
    const kinds = groups.map((g) => g.kind);
    assert.deepEqual(
      kinds.filter((k, i) => kinds.indexOf(k) === i),
      ['ClusterVersion', 'Operators', 'Pools', 'Nodes', 'Events', 'Logs'],
    );
    // Every interval but the gather's moment is in exactly one lane.
    const placed = groups.flatMap((g) => g.lanes.flatMap((l) => l.intervals));
    assert.equal(placed.length, list.filter((i) => i.source !== 'Gather').length);
    assert.equal(new Set(placed).size, placed.length);
    const ops = groups.find((g) => g.kind === 'Operators')!;
    assert.equal(ops.folded, false);
    assert.equal(new Set(ops.lanes.map((l) => l.locator)).size, ops.lanes.length);
    assert.equal(ops.lanes.length, a.snapshot.operators.length);
    // Lanes with a problem lead, by when it began: machine-config's Degraded is among them.
    const mco = ops.lanes.findIndex((l) => l.locator === 'co/machine-config');
    const healthy = ops.lanes.findIndex((l) => l.intervals.every((i) => i.level === 'Info'));
    assert.ok(
      mco >= 0 && (healthy < 0 || mco < healthy),
      'machine-config before healthy operators',
    );
    assert.equal(ops.lanes[mco]!.label, 'machine-config');
    // Nodes: one folded group per pool, each node's lane in its pool's.
    const nodeGroups = groups.filter((g) => g.kind === 'Nodes');
    assert.deepEqual(nodeGroups.map((g) => g.id).sort(), ['Nodes/master', 'Nodes/worker']);
    assert.ok(nodeGroups.every((g) => g.folded));
    const worker = nodeGroups.find((g) => g.id === 'Nodes/worker')!;
    assert.equal(worker.label, 'Nodes · pool worker');
    const lane = worker.lanes.find((l) => l.locator === 'node/ip-10-0-137-214.ec2.internal');
    assert.ok(lane, 'a degraded worker has its lane');
    assert.ok(lane.intervals.some((i) => i.source === 'NodeCondition'));
    // The nodes of the degraded pool come before the healthy pool's, as the pools' lanes do.
    assert.equal(nodeGroups[0]!.id, 'Nodes/worker');
  });

  it('opens on the newest update and the gather, and keeps older transitions in the extent', async () => {
    const { a, list } = await lanes(samples.workerBlocksMco);
    const span = openingWindow(list, a.snapshot, a.assessment.now);
    assert.ok(span);
    const start = Date.parse('2021-03-25T07:30:44Z');
    const gather = Date.parse('2021-03-25T12:20:41Z');
    assert.ok(span.window.from.getTime() < start && span.window.from.getTime() > start - 3600_000);
    assert.ok(span.window.to.getTime() > gather);
    // Conditions that changed long before the update are in the extent, not dropped.
    assert.ok(span.extent.from.getTime() < span.window.from.getTime());
    assert.equal(Math.floor(span.extent.to.getTime() / 1000) * 1000, gather);
  });

  it('gives nothing for an empty timeline', async () => {
    const { a } = await lanes(samples.workerBlocksMco);
    assert.deepEqual(timelineLanes([], a.snapshot), []);
    assert.equal(openingWindow([], a.snapshot, undefined), undefined);
  });
});
