import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { EventStore } from '../../server/src/analysis/loadEvents';
import { cacheLimitsFrom, ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { defaultLimits } from '../../server/src/limits';
import { eventsAbout, maxWarningEvents, readEvents } from '../../server/src/model/events';
import { eventsSection } from '../../server/src/features/hover/events';
import { Node } from '../../server/src/model/node';
import { samples } from '../support/fixtures';
import { plain } from '../support/hover';
import { loadFixture } from '../support/snapshot';
import { tempTree } from '../support/tempTree';

const warning = (i: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: `n${i}.1`, namespace: 'default' },
  involvedObject: { kind: 'Node', name: `n${i}` },
  reason: 'FailedToDrain',
  message: `failed to drain node: n${i} after 1 hour`,
  type: 'Warning',
  count: 2,
  firstTimestamp: '2024-01-01T10:00:00Z',
  lastTimestamp: `2024-01-01T11:${String(i % 60).padStart(2, '0')}:00Z`,
  source: { component: 'machineconfigdaemon', host: `n${i}` },
  ...extra,
});

describe('events: reading an EventList', () => {
  it('keeps Warning events only, with count, times, component and the message’s place', () => {
    const normal = { ...warning(1), type: 'Normal', reason: 'Drain' };
    const r = readEvents({ kind: 'List', items: [normal, warning(2)] }, '/f.yaml', 'default');
    assert.ok(r.ok);
    assert.equal(r.items, 2);
    assert.equal(r.events.length, 1);
    const e = r.events[0]!;
    assert.deepEqual(e.involved, { kind: 'Node', name: 'n2' });
    assert.equal(e.count, 2);
    assert.equal(e.last?.toISOString(), '2024-01-01T11:02:00.000Z');
    assert.equal(e.component, 'machineconfigdaemon');
    assert.equal(e.host, 'n2');
    assert.deepEqual(e.location, { file: '/f.yaml', doc: 0, pointer: '/items/1/message' });
  });

  it('reads the events.k8s.io form: eventTime, series and reportingComponent, no count', () => {
    const e = {
      ...warning(3),
      count: null,
      firstTimestamp: null,
      lastTimestamp: null,
      source: {},
      eventTime: '2024-01-01T09:00:00.000000Z',
      series: { count: 7, lastObservedTime: '2024-01-01T09:30:00.000000Z' },
      reportingComponent: 'machineconfigcontroller-nodecontroller',
    };
    const r = readEvents({ kind: 'EventList', items: [e] }, '/f.yaml');
    assert.ok(r.ok);
    const read = r.events[0]!;
    assert.equal(read.count, 7);
    assert.equal(read.first?.toISOString(), '2024-01-01T09:00:00.000Z');
    assert.equal(read.last?.toISOString(), '2024-01-01T09:30:00.000Z');
    assert.equal(read.component, 'machineconfigcontroller-nodecontroller');
    assert.equal(read.namespace, 'default', 'from the event’s own metadata');
  });

  it('says what a file holds when it is not an EventList', () => {
    const r = readEvents({ kind: 'Pod', metadata: {} }, '/f.yaml');
    assert.deepEqual(r, { ok: false, problem: 'holds a Pod, not an EventList' });
  });

  it(`keeps at most ${maxWarningEvents} Warning events of a file, the newest`, () => {
    const items = Array.from({ length: maxWarningEvents + 5 }, (_, i) => warning(i));
    const r = readEvents({ kind: 'List', items }, '/f.yaml');
    assert.ok(r.ok);
    assert.equal(r.events.length, maxWarningEvents);
    assert.equal(r.events[0]!.last?.toISOString(), '2024-01-01T11:59:00.000Z');
  });
});

describe('events: the lazy store of a root', () => {
  const t = tempTree();
  after(() => t.remove());
  const mg = 'mg';
  t.write(
    `${mg}/cluster-scoped-resources/core/nodes/n1.yaml`,
    'kind: Node\nmetadata:\n  name: n1\n',
  );
  t.write(
    `${mg}/namespaces/default/core/events.yaml`,
    JSON.stringify({ kind: 'List', items: [warning(1)] }),
  );
  t.write(`${mg}/namespaces/broken/core/events.yaml`, 'kind: List\nitems:\n- a: [\n');
  t.write(`${mg}/namespaces/empty/core/events.yaml`, '');
  t.write(`${mg}/namespaces/pods/core/events.yaml`, 'kind: Pod\nmetadata:\n  name: x\n');
  t.write(
    `${mg}/namespaces/huge/core/events.yaml`,
    `kind: List\nitems: []\n#${'x'.repeat(1024 * 1024 + 10)}\n`,
  );
  const root = { kind: 'must-gather' as const, path: `${t.path}/${mg}` };

  it('indexes every namespace’s events.yaml, and reads a namespace only when asked', async () => {
    const index = await buildIndex(root);
    const store = new EventStore(index, new ParsedFileCache());
    assert.ok(store.present);
    const r = await store.warnings(['default']);
    assert.equal(r.events.length, 1);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.filesRead, [`${root.path}/namespaces/default/core/events.yaml`]);
  });

  it('a broken file, another kind or one over the size limit is one yaml-invalid each; an empty one is none', async () => {
    const index = await buildIndex(root);
    const cache = new ParsedFileCache(cacheLimitsFrom({ ...defaultLimits, maxFileSizeMiB: 1 }));
    const store = new EventStore(index, cache);
    const r = await store.warnings(['broken', 'empty', 'pods', 'huge', 'default']);
    assert.equal(r.events.length, 1, 'the readable namespace still counts');
    const messages = r.problems.map((p) => `${p.rule} ${p.message}`).sort();
    assert.equal(messages.length, 3);
    assert.match(
      messages[0]!,
      /^yaml-invalid namespaces\/broken\/core\/events\.yaml does not parse/,
    );
    assert.match(
      messages[1]!,
      /^yaml-invalid namespaces\/huge\/core\/events\.yaml: file is 1\.0 MiB, over the 1\.0 MiB parse limit/,
    );
    assert.equal(
      messages[2],
      'yaml-invalid namespaces/pods/core/events.yaml holds a Pod, not an EventList',
    );
    // Asked again: the same answer, the files not read twice (one promise per file).
    const again = await store.warnings(['broken']);
    assert.equal(
      again.problems[0],
      r.problems.find((p) => p.message.includes('broken')),
    );
  });

  it('reads gather-extra’s events.json, keeping the namespaces asked for', async () => {
    const g = tempTree();
    try {
      const other = { ...warning(5), metadata: { name: 'x', namespace: 'openshift-etcd' } };
      g.write('clusterversion.json', '{"kind":"List","items":[]}');
      g.write('clusteroperators.json', '{"kind":"List","items":[]}');
      g.write('machineconfigpools.json', '{"kind":"List","items":[]}');
      g.write('events.json', JSON.stringify({ kind: 'List', items: [warning(4), other] }));
      const index = await buildIndex({ kind: 'gather-extra', path: g.path });
      const r = await new EventStore(index, new ParsedFileCache()).warnings(['default']);
      assert.deepEqual(
        r.events.map((e) => e.involved.name),
        ['n4'],
      );
    } finally {
      g.remove();
    }
  });
});

describe('events: the analysis reads them only when a rule may cite them', () => {
  it('a healthy gather reads no events file', async () => {
    const { snapshot, filesRead } = await loadFixture(samples.healthy);
    assert.deepEqual(snapshot.events, []);
    assert.equal(filesRead.filter((f) => f.endsWith('events.yaml')).length, 0);
  });

  it('failed drains read default’s and the MCO’s events, not the CVO’s (seed 1943289)', async () => {
    const { snapshot, filesRead } = await loadFixture(samples.workerBlocksMco);
    const read = filesRead
      .filter((f) => f.endsWith('events.yaml'))
      .map((f) => f.split('/namespaces/')[1]);
    assert.deepEqual(read.sort(), [
      'default/core/events.yaml',
      'openshift-machine-config-operator/core/events.yaml',
    ]);
    const node = snapshot.nodes.find((n) => n.name === 'ip-10-0-139-43.ec2.internal')!;
    assert.ok(node instanceof Node);
    const mine = eventsAbout(snapshot.events, { kind: 'Node', name: node.name });
    assert.deepEqual(
      mine.map((e) => [e.reason, e.count]),
      [['FailedToDrain', 3]],
    );
  });
});

describe('events: the hover section', () => {
  it('lists 5, newest first, counts the rest, and escapes the message', () => {
    const items = Array.from({ length: 7 }, (_, i) =>
      warning(i, { message: i === 6 ? '[click](command:evil) <b>x</b> | y' : `m${i}` }),
    );
    const r = readEvents({ kind: 'List', items }, '/f.yaml');
    assert.ok(r.ok);
    const md = eventsSection(
      { object: undefined as never, events: r.events, namespaces: ['default'], unreadable: [] },
      new Date('2024-01-01T12:00:00Z'),
    );
    assert.doesNotMatch(md, /\]\(command:/);
    assert.doesNotMatch(md, /<b>/);
    assert.match(md, /\\\[click\\\]\\\(command\\:evil\\\) &lt;b&gt;x&lt;\\\/b&gt; \\\| y/);
    const rows = md.split('\n').filter((l) => l.startsWith('| FailedToDrain'));
    assert.equal(rows.length, 5);
    assert.match(plain(rows[0]!), /\| FailedToDrain \| 2 \| 54m0s before the gather \|/);
    assert.match(md, /…and 2 more\./);
  });
});
