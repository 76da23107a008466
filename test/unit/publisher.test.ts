import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import type { Finding } from '../../server/src/core/finding';
import { Publisher } from '../../server/src/lsp/publisher';
import type { DiagnosticsStore } from '../../server/src/lsp/publisher';

const finding = (file: string, message: string): Finding => ({
  rule: 'pool-degraded',
  severity: 'error',
  subject: 'mcp/worker',
  location: { file, doc: 0, pointer: '' },
  message,
  related: [],
});

const diagnostic = (message: string): Diagnostic => ({
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  message,
});

/** A publisher over a fake client; `sent` is every publication in order. */
function setup(remembered: Map<string, Diagnostic[]> | undefined = undefined) {
  const sent: [string, string[]][] = [];
  const saved: [string, string[]][] = [];
  const store: DiagnosticsStore = {
    load: () => Promise.resolve(remembered),
    save: (root, _key, _files, byFile) => {
      saved.push([root, [...byFile.keys()]]);
      return Promise.resolve();
    },
  };
  const p = new Publisher(
    {
      send: (file, ds) => sent.push([file, ds.map((d) => d.message)]),
      log: () => undefined,
      warn: () => undefined,
    },
    (fs) => fs.map((f) => diagnostic(f.message)),
    store,
  );
  return { p, sent, saved };
}

describe('publisher (owns what was published, live or remembered)', () => {
  it('clears the files a root no longer reports, and only those', () => {
    const { p, sent } = setup();
    p.publishRoot('/r', [finding('/r/a.yaml', 'one'), finding('/r/b.yaml', 'two')]);
    sent.length = 0;
    p.publishRoot('/r', [finding('/r/b.yaml', 'two again')]);
    assert.deepEqual(sent, [
      ['/r/a.yaml', []],
      ['/r/b.yaml', ['two again']],
    ]);
  });

  it('keeps roots apart and clears all of a forgotten root', () => {
    const { p, sent } = setup();
    p.publishRoot('/r1', [finding('/r1/a.yaml', 'one')]);
    p.publishRoot('/r2', [finding('/r2/a.yaml', 'two')]);
    sent.length = 0;
    p.forgetRoot('/r1');
    assert.deepEqual(sent, [['/r1/a.yaml', []]]);
  });

  it('shows remembered diagnostics, then the live analysis clears what it no longer finds', async () => {
    const { p, sent } = setup(
      new Map([
        ['/r/a.yaml', [diagnostic('remembered a')]],
        ['/r/gone.yaml', [diagnostic('remembered gone')]],
      ]),
    );
    await p.recall('/r', 'key');
    assert.deepEqual(sent, [
      ['/r/a.yaml', ['remembered a']],
      ['/r/gone.yaml', ['remembered gone']],
    ]);
    sent.length = 0;
    p.publishRoot('/r', [finding('/r/a.yaml', 'live a')]);
    assert.deepEqual(sent, [
      ['/r/gone.yaml', []],
      ['/r/a.yaml', ['live a']],
    ]);
    sent.length = 0;
    await p.recall('/r', 'key');
    assert.deepEqual(sent, [], 'a root with a live analysis is never recalled');
  });

  it('remembers exactly what it published for a root', async () => {
    const { p, saved } = setup();
    p.publishRoot('/r', [finding('/r/a.yaml', 'one'), finding('/r/b.yaml', 'two')]);
    p.remember('/r', 'key', ['/r/a.yaml', '/r/b.yaml', '/r/c.yaml']);
    await p.flush();
    assert.deepEqual(saved, [['/r', ['/r/a.yaml', '/r/b.yaml']]]);
  });
});
