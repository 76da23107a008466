import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ArchiveRefused } from '../../server/src/gather/archive/extract';
import { file, makeTar, mustGather, run, setup, tree } from '../support/archives';

describe('extractArchive', () => {
  it('round-trips a tar.gz of a small must-gather, read-only, leaving the archive as it was', async () => {
    const data = gzipSync(await makeTar(mustGather));
    const { archive, out } = setup('must-gather.tar.gz', data);
    const before = statSync(archive);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(r.heard, []);
    const cv =
      'must-gather.local.1/quay-io-release/cluster-scoped-resources/config.openshift.io/clusterversions.yaml';
    assert.equal(
      readFileSync(join(out, cv), 'utf8'),
      'apiVersion: config.openshift.io/v1\nkind: ClusterVersionList\nitems: []\n',
    );
    assert.equal(
      readFileSync(join(out, 'must-gather.local.1/timestamp'), 'utf8'),
      '2026-01-01 00:00:00\n',
    );
    const all = tree(out);
    const files = all.filter((p) => !p.endsWith('/'));
    assert.equal(files.length, 3);
    assert.equal(r.entries, all.length, 'every file and directory written is counted');
    assert.equal(
      r.bytes,
      files.reduce((n, f) => n + statSync(join(out, f)).size, 0),
    );
    for (const p of all) {
      const mode = statSync(join(out, p)).mode & 0o777;
      assert.equal(mode, p.endsWith('/') ? 0o555 : 0o444, p);
    }
    const afterStat = statSync(archive);
    assert.deepEqual(readFileSync(archive), data, 'the archive is unchanged');
    assert.equal(afterStat.mtimeMs, before.mtimeMs);
    assert.equal(afterStat.mode, before.mode);
  });

  it('tells gzip by its first bytes, whatever the name says', async () => {
    const { archive, out } = setup('must-gather.tar', gzipSync(await makeTar(mustGather)));
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.ok(existsSync(join(out, 'must-gather.local.1/timestamp')));
  });

  it('refuses a file that is no tar with one clear error', async () => {
    const { archive, out } = setup('must-gather.tar.gz', gzipSync(Buffer.from('just text\n')));
    await assert.rejects(run(archive, out), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused);
      assert.equal(
        e.message,
        'must-gather.tar.gz is gzip-compressed but holds no tar (or its data is corrupt)',
      );
      return true;
    });
    const text = setup('must-gather.tar', Buffer.from('just text\n'));
    await assert.rejects(run(text.archive, text.out), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused);
      assert.equal(e.message, 'must-gather.tar is not a tar, tar.gz, tar.xz or zip archive');
      return true;
    });
  });

  it('refuses a truncated archive with one error instead of hanging', async () => {
    const whole = gzipSync(await makeTar([file('a.txt', 'x'.repeat(100_000))]));
    const { archive, out } = setup('must-gather.tar.gz', whole.subarray(0, whole.length - 40));
    await assert.rejects(run(archive, out), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused, String(e));
      assert.match(e.message, /could not be read/);
      return true;
    });
  });

  it('extracts a tar.gz inside a tar next to itself, under `name!/`, and drops the archive', async () => {
    const inner = gzipSync(await makeTar(mustGather));
    const outer = await makeTar([
      file('case/README.txt', 'case 123\n'),
      file('case/must-gather.tar.gz', inner),
      file('case/app.log.gz', gzipSync(Buffer.from('a plain gzip file\n'))),
    ]);
    const { archive, out } = setup('case.tar', outer);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.ok(!existsSync(join(out, 'case/must-gather.tar.gz')), 'the nested archive is not kept');
    assert.equal(
      readFileSync(join(out, 'case/must-gather.tar.gz!/must-gather.local.1/timestamp'), 'utf8'),
      '2026-01-01 00:00:00\n',
    );
    assert.ok(
      statSync(join(out, 'case/app.log.gz')).isFile(),
      'a gzip that holds no tar stays a file',
    );
    assert.equal(statSync(join(out, 'case/must-gather.tar.gz!')).mode & 0o777, 0o555);
    const files = tree(out).filter((p) => !p.endsWith('/'));
    assert.equal(
      r.bytes,
      files.reduce((n, f) => n + statSync(join(out, f)).size, 0),
    );
    assert.equal(r.entries, tree(out).length);
  });

  it('refuses path escapes, links, devices and FIFOs with a note each, extracting the rest', async () => {
    const absolute = join(tmpdir(), `mgi-absolute-${process.pid}-${Date.now()}`);
    const data = gzipSync(
      await makeTar([
        file('good/a.yaml', 'kind: Node\n'),
        file('../evil', 'escaped\n'),
        file('good/../../evil2', 'escaped\n'),
        file(absolute, 'absolute\n'),
        { header: { name: 'good/passwd', type: 'symlink', linkname: '/etc/passwd' } },
        { header: { name: 'good/hard', type: 'link', linkname: '../outside' } },
        { header: { name: 'good/null', type: 'character-device', devmajor: 1, devminor: 3 } },
        { header: { name: 'good/pipe', type: 'fifo' } },
        file('good/b.yaml', 'kind: Pod\n'),
      ]),
    );
    const { root, archive, out } = setup('must-gather.tar.gz', data);
    const r = await run(archive, out);
    assert.deepEqual(r.heard, r.notes);
    assert.equal(r.notes.length, 7, r.notes.join('\n'));
    const noteFor = (name: string): string => {
      const n = r.notes.find((m) => m.startsWith(JSON.stringify(name)));
      assert.ok(n, `a note for ${name} in:\n${r.notes.join('\n')}`);
      return n;
    };
    assert.match(noteFor('../evil'), /"\.\."/);
    assert.match(noteFor('good/../../evil2'), /"\.\."/);
    assert.match(noteFor(absolute), /absolute/);
    assert.match(noteFor('good/passwd'), /links are not extracted/);
    assert.match(noteFor('good/hard'), /links are not extracted/);
    assert.match(noteFor('good/null'), /device files are not extracted/);
    assert.match(noteFor('good/pipe'), /FIFOs are not extracted/);
    assert.deepEqual(tree(out), ['good/', 'good/a.yaml', 'good/b.yaml']);
    assert.deepEqual(tree(root), [
      'in/',
      'in/must-gather.tar.gz',
      'out/',
      ...tree(out).map((p) => `out/${p}`),
    ]);
    assert.ok(!existsSync(absolute));
    assert.ok(!existsSync(join(root, 'evil')) && !existsSync(join(root, 'in', 'evil')));
  });

  it('refuses a compression bomb with one clear error', async () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    const data = gzipSync(await makeTar([file('big/zeros', zeros)]));
    const { archive, out } = setup('must-gather.tar.gz', data);
    await assert.rejects(run(archive, out), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused, String(e));
      assert.match(e.message, /must-gather\.tar\.gz refused: it expands more than 100 times/);
      return true;
    });
    const written = existsSync(join(out, 'big/zeros')) ? statSync(join(out, 'big/zeros')).size : 0;
    assert.ok(written < 10 * 1024 * 1024, `stopped early, ${written} bytes written`);
  });

  it('skips a nested bomb with a note, keeping it as a file and extracting the rest', async () => {
    const bomb = gzipSync(await makeTar([file('zeros', Buffer.alloc(50 * 1024 * 1024))]));
    const padding = Buffer.alloc(2 * 1024 * 1024, 'x');
    const outer = await makeTar([
      file('case/bomb.tar.gz', bomb),
      file('case/padding.txt', padding),
      file('case/after.txt', 'after\n'),
    ]);
    const { archive, out } = setup('case.tar', outer);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 1, r.notes.join('\n'));
    assert.match(
      r.notes[0] ?? '',
      /^"case\/bomb\.tar\.gz" kept as it is, not extracted: it expands more than 100 times/,
    );
    assert.ok(!existsSync(join(out, 'case/bomb.tar.gz!')));
    assert.deepEqual(readFileSync(join(out, 'case/bomb.tar.gz')), bomb);
    assert.equal(readFileSync(join(out, 'case/after.txt'), 'utf8'), 'after\n');
    assert.equal(r.bytes, bomb.length + padding.length + 'after\n'.length);
    assert.equal(r.entries, tree(out).length);
  });

  it('refuses an archive of too many entries', async () => {
    const items = Array.from({ length: 10 }, (_, i) => file(`f${i}`, 'x'));
    const { archive, out } = setup('must-gather.tar', await makeTar(items));
    await assert.rejects(run(archive, out, { maxArchiveEntries: 5 }), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused);
      assert.match(e.message, /more than 5 entries/);
      return true;
    });
  });

  it('refuses an archive that would write too many bytes', async () => {
    const { archive, out } = setup(
      'must-gather.tar',
      await makeTar([file('a', 'x'.repeat(600)), file('b', 'y'.repeat(600))]),
    );
    await assert.rejects(run(archive, out, { maxExtractedBytes: 1000 }), (e: unknown) => {
      assert.ok(e instanceof ArchiveRefused);
      assert.match(e.message, /would write more than 1000 bytes/);
      return true;
    });
  });

  it('extracts nested archives 3 levels deep and keeps a 4th as a file, with a note', async () => {
    let data = gzipSync(await makeTar([file('deepest.txt', 'level 5\n')]));
    for (const level of [4, 3, 2, 1]) {
      data = gzipSync(await makeTar([file(`l${level}.tar.gz`, data), file(`l${level}.txt`, 'x')]));
    }
    // data is now the top archive: it holds l1.tar.gz, which holds l2.tar.gz, ...
    const { archive, out } = setup('top.tar.gz', data);
    const r = await run(archive, out);
    assert.equal(r.notes.length, 1, r.notes.join('\n'));
    assert.match(
      r.notes[0] ?? '',
      /^"l1\.tar\.gz!\/l2\.tar\.gz!\/l3\.tar\.gz!\/l4\.tar\.gz" kept as it is/,
    );
    assert.match(r.notes[0] ?? '', /3 levels deep at most/);
    assert.ok(existsSync(join(out, 'l1.tar.gz!/l2.tar.gz!/l3.tar.gz!/l4.txt')));
    assert.ok(statSync(join(out, 'l1.tar.gz!/l2.tar.gz!/l3.tar.gz!/l4.tar.gz')).isFile());
    assert.ok(!existsSync(join(out, 'l1.tar.gz!/l2.tar.gz!/l3.tar.gz!/l4.tar.gz!')));
  });
});
