/**
 * The Findings view's request over stdio, on bug 1943289's sample: every finding the server
 * publishes is in exactly one cause, at the range of its diagnostic, causes worst first.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { RootFindings } from '../../server/src/protocol/messages';
import { poolFile, resourceFile, samples } from '../support/fixtures';
import { LspClient } from './lspClient';

const rank = { error: 0, warning: 1, info: 2, hint: 3 };

describe('findings grouped by cause over stdio', () => {
  let lsp: LspClient;
  let roots: RootFindings[];
  before(async () => {
    lsp = await LspClient.start([samples.workerBlocksMco]);
    await lsp.idle();
    roots = (
      (await lsp.connection.sendRequest('mustGatherInspector/findings')) as {
        roots: RootFindings[];
      }
    ).roots;
  });
  after(() => lsp.stop());

  it('answers for the one must-gather, named by its path', () => {
    assert.equal(roots.length, 1);
    const r = roots[0]!;
    assert.ok(r.root.startsWith(samples.workerBlocksMco), r.root);
    assert.equal(r.place, r.root, 'a folder, not an archive: named by its path');
  });

  it('holds every published finding exactly once, at its diagnostic’s range', () => {
    const key = (uri: string, rule: string, message: string, range: unknown) =>
      JSON.stringify([uri, rule, message, range]);
    const published = [...lsp.diagnostics.entries()]
      .flatMap(([uri, ds]) => ds.map((d) => key(uri, String(d.code), d.message, d.range)))
      .sort();
    const shown = roots[0]!.causes.flatMap((c) =>
      c.findings.map((f) => key(f.location.uri, f.rule, f.message, f.location.range)),
    );
    assert.ok(published.length > 10, `bug 1943289 has its findings (${published.length})`);
    assert.deepEqual(shown.sort(), published);
  });

  it('lists causes worst first, each at the level of its worst finding', () => {
    const causes = roots[0]!.causes;
    const levels = causes.map((c) => rank[c.level]);
    assert.deepEqual(
      levels,
      [...levels].sort((a, b) => a - b),
    );
    for (const c of causes) {
      assert.ok(c.findings.length > 0, c.id);
      assert.equal(rank[c.level], Math.min(...c.findings.map((f) => rank[f.severity])), c.id);
      assert.ok(c.title.length > 0 && c.subjects.length > 0, c.id);
    }
  });

  it('places the pool’s finding on its Degraded condition, and every range on a real line', () => {
    const worker = resourceFile(samples.workerBlocksMco, poolFile('worker'));
    const lines = readFileSync(worker, 'utf8').split('\n');
    const all = roots[0]!.causes.flatMap((c) => c.findings);
    const pool = all.find((f) => f.rule === 'pool-degraded' && f.subject === 'mcp/worker');
    assert.ok(pool, 'pool-degraded on mcp/worker');
    assert.equal(fileURLToPath(pool.location.uri), worker);
    const { start, end } = pool.location.range;
    assert.match(lines[start.line]!, /^ {2}- lastTransitionTime:/);
    assert.equal(lines[end.line]!.trim(), 'type: Degraded');
    assert.ok(pool.related.length > 0 && pool.related.every((r) => r.message));
    const places = all.flatMap((f) => [f.location, ...f.related]);
    for (const p of places) {
      const text = readFileSync(fileURLToPath(p.uri), 'utf8').split('\n');
      const { start: s, end: e } = p.range;
      assert.ok(s.line < text.length && e.line < text.length, `${p.uri} ${s.line}`);
      assert.ok((text[s.line] ?? '').trim().length > 0, `${p.uri}:${s.line + 1} is not blank`);
      assert.ok(s.line < e.line || (s.line === e.line && s.character <= e.character));
    }
  });
});
