import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Workspace } from '../../server/src/lsp/workspace';
import type { Finding } from '../../server/src/core/finding';
import {
  fixturesDir,
  machineConfigOperatorFile,
  mustGatherRoot,
  samples,
} from '../support/fixtures';

describe('workspace', () => {
  // A must-gather deeper than discovery looks (depth 6): found only when a file in it opens.
  const ws = mkdtempSync(join(tmpdir(), 'mgi-ws-'));
  const deep = join(ws, 'a', 'b', 'c', 'd', 'e', 'mg');
  cpSync(mustGatherRoot(samples.levelEarly), deep, { recursive: true });
  after(() => rmSync(ws, { recursive: true, force: true }));

  it('keeps a root found above an opened file across a reindex', async () => {
    const published = new Map<string, Finding[]>();
    const w = new Workspace(
      {
        results: (_root, fs) => {
          published.clear();
          for (const f of fs)
            published.set(f.location.file, [...(published.get(f.location.file) ?? []), f]);
        },
        forgotten: () => published.clear(),
        log: () => undefined,
        status: () => undefined,
      },
      10,
    );
    w.setFolders([ws]);
    await w.reindex();
    assert.equal(w.status().roots.length, 0, 'too deep for discovery');
    const mco = join(deep, machineConfigOperatorFile);
    await w.documentChanged(mco, readFileSync(mco, 'utf8'), 1);
    await w.idle();
    assert.equal(w.status().roots.length, 1);
    assert.ok((published.get(mco) ?? []).some((f) => f.rule === 'mco-level-before-required-pools'));

    w.filesChanged([{ file: join(ws, 'notes.yaml'), structural: true }]);
    await new Promise((r) => setTimeout(r, 50));
    await w.idle();
    assert.equal(w.status().roots.length, 1, 'the root survives the reindex');
    assert.ok(w.analysisForFile(mco), 'hovers still have an analysis');
    assert.ok((published.get(mco) ?? []).some((f) => f.rule === 'mco-level-before-required-pools'));
  });

  it('logs each input the index left out, once per indexing', async () => {
    const logs: string[] = [];
    const w = new Workspace(
      {
        results: () => undefined,
        forgotten: () => undefined,
        log: (m) => logs.push(m),
        status: () => undefined,
      },
      10,
    );
    w.setFolders([join(fixturesDir, 'hostile-2019850')]);
    await w.reindex();
    const notes = logs.filter((l) => l.startsWith('note: '));
    assert.equal(notes.length, 3, notes.join('\n'));
    assert.ok(notes.some((l) => /loop\.yaml: symbolic link not followed/.test(l)));
    await w.reanalyzeAll();
    assert.equal(logs.filter((l) => l.startsWith('note: ')).length, 3, 'not repeated');
  });
});
