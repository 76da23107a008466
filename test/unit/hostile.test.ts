/**
 * The hostile fixture set (test/fixtures/hostile-2019850, written by scripts/fixtures/hostile.ts):
 * each broken, odd or crafted input yields exactly one finding or log line, and every finding
 * of the intact files is still reported. Inputs git cannot hold are made here, on a copy.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { invalidFile, notPrometheusAnswer } from '../../server/src/analysis/fileProblems';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { listMachineConfigs } from '../../server/src/analysis/loadMachineConfigs';
import { loadSnapshot } from '../../server/src/analysis/loadSnapshot';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { normalizeMachineConfig } from '../../server/src/machineconfig/normalize';
import { summarizeChanges } from '../../server/src/machineconfig/changeSummary';
import { DEFAULT_ARCHIVE_BOUNDS } from '../../server/src/gather/archive/extract';
import { openArchive } from '../../server/src/gather/archiveCache';
import { file, makeTar, setup } from '../support/archives';
import { copyFixture } from '../support/copyFixture';
import { assertShortMessage } from '../support/ruleTester';
import { fixturesDir, samples } from '../support/fixtures';

const hostile = join(fixturesDir, 'hostile-2019850');
const nodes = 'cluster-scoped-resources/core/nodes';

/** The one `yaml-invalid` message each hostile file must yield. */
const expectedFindings: [string, RegExp][] = [
  [`${nodes}/ip-10-0-250-1.ec2.internal.yaml`, /does not parse: Missing closing .?quote/],
  [`${nodes}/ip-10-0-250-2.ec2.internal.json`, /does not parse: /],
  [`${nodes}/ip-10-0-250-3.ec2.internal.yaml`, /holds no object \(the file is empty\)/],
  [`${nodes}/ip-10-0-250-4.ec2.internal.yaml`, /file is binary, not YAML or JSON/],
  [`${nodes}/ip-10-0-250-5.ec2.internal.yaml`, /is not UTF-8 \(line \d+ first\)/],
  [`${nodes}/ip-10-0-250-7.ec2.internal.yaml`, /alias count/i],
  [`${nodes}/ip-10-0-250-8.ec2.internal.yaml`, /nested more than 200 levels deep/],
];

/** The one log line each input that no rule reads must yield. */
const expectedNotes = [
  `${nodes}/ip-10-0-250-6.ec2.internal.yaml: a folder where a file was expected`,
  `${nodes}/loop.yaml: symbolic link not followed`,
  'namespaces/outside: symbolic link not followed',
];

async function analyzeAll(folder: string): Promise<RootAnalysis[]> {
  const roots = await discoverRoots(folder);
  return Promise.all(roots.map((r) => analyzeRoot(r, analysisContext())));
}

const rel = (a: RootAnalysis, file: string) => file.slice(a.root.path.length + 1);
const key = (a: RootAnalysis, f: RootAnalysis['findings'][number]) =>
  `${f.rule} ${rel(a, f.location.file)} ${f.message}`;

describe('hostile must-gathers', () => {
  it('yield one finding per broken file, one log line per skipped input, and every intact finding', async () => {
    const [clean] = await analyzeAll(samples.levelEarly);
    const roots = await analyzeAll(hostile);
    assert.ok(clean);
    assert.equal(roots.length, 2, 'the same cluster gathered twice is two roots');
    const a = roots.find((r) => r.index.notes.length > 0);
    const b = roots.find((r) => r !== a);
    assert.ok(a && b);

    for (const r of roots) assert.deepEqual(r.internalErrors, [], 'no rule threw');
    const invalid = a.findings.filter((f) => f.rule === 'yaml-invalid');
    assert.deepEqual(
      invalid.map((f) => rel(a, f.location.file)).sort(),
      expectedFindings.map(([file]) => file).sort(),
    );
    for (const [file, message] of expectedFindings) {
      const f = invalid.find((x) => rel(a, x.location.file) === file);
      assert.match(f?.message ?? '', message, file);
    }
    for (const f of invalid) {
      assert.equal(f.subject, `file/${rel(a, f.location.file)}`, 'a broken file is its subject');
      assertShortMessage(f);
      assert.ok(f.message.startsWith(rel(a, f.location.file)), 'the message opens with the path');
    }
    assert.deepEqual(a.index.notes, expectedNotes);

    // Every finding of the intact gather is still reported, in both roots, once.
    const cleanKeys = clean.findings.map((f) => key(clean, f));
    assert.ok(cleanKeys.length >= 3);
    for (const r of [a, b]) {
      const keys = r.findings.map((f) => key(r, f));
      for (const k of cleanKeys) assert.ok(keys.includes(k), `missing: ${k}`);
      assert.equal(new Set(keys).size, keys.length, 'no finding twice (List beside single files)');
    }
    assert.deepEqual(
      b.findings.map((f) => key(b, f)),
      cleanKeys,
      'the intact second gather reads exactly as the sample',
    );
    // Objects with nothing but a name are read, and cost nothing.
    assert.ok(a.snapshot.nodes.some((n) => n.name === 'ip-10-0-250-9.ec2.internal'));
    assert.ok(a.snapshot.operators.some((o) => o.name === 'bare-operator'));
    // The Latin-1 node is still read, with replacement characters.
    assert.ok(a.snapshot.nodes.some((n) => n.name === 'ip-10-0-250-5.ec2.internal'));
  });

  it('shows invalid data URLs, bad base64 and corrupt gzip as such when configs are compared', async () => {
    const [root] = (await discoverRoots(hostile)).filter(
      (r) => !r.path.includes('1060366563744299'),
    );
    assert.ok(root);
    const cache = new ParsedFileCache();
    const configs = await listMachineConfigs(await buildIndex(root), cache);
    const bad = configs.find((c) => c.name.endsWith('00000000bad'));
    const good = configs.find((c) => c.name.startsWith('rendered-worker-') && c !== bad);
    assert.ok(bad && good);
    const text = normalizeMachineConfig(bad.raw);
    const invalid = text.split('\n').filter((l) => l.includes('<invalid: '));
    assert.equal(invalid.length, 3, invalid.join('\n'));
    assert.match(invalid.join('\n'), /not a data URL/);
    assert.match(invalid.join('\n'), /bad base64/);
    assert.match(invalid.join('\n'), /corrupt gzip/);
    assert.doesNotThrow(() => summarizeChanges(good.raw, bad.raw, 10));
  });

  it('refuse a file over the size limit, and read what changes or vanishes mid-analysis as it is', async () => {
    const copy = copyFixture(samples.levelEarly);
    try {
      const [root] = await discoverRoots(copy.path);
      assert.ok(root);
      const dir = join(root.path, nodes);
      const [first, second] = readdirSync(dir).sort();
      assert.ok(first && second);
      // 65 MiB, sparse: the size is checked before anything is read.
      const huge = join(dir, 'ip-10-0-250-10.ec2.internal.yaml');
      writeFileSync(huge, '');
      truncateSync(huge, 65 * 1024 * 1024);
      const index = await buildIndex(root);
      // After indexing: one file vanishes, another changes.
      unlinkSync(join(dir, first));
      writeFileSync(join(dir, second), 'apiVersion: v1\nkind: Node\nmetadata:\n  name: changed\n');
      const cache = new ParsedFileCache();
      const { problems, snapshot } = await loadSnapshot(index, cache);
      const messages = problems.map((p) => p.message).sort();
      assert.equal(problems.length, 2, messages.join('\n'));
      assert.match(
        messages.join('\n'),
        /ip-10-0-250-10\.ec2\.internal\.yaml: file is 65\.0 MiB, over the 64\.0 MiB parse limit/,
      );
      assert.match(
        messages.join('\n'),
        new RegExp(`${first.replace(/\./g, '\\.')}: cannot read: ENOENT`),
      );
      assert.ok(snapshot.nodes.some((n) => n.name === 'changed'));
    } finally {
      copy.remove();
    }
  });

  it('keep a file problem to one short plain line, the whole path and problem in the detail', () => {
    const deep =
      'namespaces/openshift-machine-config-operator/pods/machine-config-daemon-x7k2p/machine-config-daemon/machine-config-daemon/logs/current.log';
    const tooBig = invalidFile(
      `/mg/${deep}`,
      deep,
      [0, 0],
      ': file is 65.0 MiB, over the 64.0 MiB parse limit (mustGatherInspector.limits.maxFileSizeMiB); its lines are not read',
    );
    assertShortMessage(tooBig);
    assert.match(
      tooBig.message,
      /^…\/.*\/logs\/current\.log: file is 65\.0 MiB, over the 64\.0 MiB/,
    );
    assert.match(tooBig.message, /its lines are not read$/, 'the end of the problem is kept');
    assert.ok(tooBig.detail?.includes(deep), 'the detail names the whole path');
    assert.ok(tooBig.detail?.includes('(mustGatherInspector.limits.maxFileSizeMiB)'));

    // A crafted name and a crafted answer: newlines, backticks, thousands of characters.
    const crafted = `monitoring/prometheus/\`${'x'.repeat(300)}\nrm -rf\`.json`;
    const answer = notPrometheusAnswer(
      `/mg/${crafted}`,
      crafted,
      `holds Prometheus' error response (bad_data: ${'`y` '.repeat(2000)}\n), not its rules…`,
    );
    assertShortMessage(answer);
    assert.match(
      answer.message,
      /^…\/'x+…x+ rm -rf'\.json holds Prometheus' error response \(bad_data: /,
    );
    assert.match(answer.message, /, not its rules\.\.\.$/);
    assert.ok(answer.detail && answer.detail.length < 2600, String(answer.detail?.length));

    // What fits is left as it was: the path, then the problem, and no detail.
    const short = invalidFile(
      '/mg/a.yaml',
      'a.yaml',
      [0, 0],
      ' does not parse: Missing closing `quote\n',
    );
    assert.equal(short.message, "a.yaml does not parse: Missing closing 'quote");
    assert.equal(short.detail, undefined);
  });

  it('report an unreadable file once (skipped as root, who reads everything)', async (t) => {
    if (process.getuid?.() === 0) {
      t.skip('root reads files whatever their mode');
      return;
    }
    const copy = copyFixture(samples.levelEarly);
    try {
      const [root] = await discoverRoots(copy.path);
      assert.ok(root);
      const dir = join(root.path, nodes);
      const [first] = readdirSync(dir).sort();
      assert.ok(first);
      chmodSync(join(dir, first), 0);
      const a = await analyzeRoot(root, analysisContext());
      const invalid = a.findings.filter((f) => f.rule === 'yaml-invalid');
      assert.equal(invalid.length, 1);
      assert.match(invalid[0]?.message ?? '', /cannot read: EACCES/);
    } finally {
      copy.remove();
    }
  });

  it('note a missing timestamp once, and analyse without ages', async () => {
    const copy = copyFixture(samples.levelEarly);
    try {
      const [root] = await discoverRoots(copy.path);
      assert.ok(root);
      rmSync(join(root.path, 'timestamp'));
      rmSync(join(root.path, '..', 'timestamp'));
      const a = await analyzeRoot(root, analysisContext());
      assert.equal(a.index.notes.length, 1);
      assert.match(a.index.notes[0] ?? '', /no readable timestamp file/);
      assert.equal(a.snapshot.gatherTime, undefined);
      assert.ok(a.findings.some((f) => f.rule === 'mco-level-before-required-pools'));
    } finally {
      copy.remove();
    }
  });
});

describe('the hostile set as an archive, inside a hostile case archive', () => {
  it('extracts with one note per hostile entry, and the must-gathers read as they do unpacked', async () => {
    const area = setup('case-03912345.tar', Buffer.alloc(0));
    // the hostile must-gather as support packs it (GNU tar keeps its symbolic links as links)
    const inner = join(area.root, 'hostile.tar.gz');
    const packed = spawnSync('tar', ['-czf', inner, '-C', fixturesDir, 'hostile-2019850']);
    assert.equal(packed.status, 0, packed.stderr?.toString());
    const bomb = gzipSync(await makeTar([file('zeros.bin', Buffer.alloc(64 * 1024 * 1024))]));
    const outside = join(area.root, 'outside.txt');
    writeFileSync(
      area.archive,
      await makeTar([
        file('case-03912345/must-gather.tar.gz', readFileSync(inner)),
        file('case-03912345/../../escaped.txt', 'zip-slip\n'),
        file(outside, 'absolute\n'),
        { header: { name: 'case-03912345/passwd', type: 'symlink', linkname: '/etc/passwd' } },
        { header: { name: 'case-03912345/hard', type: 'link', linkname: '../../outside.txt' } },
        {
          header: {
            name: 'case-03912345/null',
            type: 'character-device',
            devmajor: 1,
            devminor: 3,
          },
        },
        { header: { name: 'case-03912345/pipe', type: 'fifo' } },
        file('case-03912345/bomb.tar.gz', bomb),
        file('case-03912345/notes.txt', 'customer: the upgrade to 4.10 hangs\n'),
      ]),
    );
    const before = readFileSync(area.archive);
    const notes: string[] = [];
    const cacheDir = join(area.root, 'cache');
    const extracted = await openArchive(
      area.archive,
      cacheDir,
      DEFAULT_ARCHIVE_BOUNDS,
      1024 ** 3,
      (m) => notes.push(m),
    );
    const linked =
      'case-03912345/must-gather.tar.gz!/hostile-2019850/must-gather.local.7002357584181306/quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-0aabd1b2fef1c4bd79fbd3fc7d4cfe7eab91f9081a55052b41438df206314484';
    const noteFor = (name: string) => notes.filter((n) => n.startsWith(JSON.stringify(name)));
    for (const name of [
      'case-03912345/../../escaped.txt',
      outside,
      'case-03912345/passwd',
      'case-03912345/hard',
      'case-03912345/null',
      'case-03912345/pipe',
      'case-03912345/bomb.tar.gz',
      // the must-gather's own links, refused inside the nested archive
      `${linked}/cluster-scoped-resources/core/nodes/loop.yaml`,
      `${linked}/namespaces/outside`,
    ]) {
      assert.equal(noteFor(name).length, 1, `one note for ${name} in:\n${notes.join('\n')}`);
    }
    assert.match(
      noteFor('case-03912345/bomb.tar.gz')[0]!,
      /kept as it is, not extracted: .*compression bomb/,
    );
    assert.equal(notes.length, 9, notes.join('\n'));
    // nothing outside the cache: the case area holds what it held, the archive is unchanged
    assert.deepEqual(readdirSync(area.root).sort(), ['cache', 'hostile.tar.gz', 'in', 'out']);
    assert.deepEqual(readdirSync(join(area.root, 'in')), ['case-03912345.tar']);
    assert.deepEqual(readFileSync(area.archive), before);
    assert.ok(extracted.startsWith(cacheDir));

    const roots = await discoverRoots(extracted, 12);
    assert.equal(roots.length, 2);
    const analyses = await Promise.all(roots.map((r) => analyzeRoot(r, analysisContext())));
    const a = analyses.find((r) => r.findings.some((f) => f.rule === 'yaml-invalid'));
    assert.ok(a);
    const invalid = a.findings.filter((f) => f.rule === 'yaml-invalid');
    assert.deepEqual(
      invalid.map((f) => rel(a, f.location.file)).sort(),
      expectedFindings.map(([file]) => file).sort(),
    );
    // the links were not extracted, so only the folder-for-a-file note is left to the index
    assert.deepEqual(
      a.index.notes,
      expectedNotes.filter((n) => !n.includes('symbolic link')),
    );
  });
});
