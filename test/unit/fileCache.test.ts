import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { tempTree } from './helpers/tempTree';

describe('parsed file cache', () => {
  const t = tempTree();
  after(() => t.remove());

  it('parses once per path, mtime and size', async () => {
    const file = t.write('a.yaml', 'kind: Node\n');
    const cache = new ParsedFileCache();
    const first = await cache.get(file);
    const second = await cache.get(file);
    assert.ok(first.ok);
    assert.equal(first, second, 'the same result object is returned while the file is unchanged');
    t.write('a.yaml', 'kind: Pod\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const third = await cache.get(file);
    assert.ok(third.ok);
    assert.deepEqual(third.parsed.docs[0]?.value, { kind: 'Pod' });
  });

  it('lets an open buffer override the disk until it is closed', async () => {
    const file = t.write('b.yaml', 'kind: Node\n');
    const cache = new ParsedFileCache();
    cache.setOverlay(file, 'kind: Edited\n', 2);
    const r = await cache.get(file);
    assert.ok(r.ok);
    assert.deepEqual(r.parsed.docs[0]?.value, { kind: 'Edited' });
    cache.clearOverlay(file);
    const d = await cache.get(file);
    assert.ok(d.ok);
    assert.deepEqual(d.parsed.docs[0]?.value, { kind: 'Node' });
  });

  it('refuses files over the size limit and binary files with one clear error', async () => {
    const big = t.write('big.yaml', 'x: ' + 'y'.repeat(2048) + '\n');
    const bin = t.write('bin.yaml', 'kind: Node\n\0\x01\x02');
    const cache = new ParsedFileCache({
      maxAliasCount: 100,
      maxDocuments: 10,
      maxFileBytes: 1024,
      maxEntries: 10,
    });
    const rb = await cache.get(big);
    assert.equal(rb.ok, false);
    assert.match(!rb.ok ? rb.error : '', /over the 0\.0 MiB parse limit|parse limit/);
    const rn = await cache.get(bin);
    assert.deepEqual(rn, { ok: false, error: 'file is binary, not YAML or JSON' });
    const missing = await cache.get(t.path + '/nope.yaml');
    assert.deepEqual(missing, { ok: false, error: 'cannot read: ENOENT' });
  });

  it('keeps at most maxEntries files', async () => {
    const cache = new ParsedFileCache({
      maxAliasCount: 100,
      maxDocuments: 10,
      maxFileBytes: 1 << 20,
      maxEntries: 2,
    });
    const files = ['c1', 'c2', 'c3'].map((n) => t.write(`${n}.yaml`, `name: ${n}\n`));
    for (const f of files) await cache.get(f);
    assert.equal(cache.peek(files[0]!), undefined, 'the oldest entry was evicted');
    assert.ok(cache.peek(files[2]!));
  });
});
