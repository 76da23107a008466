import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { updates } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';
import { tempTree } from '../support/tempTree';

function nodeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return nodeFiles(p);
    return /\/core\/nodes\/[^/]+\.yaml$/.test(p) ? [p] : [];
  });
}

async function findings(folder: string): Promise<string[]> {
  const [root] = await discoverRoots(folder);
  const a = await analyzeRoot(root!, analysisContext());
  return a.findings.map((f) => `${f.rule} ${f.subject} ${f.severity} ${f.message}`).sort();
}

describe("a Node's status.images, left unread", () => {
  it('is not in the snapshot, and removing it from every node changes no finding', async () => {
    const { snapshot } = await loadFixture(updates.stalled);
    assert.ok(snapshot.nodes.length > 0);
    for (const n of snapshot.nodes) {
      assert.match(readFileSync(n.source.file, 'utf8'), /\n {2}images:\n/, 'the file has one');
      assert.equal('images' in n.status, false, n.name);
      assert.ok(n.status.nodeInfo, 'what follows the block is read');
    }
    const t = tempTree();
    try {
      cpSync(updates.stalled, t.path, { recursive: true });
      for (const f of nodeFiles(t.path)) {
        const text = readFileSync(f, 'utf8');
        const stripped = text.replace(/\n {2}images:\n(?: {2}[- ].*\n)*/, '\n');
        assert.ok(!/\n {2}images:/.test(stripped) && /\n {2}nodeInfo:/.test(stripped), f);
        writeFileSync(f, stripped);
      }
      assert.deepEqual(await findings(t.path), await findings(updates.stalled));
    } finally {
      t.remove();
    }
  });
});
