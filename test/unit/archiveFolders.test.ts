import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractedName, placeExtracted, readonlyGlob } from '../../client/src/archives/folders';

const cache = '/home/u/.config/Code/User/globalStorage/mgi/archives';
const extracted = { path: `${cache}/3f9a/root`, name: 'must-gather.tar.gz' };

describe('where an extracted archive goes in the window', () => {
  it('reopens a single-folder window as a saved workspace, read-only in the cache, named after the archive', () => {
    const p = placeExtracted(
      { folders: [{ path: '/cases/03912345', name: '03912345' }] },
      extracted,
      cache,
    );
    assert.equal(p.kind, 'reopen');
    if (p.kind !== 'reopen') return;
    assert.deepEqual(p.content.folders, [{ path: '/cases/03912345', name: '03912345' }, extracted]);
    assert.deepEqual(p.content.settings, { 'files.readonlyInclude': { [`${cache}/**`]: true } });
    assert.match(
      p.workspaceFileName,
      /^[0-9a-f]{16}\/03912345_must-gather\.tar\.gz\.code-workspace$/,
    );
  });

  it('gives the same workspace file to the same folders, and names an empty window after the archive', () => {
    const a = placeExtracted({ folders: [] }, extracted, cache);
    const b = placeExtracted({ folders: [] }, extracted, cache);
    assert.deepEqual(a, b);
    assert.equal(
      a.kind === 'reopen' &&
        /^[0-9a-f]{16}\/must-gather\.tar\.gz\.code-workspace$/.test(a.workspaceFileName),
      true,
    );
  });

  it('names the extracted folder apart from the archive file, and its workspace file plainly', () => {
    const folder = { ...extracted, name: extractedName('must-gather.tar.gz') };
    assert.equal(folder.name, 'must-gather.tar.gz (extracted)');
    const p = placeExtracted({ folders: [{ path: '/cases/03912345' }] }, folder, cache);
    assert.ok(p.kind === 'reopen');
    assert.match(p.workspaceFileName, /\/03912345_must-gather\.tar\.gz_extracted\.code-workspace$/);
  });

  it('adds a folder to a window that is a workspace already, saved or not', () => {
    for (const workspaceFile of ['file', 'untitled'] as const) {
      const p = placeExtracted(
        { workspaceFile, folders: [{ path: '/cases/a' }] },
        extracted,
        cache,
      );
      assert.deepEqual(p, { kind: 'add', folder: extracted });
    }
  });

  it('does nothing but show a tree that is open already', () => {
    const p = placeExtracted(
      { workspaceFile: 'file', folders: [{ path: '/x' }, extracted] },
      extracted,
      cache,
    );
    assert.deepEqual(p, { kind: 'present', index: 1 });
  });

  it('writes the read-only glob with forward slashes and no doubled separator', () => {
    assert.equal(readonlyGlob('C:\\Users\\u\\archives\\'), 'C:/Users/u/archives/**');
    assert.equal(readonlyGlob('/a/b/'), '/a/b/**');
  });

  it('keeps workspace file names to safe characters', () => {
    const p = placeExtracted(
      { folders: [{ path: '/c/../x', name: 'a/b:c' }] },
      { path: '/z', name: 'q?.zip' },
      cache,
    );
    assert.equal(
      p.kind === 'reopen' &&
        /^[0-9a-f]{16}\/[A-Za-z0-9._-]+\.code-workspace$/.test(p.workspaceFileName),
      true,
    );
  });
});
