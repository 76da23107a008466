/** The update as intervals (issue 28, first part): what happened when, from the gather's data. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { intervalsOf } from '../../server/src/analysis/timeline';
import { discoverRoots } from '../../server/src/gather/discover';
import { runCli } from '../support/cli';
import { hosted, repoRoot, samples } from '../support/fixtures';
import { timelineLanes } from '../../server/src/analysis/timelineLanes';

async function intervals(dir: string) {
  const [root] = await discoverRoots(dir);
  const a = await analyzeRoot(root!, analysisContext());
  return { a, list: intervalsOf(a.snapshot, a.assessment.now) };
}

describe('timeline intervals', () => {
  it('bug 1943289: the update starts before machine-config progresses and degrades, the worker pool degrades, and the gather is last', async () => {
    const { list } = await intervals(samples.workerBlocksMco);
    const at = (pred: (i: (typeof list)[number]) => boolean, what: string) => {
      const i = list.findIndex(pred);
      assert.ok(i >= 0, what);
      return { index: i, interval: list[i]! };
    };
    const update = at(
      (i) => i.source === 'ClusterVersion' && i.message.includes('4.7.4'),
      'update',
    );
    assert.equal(update.interval.from.toISOString(), '2021-03-25T07:30:44.000Z');
    const progressing = at(
      (i) => i.locator === 'co/machine-config' && i.reason.startsWith('Progressing=True'),
      'machine-config Progressing',
    );
    assert.equal(progressing.interval.from.toISOString(), '2021-03-25T09:08:42.000Z');
    const degraded = at(
      (i) => i.locator === 'co/machine-config' && i.reason.startsWith('Degraded=True'),
      'machine-config Degraded',
    );
    assert.equal(degraded.interval.from.toISOString(), '2021-03-25T09:45:01.000Z');
    assert.equal(degraded.interval.level, 'Error');
    assert.equal(degraded.interval.source, 'OperatorDegraded');
    const pool = at(
      (i) => i.locator === 'mcp/worker' && i.reason.startsWith('Degraded=True'),
      'worker Degraded',
    );
    assert.ok(update.index < progressing.index && progressing.index < degraded.index);
    assert.ok(update.index < pool.index);
    const last = list[list.length - 1]!;
    assert.equal(last.source, 'Gather');
    assert.match(last.from.toISOString(), /^2021-03-25T12:20:41\./);
    // Every interval ends by the gather, and none ends before it starts.
    for (const i of list) {
      assert.ok(i.to.getTime() >= i.from.getTime(), `${i.locator} ${i.reason}`);
      assert.ok(
        i.to.getTime() <= last.from.getTime(),
        `${i.locator} ${i.reason} ends by the gather`,
      );
    }
  });

  it('gives one interval per condition transition, each at its condition', async () => {
    const { a, list } = await intervals(samples.workerBlocksMco);
    const mco = a.snapshot.operators.find((o) => o.name === 'machine-config')!;
    const fromMco = list.filter((i) => i.locator === 'co/machine-config');
    assert.equal(fromMco.length, mco.conditions.filter((c) => c.lastTransitionTime).length);
    for (const i of fromMco) assert.match(i.evidence.pointer, /^\/status\/conditions\/\d+$/);
    // The drain failures the daemons' events recorded are there too.
    assert.ok(list.some((i) => i.source === 'Event' && i.reason === 'FailedToDrain'));
  });
});

describe('timeline intervals of a hosted cluster (issue 45)', () => {
  it('holds the control plane update, the NodePool rolling after it and the Machine waiting on its drain', async () => {
    const { a, list } = await intervals(hosted.drainBlocked);
    const cp = list.find(
      (i) =>
        i.source === 'HostedCluster' && i.message === 'Control plane update to 4.19.9: completed',
    );
    const rolling = list.find(
      (i) =>
        i.locator === 'np/clusters/prod-workers' &&
        i.reason === 'UpdatingVersion=True (AsExpected)',
    );
    const deleting = list.find((i) => i.source === 'Machine' && i.reason === 'Deleting');
    const drain = list.find(
      (i) => i.source === 'Machine' && i.reason === 'DrainingSucceeded=False (Draining)',
    );
    assert.ok(cp && rolling && deleting && drain);
    assert.ok(
      cp.to.getTime() <= rolling.from.getTime(),
      'the NodePool rolls after the control plane',
    );
    assert.ok(rolling.from.getTime() <= deleting.from.getTime());
    assert.equal(deleting.level, 'Warning');
    assert.equal(drain.level, 'Warning');
    assert.match(deleting.evidence.pointer, /\/metadata\/deletionTimestamp$/);
    const groups = timelineLanes(list, a.snapshot);
    const hostedGroup = groups.find((g) => g.kind === 'Hosted cluster');
    assert.ok(hostedGroup?.lanes.some((l) => l.locator === 'np/clusters/prod-workers'));
    assert.ok(groups.some((g) => g.label === 'Nodes · NodePool prod-workers'));
  });
});

describe('cli timeline', () => {
  it('prints the intervals oldest first with their evidence, filters by --since, and gives JSON', () => {
    const text = runCli('timeline', samples.workerBlocksMco, '--since', '5h').stdout.split('\n');
    const rows = text.filter((l) => /^\d{4}-\d\d-\d\dT/.test(l));
    assert.ok(rows.length > 10);
    assert.deepEqual(
      rows.map((r) => r.slice(0, 20)),
      [...rows.map((r) => r.slice(0, 20))].sort(),
      'oldest first',
    );
    assert.ok(
      rows.every((r) => r >= '2021-03-25T07:20:41Z'),
      'nothing before 5h before the gather',
    );
    const degraded = rows.find((r) => / co\/machine-config {2}Degraded=True/.test(r));
    assert.match(
      degraded ?? '',
      /^2021-03-25T09:45:01Z {2}2h35m +Error +OperatorDegraded .*cluster-scoped-resources\/config\.openshift\.io\/clusteroperators\/machine-config\.yaml:\d+$/,
    );
    const j = JSON.parse(
      runCli('timeline', samples.workerBlocksMco, '--format', 'json').stdout,
    ) as {
      timelines: {
        root: string;
        intervals: { from: string; to: string; file: string; line: number; level: string }[];
      }[];
    };
    const all = j.timelines[0]!.intervals;
    assert.ok(all.length > rows.length, '--since left the older ones out');
    assert.ok(all.every((i) => i.line >= 1 && i.file.startsWith(j.timelines[0]!.root)));
    assert.equal(
      runCli('timeline', samples.workerBlocksMco, '--since', 'yesterday').code,
      2,
      'a --since that is neither a time nor a duration is bad usage',
    );
  });
});

describe('cli timeline --format intervals (openshift/origin monitor intervals)', () => {
  type Item = {
    level: string;
    source: string;
    locator: { type: string; keys: Record<string, string> };
    message: { reason: string; humanMessage: string; annotations: Record<string, string> };
    from: string;
    to: string;
  };
  const read = (...args: string[]) => {
    const r = runCli('timeline', samples.workerBlocksMco, '--format', 'intervals', ...args);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout) as { items: Item[] };
  };

  it("validates against a schema written from origin's monitorapi types", () => {
    const schema = JSON.parse(
      readFileSync(join(repoRoot, 'test/unit/schemas/origin-intervals.schema.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ allErrors: true }).compile(schema);
    const doc = read();
    assert.ok(validate(doc), JSON.stringify(validate.errors?.slice(0, 5)));
    assert.ok(doc.items.length > 100);
    // The schema is not vacuous: a string locator (origin's old form) and a lower-case level fail.
    const old = { items: [{ ...doc.items[0]!, locator: 'clusteroperator/machine-config' }] };
    assert.equal(validate(old), false);
    assert.equal(validate({ items: [{ ...doc.items[0]!, level: 'error' }] }), false);
  });

  it('names operators, nodes and events as origin does, with the condition in annotations, sorted by time', () => {
    const { items } = read();
    const degraded = items.find(
      (i) =>
        i.locator.keys.clusteroperator === 'machine-config' &&
        i.message.annotations.condition === 'Degraded',
    );
    assert.ok(degraded, 'machine-config Degraded');
    assert.equal(degraded.source, 'OperatorState');
    assert.equal(degraded.locator.type, 'ClusterOperator');
    assert.equal(degraded.level, 'Error');
    assert.equal(degraded.from, '2021-03-25T09:45:01Z');
    assert.equal(degraded.to, '2021-03-25T12:20:41Z', 'held until the gather');
    assert.equal(degraded.message.annotations.status, 'True');
    assert.equal(degraded.message.reason, 'RequiredPoolsFailed');
    const drain = items.find(
      (i) => i.source === 'KubeEvent' && i.message.reason === 'FailedToDrain',
    );
    assert.ok(drain, 'a FailedToDrain event');
    assert.equal(drain.locator.type, 'Node');
    assert.match(drain.locator.keys.hmsg ?? '', /^[0-9a-f]{10}$/);
    assert.ok(Number(drain.message.annotations.count) >= 1);
    const node = items.find((i) => i.source === 'NodeState');
    assert.deepEqual(Object.keys(node?.locator.keys ?? {}), ['node']);
    const update = items.find(
      (i) => i.source === 'VersionState' && i.message.humanMessage.includes('4.7.4'),
    );
    assert.equal(update?.locator.keys.clusterversion, 'version');
    assert.equal(update?.from, '2021-03-25T07:30:44Z');
    const froms = items.map((i) => i.from);
    assert.deepEqual(froms, [...froms].sort(), 'oldest first');
    // --since applies to this format too.
    assert.ok(read('--since', '1h').items.every((i) => i.from >= '2021-03-25T11:20:41Z'));
  });
});
