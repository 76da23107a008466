import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DocumentSymbol } from 'vscode-languageserver';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { documentSymbols } from '../../server/src/features/symbols/documentSymbols';
import { listObjects, objectsOf } from '../../server/src/features/symbols/objects';
import type { ObjectEntry, Peek } from '../../server/src/features/symbols/objects';
import {
  matchObjects,
  resolveSymbol,
  toWorkspaceSymbols,
} from '../../server/src/features/symbols/workspaceSymbols';
import { discoverRoots } from '../../server/src/gather/discover';
import { parseText } from '../../server/src/yaml/parse';
import { poolFile, resourceFile, samples, updates } from '../support/fixtures';

interface Analysed {
  analysis: RootAnalysis;
  peek: Peek;
  objects: readonly ObjectEntry[];
}

async function analyse(scenario: string): Promise<Analysed> {
  const ctx = analysisContext();
  const [root] = await discoverRoots(scenario);
  const analysis = await analyzeRoot(root!, ctx);
  const peek: Peek = (f) => ctx.cache.peek(f);
  return { analysis, peek, objects: objectsOf(analysis, peek) };
}

const subjects = (es: readonly ObjectEntry[]) => es.map((e) => e.subject);

/** `name detail` of each symbol, children indented under their parent. */
function outline(symbols: readonly DocumentSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.name}${s.detail ? ` ${s.detail}` : ''}`,
    ...outline(s.children ?? [], depth + 1),
  ]);
}

function documentOutline(file: string): { symbols: DocumentSymbol[]; lines: string[] } {
  const text = readFileSync(file, 'utf8');
  return { symbols: documentSymbols(parseText(text)), lines: text.split('\n') };
}

describe('go to any object: the objects of a root', () => {
  let mcn: Analysed;
  let seed: Analysed;
  before(async () => {
    mcn = await analyse(updates.mcnStuck);
    seed = await analyse(samples.workerBlocksMco);
  });

  it('names every indexed object by its subject, from its path', () => {
    const all = subjects(mcn.objects);
    for (const s of [
      'cv/version',
      'co/machine-config',
      'mcp/worker',
      'mcp/master',
      'node/ip-10-0-136-225.eu-west-1.compute.internal',
      'mcn/ip-10-0-136-225.eu-west-1.compute.internal',
      'mc/00-worker',
      'infrastructure/cluster',
      'ns/openshift-machine-config-operator',
    ])
      assert.ok(all.includes(s), `${s} in ${all.join(', ')}`);
    const co = mcn.objects.find((e) => e.subject === 'co/machine-config')!;
    assert.match(co.file, /clusteroperators\/machine-config\.yaml$/);
    assert.equal(co.pointer, '');
    assert.equal(new Set(all).size, all.length, 'no object twice');
  });

  it('names on-cluster layering objects', async () => {
    const ocl = await analyse(updates.oclBuildFailed);
    const all = subjects(ocl.objects);
    assert.ok(all.includes('mosc/worker'), all.join(', '));
    assert.ok(all.some((s) => s.startsWith('mosb/worker-')));
  });

  it('lists the items of a List the analysis parsed, and not of one it did not', () => {
    const daemons = seed.objects.filter((e) =>
      e.subject.startsWith('pod/openshift-machine-config-operator/machine-config-daemon-'),
    );
    assert.ok(daemons.length > 50, `${daemons.length} daemon pods from core/pods.yaml`);
    assert.match(daemons[0]!.file, /openshift-machine-config-operator\/core\/pods\.yaml$/);
    assert.match(daemons[0]!.pointer, /^\/items\/\d+$/);
    // Nothing parsed: the same index lists no List item at all.
    const unread = listObjects(seed.analysis.root.path, seed.analysis.index.files, () => undefined);
    assert.ok(unread.length > 0);
    assert.equal(unread.filter((e) => e.pointer !== '').length, 0, 'no item of an unread List');
  });

  it('does not repeat objects of a List beside their own files', () => {
    const list = mcn.analysis.index.files.find((f) =>
      f.rel.endsWith('config.openshift.io/clusteroperators.yaml'),
    );
    assert.ok(list, 'the fixture has the List beside the single files');
    const parsed = parseText(readFileSync(list.path, 'utf8'));
    const objects = listObjects(mcn.analysis.root.path, mcn.analysis.index.files, (f) =>
      f === list.path ? parsed : mcn.peek(f),
    );
    const cos = objects.filter((e) => e.subject === 'co/machine-config');
    assert.equal(cos.length, 1);
    assert.equal(cos[0]!.pointer, '');
  });

  it('lists the objects of gather-extra Lists and Insights archives', async () => {
    const extra = await analyse(samples.gatherExtra);
    const co = extra.objects.find((e) => e.subject === 'co/machine-config');
    assert.ok(co);
    assert.match(co.pointer, /^\/items\/\d+$/);
    assert.ok(subjects(extra.objects).includes('cv/version'));
    // config-resources.json: a DNS beside the Infrastructure, each named by its own kind.
    assert.ok(subjects(extra.objects).includes('dns/cluster'));
    const insights = await analyse(samples.insights);
    assert.ok(subjects(insights.objects).includes('cv/version'));
    assert.ok(subjects(insights.objects).includes('co/machine-config'));
  });
});

describe('go to any object: search', () => {
  let seed: Analysed;
  let mcn: Analysed;
  before(async () => {
    seed = await analyse(samples.workerBlocksMco);
    mcn = await analyse(updates.mcnStuck);
  });

  it('puts the ClusterOperator first for machine-config, before the namespace and its pods', () => {
    const found = subjects(matchObjects([seed.objects], 'machine-config'));
    assert.equal(found[0], 'co/machine-config');
    assert.ok(found.includes('ns/openshift-machine-config-operator'));
    assert.ok(found.some((s) => s.startsWith('pod/openshift-machine-config-operator/')));
  });

  it('finds a pool by bare name, by subject and by scattered letters', () => {
    assert.equal(subjects(matchObjects([mcn.objects], 'worker'))[0], 'mcp/worker');
    assert.equal(subjects(matchObjects([mcn.objects], 'MCP/Worker'))[0], 'mcp/worker');
    assert.ok(subjects(matchObjects([mcn.objects], 'mcpwrk')).includes('mcp/worker'));
    assert.deepEqual(matchObjects([mcn.objects], 'no-such-object-anywhere'), []);
  });

  it('ranks exact, then prefix, then substring; within one, the update’s kinds first', () => {
    const found = subjects(matchObjects([mcn.objects], 'master'));
    assert.equal(found[0], 'mcp/master');
    // mc/00-master is a substring match: after every exact and prefix one.
    assert.ok(found.indexOf('mc/00-master') > found.indexOf('mcp/master'));
    const empty = subjects(matchObjects([mcn.objects], ''));
    assert.equal(empty[0], 'cv/version');
    assert.ok(empty.indexOf('co/machine-config') < empty.indexOf('mcp/master'));
  });

  it('searches every root, and caps the results', () => {
    const both = matchObjects([seed.objects, mcn.objects], 'machine-config');
    const cos = both.filter((e) => e.subject === 'co/machine-config');
    assert.equal(cos.length, 2);
    assert.notEqual(cos[0]!.root, cos[1]!.root);
    assert.equal(matchObjects([seed.objects, mcn.objects], '', 10).length, 10);
  });

  it('gives a file its start and a List item its line, now or when resolved', () => {
    const found = matchObjects([seed.objects], 'machine-config-daemon');
    const item = found.find((e) => e.pointer !== '')!;
    const places = new Map([[seed.analysis.root.path, '/case/must-gather']]);
    const [eager] = toWorkspaceSymbols([item], places, seed.peek, false);
    assert.equal(eager!.containerName, '/case/must-gather');
    assert.equal(eager!.name, item.subject);
    const line = (eager!.location as { range: { start: { line: number } } }).range.start.line;
    const text = readFileSync(fileURLToPath(eager!.location.uri), 'utf8').split('\n');
    // The item starts at its `- apiVersion` line; its name follows a few lines down.
    const nameLine = text.findIndex((l, i) => i >= line && l.includes(`name: ${item.name}`));
    assert.ok(nameLine - line >= 0 && nameLine - line < 12, `${line} → ${nameLine}`);
    const [lazy] = toWorkspaceSymbols([item], places, seed.peek, true);
    assert.equal('range' in lazy!.location, false, 'left to resolve');
    assert.deepEqual(resolveSymbol(lazy!, seed.peek).location, eager!.location);
    const co = matchObjects([seed.objects], 'co/machine-config')[0]!;
    const [file] = toWorkspaceSymbols([co], places, seed.peek, true);
    assert.deepEqual((file!.location as { range: unknown }).range, {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    });
  });
});

describe('document symbols', () => {
  it('outlines a node: the daemon’s annotations and the conditions by type', () => {
    const file = resourceFile(
      updates.mcnStuck,
      'cluster-scoped-resources/core/nodes/ip-10-0-136-225.eu-west-1.compute.internal.yaml',
    );
    const { symbols, lines } = documentOutline(file);
    assert.equal(symbols.length, 1);
    const node = symbols[0]!;
    assert.equal(node.name, 'node/ip-10-0-136-225.eu-west-1.compute.internal');
    assert.equal(node.detail, 'Node');
    assert.match(lines[node.selectionRange.start.line]!, /^ {2}name: ip-10-0-136-225/);
    const o = outline(symbols);
    assert.ok(
      o.includes('  currentConfig rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f'),
      o.join('\n'),
    );
    assert.ok(o.includes('  state Done'));
    for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'])
      assert.ok(
        o.some((l) => l.startsWith(`  ${type} `)),
        `${type} in ${o.join('\n')}`,
      );
    const ready = node.children!.find((c) => c.name === 'Ready')!;
    assert.match(ready.detail!, /^True/);
    assert.match(lines[ready.selectionRange.start.line]!, /type: Ready/);
    assert.ok(ready.range.start.line <= ready.selectionRange.start.line);
  });

  it('outlines a pool: its configurations and conditions', () => {
    const file = resourceFile(updates.mcnStuck, poolFile('worker'));
    const { symbols, lines } = documentOutline(file);
    const o = outline(symbols);
    assert.equal(o[0], 'mcp/worker MachineConfigPool');
    assert.ok(o.includes('  spec.configuration rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f'));
    assert.ok(
      o.includes('  status.configuration rendered-worker-7e05e4ba3bd5460aa1c820cc7e5f4a20'),
    );
    for (const type of ['RenderDegraded', 'NodeDegraded', 'Degraded', 'Updated', 'Updating'])
      assert.ok(
        o.some((l) => l.startsWith(`  ${type} `)),
        `${type} in ${o.join('\n')}`,
      );
    const status = symbols[0]!.children!.find((c) => c.name === 'status.configuration')!;
    assert.match(lines[status.range.start.line]!, /^ {2}configuration:/);
  });

  it('outlines a MachineConfigNode: its config versions and update phases', () => {
    const file = resourceFile(
      updates.mcnStuck,
      'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfignodes/ip-10-0-136-225.eu-west-1.compute.internal.yaml',
    );
    const o = outline(documentOutline(file).symbols);
    assert.equal(o[0], 'mcn/ip-10-0-136-225.eu-west-1.compute.internal MachineConfigNode');
    assert.ok(o.includes('  spec.configVersion rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f'));
    assert.ok(
      o.includes(
        '  status.configVersion rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f → rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f',
      ),
      o.join('\n'),
    );
    assert.ok(
      o.some((l) => l.startsWith('  Updated ')),
      o.join('\n'),
    );
  });

  it('outlines an operator’s versions and a List’s items by name', () => {
    const co = documentOutline(
      resourceFile(
        samples.workerBlocksMco,
        'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml',
      ),
    );
    assert.ok(outline(co.symbols).some((l) => /^ {2}operator \d/.test(l)));
    const pods = resourceFile(
      samples.workerBlocksMco,
      'namespaces/openshift-machine-config-operator/core/pods.yaml',
    );
    const list = documentOutline(pods);
    assert.ok(list.symbols.length > 50);
    for (const s of list.symbols) {
      assert.match(s.name, /^pod\/openshift-machine-config-operator\//);
      assert.match(
        list.lines[s.selectionRange.start.line]!,
        new RegExp(`name: ${s.name.split('/')[2]}`),
      );
    }
  });

  it('names an object written without its kind by where the index found it', () => {
    const text = '{"metadata":{"name":"version"},"status":{"desired":{"version":"4.15.3"}}}';
    const symbols = documentSymbols(parseText(text), {
      group: 'config.openshift.io',
      plural: 'clusterversions',
      name: 'version',
    });
    assert.deepEqual(outline(symbols), ['cv/version', '  desired 4.15.3']);
  });

  it('gives nothing for a file that holds no object', () => {
    assert.deepEqual(documentSymbols(parseText('a: [1, 2]\n')), []);
    assert.deepEqual(documentSymbols(parseText(': : :\n\t- broken')), []);
  });
});
