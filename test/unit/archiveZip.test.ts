import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import * as yazl from 'yazl';
import { ArchiveRefused } from '../../server/src/gather/archive/extract';
import { run, setup, tree } from '../support/archives';

interface ZipItem {
  name: string;
  body?: string | Buffer;
  mode?: number;
}

/** A zip in memory, built with yazl; a name ending with `/` is an empty directory. */
async function makeZip(items: ZipItem[]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const { name, body, mode } of items) {
    const opts = mode === undefined ? {} : { mode };
    if (name.endsWith('/')) z.addEmptyDirectory(name, opts);
    else z.addBuffer(Buffer.from(body ?? ''), name, opts);
  }
  z.end();
  const chunks: Buffer[] = [];
  for await (const chunk of z.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function makeTar(items: { name: string; body: Buffer | string }[]): Promise<Buffer> {
  const p = tar.pack();
  for (const { name, body } of items) p.entry({ name }, body);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Replaces every occurrence of `from` by `to` (same length): local headers and central directory. */
function patchName(zip: Buffer, from: string, to: string): Buffer {
  assert.equal(from.length, to.length);
  const out = Buffer.from(zip);
  const f = Buffer.from(from);
  let found = 0;
  for (let i = out.indexOf(f); i !== -1; i = out.indexOf(f, i + 1)) {
    out.write(to, i, 'latin1');
    found++;
  }
  assert.equal(found, 2, 'the name is in the local header and in the central directory');
  return out;
}

const mustGather: ZipItem[] = [
  { name: 'must-gather.local.1/' },
  { name: 'must-gather.local.1/timestamp', body: '2026-01-01 00:00:00\n' },
  {
    name: 'must-gather.local.1/release/cluster-scoped-resources/config.openshift.io/clusterversions.yaml',
    body: 'apiVersion: config.openshift.io/v1\nkind: ClusterVersionList\nitems: []\n',
  },
  { name: 'must-gather.local.1/empty/' },
];

describe('extractArchive on zips', () => {
  it('round-trips a zip of a small tree, read-only, leaving the zip as it was', async () => {
    const data = await makeZip(mustGather);
    const { archive, out } = setup('must-gather.tar.gz', data); // the name says nothing
    const before = statSync(archive);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(r.heard, []);
    assert.deepEqual(tree(out), [
      'must-gather.local.1/',
      'must-gather.local.1/empty/',
      'must-gather.local.1/release/',
      'must-gather.local.1/release/cluster-scoped-resources/',
      'must-gather.local.1/release/cluster-scoped-resources/config.openshift.io/',
      'must-gather.local.1/release/cluster-scoped-resources/config.openshift.io/clusterversions.yaml',
      'must-gather.local.1/timestamp',
    ]);
    assert.equal(
      readFileSync(join(out, 'must-gather.local.1/timestamp'), 'utf8'),
      '2026-01-01 00:00:00\n',
    );
    const all = tree(out);
    assert.equal(r.entries, all.length);
    const files = all.filter((p) => !p.endsWith('/'));
    assert.equal(
      r.bytes,
      files.reduce((n, f) => n + statSync(join(out, f)).size, 0),
    );
    for (const p of all) {
      assert.equal(statSync(join(out, p)).mode & 0o777, p.endsWith('/') ? 0o555 : 0o444, p);
    }
    const afterStat = statSync(archive);
    assert.deepEqual(readFileSync(archive), data, 'the zip is unchanged');
    assert.equal(afterStat.mtimeMs, before.mtimeMs);
    assert.equal(afterStat.mode, before.mode);
  });

  it('extracts an empty zip (only an end record) to nothing', async () => {
    const data = await makeZip([]);
    assert.equal(data.subarray(0, 4).toString('latin1'), 'PK\x05\x06');
    const { archive, out } = setup('empty.zip', data);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.equal(r.entries, 0);
    assert.deepEqual(tree(out), []);
  });

  it('extracts a zip inside a tar.gz under `name!/` and drops the zip', async () => {
    const inner = await makeZip(mustGather);
    const outer = gzipSync(
      await makeTar([
        { name: 'case/README.txt', body: 'case 123\n' },
        { name: 'case/must-gather.zip', body: inner },
      ]),
    );
    const { archive, out } = setup('case.tar.gz', outer);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.ok(!existsSync(join(out, 'case/must-gather.zip')), 'the nested zip is not kept');
    assert.equal(
      readFileSync(join(out, 'case/must-gather.zip!/must-gather.local.1/timestamp'), 'utf8'),
      '2026-01-01 00:00:00\n',
    );
    assert.equal(statSync(join(out, 'case/must-gather.zip!')).mode & 0o777, 0o555);
    const all = tree(out);
    assert.equal(r.entries, all.length);
    assert.equal(
      r.bytes,
      all.filter((p) => !p.endsWith('/')).reduce((n, f) => n + statSync(join(out, f)).size, 0),
    );
  });

  it('extracts a tar.gz inside a zip (and a zip inside that)', async () => {
    const innermost = await makeZip([{ name: 'deep.txt', body: 'deep\n' }]);
    const middle = gzipSync(
      await makeTar([
        { name: 'must-gather.local.1/timestamp', body: 'now\n' },
        { name: 'must-gather.local.1/more.zip', body: innermost },
      ]),
    );
    const outer = await makeZip([
      { name: 'case/README.txt', body: 'case 123\n' },
      { name: 'case/must-gather.tar.gz', body: middle },
    ]);
    const { archive, out } = setup('case.zip', outer);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.equal(
      readFileSync(join(out, 'case/must-gather.tar.gz!/must-gather.local.1/timestamp'), 'utf8'),
      'now\n',
    );
    assert.equal(
      readFileSync(
        join(out, 'case/must-gather.tar.gz!/must-gather.local.1/more.zip!/deep.txt'),
        'utf8',
      ),
      'deep\n',
    );
    assert.ok(!existsSync(join(out, 'case/must-gather.tar.gz')));
    assert.equal(r.entries, tree(out).length);
  });

  it('refuses zip-slip names (`..`, absolute, drive) with one note each, writing nothing outside', async () => {
    let data = await makeZip([
      { name: 'ok.txt', body: 'fine\n' },
      { name: 'xx/evil', body: 'evil\n' },
      { name: 'xabs/evil2', body: 'evil\n' },
      { name: 'xxdrive/evil3', body: 'evil\n' },
    ]);
    data = patchName(data, 'xx/evil', '../evil');
    data = patchName(data, 'xabs/evil2', '/abs/evil2');
    data = patchName(data, 'xxdrive/evil3', 'C:drive/evil3');
    const { root, archive, out } = setup('slip.zip', data);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 3, r.notes.join('\n'));
    assert.deepEqual(r.heard, r.notes);
    assert.match(r.notes[0] ?? '', /"\.\.\/evil" not extracted: .*"\.\."/);
    assert.match(r.notes[1] ?? '', /"\/abs\/evil2" not extracted: its path is absolute/);
    assert.match(r.notes[2] ?? '', /"C:drive\/evil3" not extracted: its path is absolute/);
    assert.deepEqual(tree(out), ['ok.txt']);
    assert.deepEqual(readdirSync(root).sort(), ['in', 'out']);
    assert.ok(!existsSync('/abs/evil2'));
  });

  it('refuses a backslash path that climbs out', async () => {
    const data = patchName(
      await makeZip([{ name: 'a/x/x/evil', body: 'evil\n' }]),
      'a/x/x/evil',
      '..\\..\\evil',
    );
    const { archive, out } = setup('slip.zip', data);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 1);
    assert.match(r.notes[0] ?? '', /not extracted: .*"\.\."/);
    assert.deepEqual(tree(out), []);
  });

  it('refuses a symlink entry (S_IFLNK in the external attributes) with a note', async () => {
    const data = await makeZip([
      { name: 'link', body: '/etc/passwd', mode: 0o120777 },
      { name: 'real.txt', body: 'real\n' },
    ]);
    const { archive, out } = setup('links.zip', data);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 1);
    assert.match(r.notes[0] ?? '', /"link" not extracted: links are not extracted/);
    assert.deepEqual(tree(out), ['real.txt']);
  });

  it('refuses a zip bomb by the ratio bound, before writing it', async () => {
    const data = await makeZip([{ name: 'zeros.bin', body: Buffer.alloc(8 * 1024 * 1024) }]);
    assert.ok(data.length < 64 * 1024);
    const { archive, out } = setup('bomb.zip', data);
    await assert.rejects(run(archive, out), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused, String(e));
      assert.match(e.message, /bomb\.zip refused: it expands more than 100 times/);
      return true;
    });
    assert.ok(!existsSync(join(out, 'zeros.bin')) || statSync(join(out, 'zeros.bin')).size === 0);
  });

  it('keeps a nested zip bomb as a file, with a note, and extracts the rest', async () => {
    const bomb = await makeZip([{ name: 'zeros.bin', body: Buffer.alloc(8 * 1024 * 1024) }]);
    const outer = await makeTar([
      { name: 'bomb.zip', body: bomb },
      { name: 'ok.txt', body: 'ok\n' },
    ]);
    const { archive, out } = setup('case.tar', outer);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 1, r.notes.join('\n'));
    assert.match(r.notes[0] ?? '', /"bomb\.zip" kept as it is, not extracted: it expands more/);
    assert.deepEqual(tree(out), ['bomb.zip', 'ok.txt']);
    assert.deepEqual(readFileSync(join(out, 'bomb.zip')), bomb);
  });

  it('refuses a zip with more entries than allowed, and one over the byte bound', async () => {
    const data = await makeZip([
      { name: 'a', body: 'a' },
      { name: 'b', body: 'b' },
      { name: 'c', body: 'c' },
    ]);
    const one = setup('many.zip', data);
    await assert.rejects(
      run(one.archive, one.out, { maxArchiveEntries: 2 }),
      /more than 2 entries/,
    );
    const big = await makeZip([{ name: 'big.txt', body: 'x'.repeat(5000) }]);
    const two = setup('big.zip', big);
    await assert.rejects(
      run(two.archive, two.out, { maxExtractedBytes: 4000 }),
      /would write more than 4000 bytes/,
    );
  });
});
