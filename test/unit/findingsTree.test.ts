import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  evidenceShown,
  findingsTree,
  isLevelFilter,
  levelFilters,
} from '../../client/src/findings/treeModel';
import type { FindingsItemModel } from '../../client/src/findings/treeModel';
import type {
  CauseEntry,
  EvidenceLink,
  FindingEntry,
  RootFindings,
} from '../../server/src/protocol/messages';

const gather = '/cases/01234/bug-1943289/must-gather.local.1/quay-io-ocp';
const other = '/cases/01234/bug-2019850/must-gather.local.2/quay-io-ocp';

function link(file: string, line: number, message?: string): EvidenceLink {
  return {
    uri: `file://${file}`,
    range: { start: { line, character: 4 }, end: { line: line + 4, character: 18 } },
    ...(message ? { message } : {}),
  };
}

function finding(
  rule: string,
  severity: FindingEntry['severity'],
  subject: string,
  related: EvidenceLink[] = [],
): FindingEntry {
  return {
    rule,
    severity,
    subject,
    message: `${subject}: ${rule}`,
    location: link(`${gather}/${subject.replace('/', '-')}.yaml`, 10),
    related,
  };
}

function cause(id: string, level: CauseEntry['level'], findings: FindingEntry[]): CauseEntry {
  return { id, title: `title of ${id}`, level, subjects: findings.map((f) => f.subject), findings };
}

const poolDegraded = finding('pool-degraded', 'error', 'mcp/worker', [
  link(`${gather}/nodes/ip-10-0-137-214.yaml`, 11, 'node ip-10-0-137-214 is Degraded'),
]);
const notUpdated = finding('pool-not-updated', 'info', 'mcp/worker');
const leveled = finding('operator-not-leveled', 'warning', 'co/machine-config');
const upgradeable = finding('operator-not-upgradeable', 'info', 'co/machine-config');

/** Causes as a server might send them (the view sorts them again, worst first). */
const oneRoot: RootFindings = {
  root: gather,
  place: gather,
  causes: [
    cause('operator-not-upgradeable@co/machine-config', 'info', [upgradeable]),
    cause('operator-not-leveled@co/machine-config', 'warning', [leveled]),
    cause('pool-degraded@mcp/worker', 'error', [poolDegraded, notUpdated]),
  ],
};

const labels = (items: FindingsItemModel[]) => items.map((i) => i.label);

describe('Findings tree model', () => {
  it('lists one must-gather’s causes at the top, worst first, each with its findings and evidence', () => {
    const t = findingsTree([oneRoot], 'all');
    assert.deepEqual(labels(t.items), [
      'title of pool-degraded@mcp/worker',
      'title of operator-not-leveled@co/machine-config',
      'title of operator-not-upgradeable@co/machine-config',
    ]);
    assert.deepEqual(
      t.items.map((i) => [i.icon, i.level, i.description]),
      [
        ['error', 'error', '2 findings'],
        ['warning', 'warning', '1 finding'],
        ['info', 'info', '1 finding'],
      ],
    );
    assert.equal(t.shown, 3);
    assert.equal(t.hidden, 0);
    assert.equal(t.description, '', 'no filter, nothing to say');
    assert.equal(t.message, '');
    const pool = t.items[0]!;
    // Causal order kept: the root first; a click on the cause opens its root finding.
    assert.deepEqual(labels(pool.children), [
      'mcp/worker: pool-degraded',
      'mcp/worker: pool-not-updated',
    ]);
    assert.deepEqual(pool.open, poolDegraded.location);
    const [root, follows] = pool.children;
    assert.equal(root!.description, 'pool-degraded', 'the rule in the description');
    assert.equal(follows!.icon, 'info', 'each finding at its own level');
    assert.deepEqual(root!.open, poolDegraded.location);
    const [evidence] = root!.children;
    assert.equal(evidence!.label, 'node ip-10-0-137-214 is Degraded');
    assert.equal(evidence!.description, 'ip-10-0-137-214.yaml:12', 'file and 1-based line');
    assert.deepEqual(evidence!.open, poolDegraded.related[0]);
    assert.equal(evidence!.level, undefined, 'evidence has no level colour');
    assert.equal(follows!.children.length, 0);
  });

  it('shows each must-gather as a level when there are several, worst first', () => {
    const calm: RootFindings = {
      root: other,
      place: other,
      causes: [cause('operator-not-leveled@co/machine-config', 'warning', [leveled])],
    };
    const t = findingsTree([calm, oneRoot], 'all');
    assert.deepEqual(labels(t.items), ['bug-1943289', 'bug-2019850']);
    assert.equal(t.items[0]!.description, '3 causes · 4 findings');
    assert.equal(t.items[0]!.icon, 'error');
    assert.equal(t.items[0]!.expanded, true);
    assert.equal(t.items[1]!.icon, 'warning');
    assert.equal(t.shown, 4, 'the badge counts the causes of every must-gather');
    // Ids are stable across answers and unique across must-gathers.
    const ids = (items: FindingsItemModel[]): string[] =>
      items.flatMap((i) => [i.id, ...ids(i.children)]);
    const all = ids(t.items);
    assert.equal(new Set(all).size, all.length);
    assert.deepEqual(ids(findingsTree([oneRoot, calm], 'all').items), all);
  });

  it('tells must-gathers apart that would read the same', () => {
    const a = {
      root: '/case/must-gather.local.1/image-a',
      place: '/case/must-gather.local.1/image-a',
      causes: [],
    };
    const b = {
      root: '/case/must-gather.local.1/image-b',
      place: '/case/must-gather.local.1/image-b',
      causes: [],
    };
    const t = findingsTree([a, b], 'all');
    assert.deepEqual(labels(t.items), ['case (image-a)', 'case (image-b)']);
    assert.deepEqual(
      t.items.map((i) => i.description),
      ['no findings', 'no findings'],
    );
    assert.equal(t.message, 'No findings in these 2 must-gathers.');
  });

  it('filters causes by their level, keeping every finding of a cause shown', () => {
    const errors = findingsTree([oneRoot], 'error');
    assert.deepEqual(labels(errors.items), ['title of pool-degraded@mcp/worker']);
    assert.equal(
      errors.items[0]!.children.length,
      2,
      'its info finding stays: the chain reads whole',
    );
    assert.equal(errors.shown, 1);
    assert.equal(errors.hidden, 2);
    assert.equal(errors.description, 'errors only · 2 hidden');
    const warnings = findingsTree([oneRoot], 'warning');
    assert.equal(warnings.shown, 2);
    assert.equal(warnings.description, 'warnings and errors · 1 hidden');
    const calm = { ...oneRoot, causes: oneRoot.causes.slice(0, 2) };
    const none = findingsTree([calm], 'error');
    assert.deepEqual(none.items, []);
    assert.equal(
      none.message,
      'No cause at the level of errors only in this must-gather; 2 causes below it (Filter Findings by Level shows them).',
    );
    // No must-gather at all: the welcome content speaks, not the message.
    assert.equal(findingsTree([], 'error').message, '');
    assert.ok(levelFilters.every((f) => isLevelFilter(f.value)));
    assert.equal(isLevelFilter('hint'), false, 'a stored value from elsewhere is not trusted');
  });

  it('escapes must-gather text in tooltips, so no link or command can form', () => {
    const hostile = finding('operator-degraded', 'error', 'co/x](command:workbench.action.quit)');
    hostile.message = 'Degraded: [click](command:workbench.action.quit) <img src=x>';
    const t = findingsTree(
      [{ ...oneRoot, causes: [cause('operator-degraded@co/x', 'error', [hostile])] }],
      'all',
    );
    const tips = [t.items[0]!.tooltip, t.items[0]!.children[0]!.tooltip];
    for (const tip of tips) {
      assert.doesNotMatch(tip, /\]\(command:/, tip);
      assert.doesNotMatch(tip, /<img/, tip);
    }
    assert.match(tips[1]!, /\\\[click\\\]\\\(command\\:workbench\\\.action\\\.quit\\\)/);
    assert.equal(t.items[0]!.children[0]!.label, hostile.message, 'labels are plain text already');
  });

  it('lists at most a bounded number of pieces of evidence per finding', () => {
    const many = Array.from({ length: evidenceShown + 7 }, (_, i) =>
      link(`${gather}/nodes/n${i}.yaml`, i, `node n${i}`),
    );
    const f = finding('pool-degraded', 'error', 'mcp/worker', many);
    const t = findingsTree([{ ...oneRoot, causes: [cause('c', 'error', [f])] }], 'all');
    const evidence = t.items[0]!.children[0]!.children;
    assert.equal(evidence.length, evidenceShown + 1);
    assert.equal(evidence.at(-1)!.label, '+7 more');
    assert.equal(evidence.at(-1)!.open, undefined);
    // The rest opens from under it, in the editor: nobody is sent to the CLI.
    const rest = evidence.at(-1)!.children;
    assert.deepEqual(
      rest.map((r) => r.label),
      many.slice(evidenceShown).map((r) => r.message),
    );
    assert.ok(rest.every((r) => r.open !== undefined));
    assert.ok(!JSON.stringify(t).includes('must-gather-inspector analyze'));
  });

  it('gives repeated cause ids distinct item ids', () => {
    const twice = {
      ...oneRoot,
      causes: [cause('same', 'error', [poolDegraded]), cause('same', 'error', [notUpdated])],
    };
    const ids = findingsTree([twice], 'all').items.map((i) => i.id);
    assert.equal(new Set(ids).size, 2, ids.join(' '));
  });
});
