import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ArchiveRefused } from '../../server/src/gather/archive/extract';
import { sniffArchive } from '../../server/src/gather/archive/sniff';
import { file, makeTar, mustGather, run, setup, tree } from '../support/archives';

/** Compressed by Debian's xz-utils, as a support engineer's `tar cJf` would. */
function xz(data: Buffer, level = '-6'): Buffer {
  const r = spawnSync('xz', ['-z', '-c', level], { input: data, maxBuffer: 1024 ** 3 });
  assert.equal(r.status, 0, `xz: ${r.stderr?.toString()}`);
  return r.stdout;
}

const timestamp = 'must-gather.local.1/timestamp';

describe('extractArchive on xz', () => {
  it('extracts a .tar.xz, read-only, leaving the archive as it was', async () => {
    const data = xz(await makeTar(mustGather));
    const { root, archive, out } = setup('must-gather.tar.xz', data);
    assert.equal(await sniffArchive(archive), 'tar.xz');
    const before = statSync(archive);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.equal(readFileSync(join(out, timestamp), 'utf8'), '2026-01-01 00:00:00\n');
    assert.equal(statSync(join(out, timestamp)).mode & 0o777, 0o444);
    assert.deepEqual(readFileSync(archive), data);
    assert.equal(statSync(archive).mtimeMs, before.mtimeMs);
    assert.deepEqual(
      tree(root).filter((p) => !p.startsWith('out/')),
      ['in/', 'in/must-gather.tar.xz'],
    );
  });

  it('reads xz -9 (a 64 MiB dictionary) of a must-gather of real-size text', async () => {
    // 6 MiB of YAML-like lines, varied enough that the dictionary matters
    const lines: string[] = [];
    for (let i = 0; lines.length < 120_000; i++) {
      lines.push(`  - name: node-${i % 977}.ec2.internal image: sha256:${(i * 2654435761) >>> 0}`);
    }
    const big = Buffer.from(lines.join('\n') + '\n');
    const data = xz(
      await makeTar([...mustGather, file('must-gather.local.1/nodes.yaml', big)]),
      '-9',
    );
    const { archive, out } = setup('must-gather.tar.xz', data);
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(readFileSync(join(out, 'must-gather.local.1/nodes.yaml')), big);
  });

  it('tells xz by its first bytes: a .tar.xz named .tar, and one inside a case .tar.gz', async () => {
    const inner = xz(await makeTar(mustGather));
    const named = setup('must-gather.tar', inner);
    await run(named.archive, named.out);
    assert.equal(readFileSync(join(named.out, timestamp), 'utf8'), '2026-01-01 00:00:00\n');

    const outer = gzipSync(
      await makeTar([file('case/must-gather.tar.xz', inner), file('case/notes.txt', 'hi\n')]),
    );
    const nested = setup('case.tar.gz', outer);
    const r = await run(nested.archive, nested.out);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(tree(nested.out), [
      'case/',
      'case/must-gather.tar.xz!/',
      'case/must-gather.tar.xz!/must-gather.local.1/',
      ...tree(named.out)
        .filter((p) => p !== 'must-gather.local.1/')
        .map((p) => `case/must-gather.tar.xz!/${p}`),
      'case/notes.txt',
    ]);
  });

  it('keeps an xz that holds no tar as a file', async () => {
    const log = xz(Buffer.from('I1201 12:00:00 plain log\n'));
    const { archive, out } = setup('case.tar', await makeTar([file('logs/cvo.log.xz', log)]));
    assert.equal(await sniffArchive(archive), 'tar');
    const r = await run(archive, out);
    assert.deepEqual(r.notes, []);
    assert.deepEqual(readFileSync(join(out, 'logs/cvo.log.xz')), log);
  });

  it('refuses corrupt xz data with one clear error, at its head or in its middle', async () => {
    // text that compresses little (base64 of an LCG), so the middle of the xz is well past its head
    let x = 1943289;
    const bytes = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    const noise = Buffer.from(bytes.toString('base64'));
    const data = xz(await makeTar([...mustGather, file('must-gather.local.1/noise.log', noise)]));
    const head = Buffer.from(data);
    head.fill(0x55, 12, 200);
    const early = setup('must-gather.tar.xz', head);
    await assert.rejects(run(early.archive, early.out), (e: Error) => {
      assert.ok(e instanceof ArchiveRefused, String(e));
      assert.equal(
        e.message,
        'must-gather.tar.xz is xz-compressed but holds no tar (or its data is corrupt)',
      );
      return true;
    });
    const middle = Buffer.from(data);
    middle.fill(0x55, data.length >> 1, (data.length >> 1) + 64);
    const late = setup('must-gather.tar.xz', middle);
    await assert.rejects(run(late.archive, late.out), (e: Error) => {
      assert.ok(e instanceof ArchiveRefused, String(e));
      assert.match(e.message, /^must-gather\.tar\.xz could not be read: /);
      return true;
    });
  });

  it('refuses an xz bomb past the compression ratio', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const data = xz(await makeTar([file('bomb.bin', zeros)]));
    assert.ok(data.length * 100 < zeros.length);
    const { archive, out } = setup('bomb.tar.xz', data);
    await assert.rejects(run(archive, out), /expands more than 100 times/);
  });
});
