import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { RememberedDiagnostics } from '../../server/src/lsp/remembered';
import { storageDirFrom } from '../../server/src/lsp/settings';
import { tempTree } from '../support/tempTree';
import type { TempTree } from '../support/tempTree';

const diag = (message: string): Diagnostic => ({
  range: { start: { line: 3, character: 4 }, end: { line: 3, character: 9 } },
  severity: 1,
  code: 'pool-degraded',
  source: 'must-gather',
  message,
});

describe('remembered diagnostics', () => {
  let root: TempTree;
  let storage: string;
  let pool: string;
  let node: string;
  beforeEach(() => {
    root = tempTree();
    storage = mkdtempSync(join(tmpdir(), 'mgi-storage-'));
    pool = root.write('cluster-scoped-resources/mc/machineconfigpools/worker.yaml', 'kind: A\n');
    node = root.write('cluster-scoped-resources/core/nodes/n1.yaml', 'kind: Node\n');
  });
  afterEach(() => {
    root.remove();
    rmSync(storage, { recursive: true, force: true });
  });

  const save = (r: RememberedDiagnostics, key = 'k') =>
    r.save(root.path, key, [pool, node], new Map([[pool, [diag('worker is degraded')]]]));

  it('gives back what was stored while no file or folder changed', async () => {
    const r = new RememberedDiagnostics(storage);
    await save(r);
    const back = await new RememberedDiagnostics(storage).load(root.path, 'k');
    assert.deepEqual(back, new Map([[pool, [diag('worker is degraded')]]]));
  });

  it('forgets on a changed file, a new file in a read folder, or other settings', async () => {
    const r = new RememberedDiagnostics(storage);
    await save(r);
    assert.equal(await r.load(root.path, 'other settings'), undefined);

    utimesSync(node, new Date(), new Date(Date.now() + 5000));
    assert.equal(await r.load(root.path, 'k'), undefined, 'a touched file');

    await save(r);
    root.write('cluster-scoped-resources/core/nodes/n2.yaml', 'kind: Node\n');
    const dir = join(root.path, 'cluster-scoped-resources/core/nodes');
    utimesSync(dir, new Date(), new Date(Date.now() + 10_000)); // coarse clocks: make it visible
    assert.equal(await r.load(root.path, 'k'), undefined, 'a new node file');
  });

  it('ignores a corrupt store and writes nothing without a storage folder', async () => {
    const r = new RememberedDiagnostics(storage);
    await save(r);
    const [stored] = readdirSync(join(storage, 'diagnostics'));
    assert.ok(stored);
    writeFileSync(join(storage, 'diagnostics', stored), '{"format": 1, "stamps": [');
    assert.equal(await r.load(root.path, 'k'), undefined);

    const none = new RememberedDiagnostics(undefined);
    await save(none);
    assert.equal(await none.load(root.path, 'k'), undefined);
  });

  it('never stores inside a must-gather or a workspace folder', async () => {
    const inside = join(root.path, '.mgi');
    await save(new RememberedDiagnostics(inside));
    assert.ok(!readdirSync(root.path).includes('.mgi'));
    assert.equal(storageDirFrom({ storageDir: inside }, [root.path]), undefined);
    assert.equal(storageDirFrom({ storageDir: 'relative/dir' }, []), undefined);
    assert.equal(storageDirFrom({ storageDir: storage }, [root.path]), storage);
    assert.equal(storageDirFrom(undefined, [root.path]), undefined);
  });
});
