import assert from 'node:assert/strict';
import { utimesSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { resourceFile, updates } from '../support/fixtures';
import { tempTree } from '../support/tempTree';

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

  it('reads a resource head (up to spec:) apart from the whole file, from its first bytes', async () => {
    const spec = 'spec:\n  config:\n    data: "' + 'z'.repeat(200_000) + '"\n';
    const file = t.write(
      'mc.yaml',
      'apiVersion: v1\nkind: MachineConfig\nmetadata:\n  name: a\n' + spec,
    );
    const cache = new ParsedFileCache();
    const head = await cache.get(file, 'head');
    assert.ok(head.ok);
    assert.deepEqual(head.parsed.docs[0]?.value, {
      apiVersion: 'v1',
      kind: 'MachineConfig',
      metadata: { name: 'a' },
    });
    assert.ok(head.parsed.text.length < 100, 'only the head is kept');
    assert.equal(
      cache.peek(file),
      head.parsed,
      'positions come from the head until the whole is read',
    );
    const whole = await cache.get(file);
    assert.ok(whole.ok);
    assert.equal((whole.parsed.docs[0]?.value as { spec: unknown }).spec !== undefined, true);
    assert.equal(cache.peek(file), whole.parsed);
    cache.invalidate(file);
    assert.equal(cache.peek(file), undefined, 'invalidate drops every reading of the file');
    // A character cut by the 64 KiB read lies after spec:, outside the head: no encoding problem.
    const accents = t.write(
      'mc2.yaml',
      'kind: MachineConfig\napiVersion: v1\nspec:\n  x: "' + '\u00e9'.repeat(40_000) + '"\n',
    );
    const h2 = await cache.get(accents, 'head');
    assert.ok(h2.ok);
    assert.deepEqual(h2.parsed.problems, []);
    assert.deepEqual(h2.parsed.docs[0]?.value, { kind: 'MachineConfig', apiVersion: 'v1' });
    // JSON, or YAML without spec:, is read whole.
    const json = t.write('mc.json', '{"kind": "MachineConfig", "spec": {"a": 1}}');
    const j = await cache.get(json, 'head');
    assert.ok(j.ok);
    assert.deepEqual(j.parsed.docs[0]?.value, { kind: 'MachineConfig', spec: { a: 1 } });
  });

  it("reads a pod List for its items' placement only, with the same names and nodes", async () => {
    const pods = resourceFile(
      updates.stalled,
      'namespaces/openshift-machine-config-operator/core/pods.yaml',
    );
    const cache = new ParsedFileCache();
    const placement = await cache.get(pods, 'placement');
    const whole = await cache.get(pods);
    assert.ok(placement.ok && whole.ok);
    type Pod = {
      metadata: Record<string, unknown>;
      spec?: Record<string, unknown>;
      status?: unknown;
    };
    const items = (r: typeof whole) =>
      r.ok ? (r.parsed.docs[0]?.value as { items: Pod[] }).items : [];
    const full = items(whole);
    const read = items(placement);
    assert.ok(full.length > 5);
    assert.deepEqual(
      read.map((p) => [p.metadata.name, p.metadata.namespace, p.spec?.nodeName]),
      full.map((p) => [p.metadata.name, p.metadata.namespace, p.spec?.nodeName]),
    );
    for (const p of read) {
      assert.equal(p.status, undefined, 'status left unread');
      // Only values written on the key's own line are read (`securityContext: {}`).
      assert.deepEqual(
        Object.values(p.spec ?? {}).filter(
          (v) => JSON.stringify(v).length > 2 && typeof v === 'object',
        ),
        [],
      );
      assert.equal(p.metadata.annotations, undefined);
    }
    assert.ok(full.some((p) => p.status !== undefined && p.metadata.annotations !== undefined));
    assert.ok(
      placement.parsed.text.length === whole.parsed.text.length,
      'the same file, read once each way',
    );
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
      maxDepth: 200,
      maxFileBytes: 1024,
      maxEntries: 10,
      maxLogBytes: 1024,
      maxLogRatio: 100,
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
      maxDepth: 200,
      maxFileBytes: 1 << 20,
      maxEntries: 2,
      maxLogBytes: 1 << 20,
      maxLogRatio: 100,
    });
    const files = ['c1', 'c2', 'c3'].map((n) => t.write(`${n}.yaml`, `name: ${n}\n`));
    for (const f of files) await cache.get(f);
    assert.equal(cache.peek(files[0]!), undefined, 'the oldest entry was evicted');
    assert.ok(cache.peek(files[2]!));
  });
});
