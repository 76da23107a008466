import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { escapeHtml, pasteText, safeId } from '../../server/src/reports/caseReport';
import { isInside } from '../../server/src/core/paths';
import { copyFixture } from '../support/copyFixture';
import { fixturesDir, machineConfigOperatorFile, resourceFile, samples } from '../support/fixtures';
import { runCli } from '../support/cli';

const run = (...args: string[]) => runCli('report', ...args);

const hostileFixture = join(fixturesDir, 'hostile-2019850');
const injected = '<script>alert(1)</script> [x](javascript:alert(1))';

/** Checks every HTML report must pass, whatever it holds. */
function assertSafeHtml(html: string): void {
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  assert.doesNotMatch(html, /<script/i, 'no script tag');
  assert.doesNotMatch(html, /<link|<img|<iframe|<object|<embed|@import|url\(/i, 'nothing loaded');
  for (const m of html.matchAll(
    /\b(href|src|action|formaction|srcset)\s*=\s*("[^"]*"|'[^']*'|\S+)/gi,
  )) {
    assert.doesNotMatch(m[2]!, /^["']?\s*(https?:|javascript:|data:|\/\/)/i, m[0]);
    // Only links of ours: to a cause, or to a rule's entry in the report's own Rules appendix.
    assert.match(m[2]!, /^"#(cause|rule)-[a-z0-9-]+"$/, `only anchors link: ${m[0]}`);
  }
  assert.doesNotMatch(html, /\bon[a-z]+\s*=/i, 'no event handler attribute');
  assert.match(html, /@media \(prefers-color-scheme: dark\)/);
  assert.match(html, /@media print/);
  for (const m of html.matchAll(/\bid="([^"]*)"/g)) assert.match(m[1]!, /^[a-z0-9-]+$/);
}

/** Markdown that pastes cleanly: no raw HTML tag outside code spans (where nothing is markup). */
function assertNoRawHtml(md: string): void {
  const tag = /<[a-z][^>]*>/i.exec(md.replace(/(`+)[^`][\s\S]*?\1/g, ''));
  assert.equal(tag, null, `raw HTML: ${tag?.[0]}`);
}

describe('CLI report: Markdown', () => {
  const r = run(samples.workerBlocksMco);

  it('exits as analyze does: 1 with an error-level finding', () => {
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr, '');
  });

  it('has the first look, where the update stands, the causes and what was not read', () => {
    const md = r.stdout;
    assertNoRawHtml(md);
    assert.match(md, /^# Must-gather case summary$/m);
    assert.match(md, /^## 4\.7\.3 → 4\.7\.4 · AWS$/m);
    assert.match(md, /^- \*\*Cluster ID:\*\* 528a0ee0-0bf7-44bd-a037-e8d79c2a14ab$/m);
    assert.match(md, /^- \*\*Channel:\*\* stable-4\.7$/m);
    assert.match(md, /^- \*\*Gathered:\*\* 2021-03-25T12:20:41Z/m);
    for (const h of ['### Where the update stands', '### Causes', '### Not read']) {
      assert.ok(md.includes(`\n${h}\n`), h);
    }
    assert.match(
      md,
      /^- \*\*Control plane:\*\* Stalled .*\(`cluster-scoped-resources\/config\.openshift\.io\/clusterversions\/version\.yaml:98`\)$/m,
    );
    assert.match(md, /^- \*\*Pool\*\* worker: Degraded, 48% \(25\/52\)/m);
    assert.match(md, /^- \*\*error\*\* Update Stalled: Pool worker: 11 nodes cannot drain/m);
  });

  it('names each cause with its level, and its findings with file:line in code spans', () => {
    const md = r.stdout;
    assert.match(
      md,
      /^#### ERROR: Pool worker: 11 nodes cannot drain: PodDisruptionBudgets refuse evictions/m,
    );
    assert.ok(md.includes('19 findings:'));
    assert.ok(
      md.includes('(`cluster-scoped-resources/core/nodes/ip-10-0-137-214.ec2.internal.yaml:11`)'),
    );
    assert.ok(md.includes('  - `namespaces/default/core/events.yaml:2511` event FailedToDrain'));
    // Long evidence lists are cut, and say where the rest is.
    assert.match(md, /^ {2}- and \d+ more \(analyze lists them\)$/m);
  });

  it('names one root per must-gather, with its notes under Not read', () => {
    const h = run(hostileFixture);
    assert.equal(h.code, 1);
    assertNoRawHtml(h.stdout);
    // Two must-gathers, then the Rules appendix.
    assert.equal(h.stdout.match(/^## /gm)?.length, 3);
    assert.match(h.stdout, /^#### ERROR: machine-config reports the update's target/m);
  });
});

describe('CLI report: hostile must-gather text', () => {
  let copy: { path: string; remove(): void };
  before(() => {
    copy = copyFixture(samples.workerBlocksMco);
    const file = resourceFile(copy.path, machineConfigOperatorFile);
    const yaml = readFileSync(file, 'utf8');
    assert.ok(yaml.includes('Cluster not available for 4.7.4'));
    writeFileSync(file, yaml.replace('Cluster not available for 4.7.4', injected));
  });
  after(() => copy.remove());

  it('HTML: the injected message appears escaped, never as markup', () => {
    const r = run(copy.path, '--format', 'html');
    assert.equal(r.code, 1, r.stderr);
    const html = r.stdout;
    assertSafeHtml(html);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))'));
    assert.doesNotMatch(html, /<a [^>]*javascript/i);
  });

  it('Markdown: escaped, so no tag and no link can form', () => {
    const r = run(copy.path);
    assert.equal(r.code, 1, r.stderr);
    assertNoRawHtml(r.stdout);
    assert.ok(
      r.stdout.includes('&lt;script&gt;alert(1)&lt;/script&gt; \\[x\\](javascript:alert(1))'),
      r.stdout,
    );
    // A link needs an unescaped `](`: every bracket of gather text is escaped; the only links are
    // ours, to the report's Rules appendix.
    const outsideCode = r.stdout.replace(/(`+)[^`][\s\S]*?\1/g, '');
    for (const m of outsideCode.matchAll(/(?<!\\)\]\(([^)]*)\)/g))
      assert.match(m[1]!, /^#rules-[a-z0-9-]+$/);
    // Readable when pasted as plain text: no backslash before ordinary punctuation.
    assert.doesNotMatch(r.stdout, /\\[.,:;%()/-]/);
  });
});

describe('CLI report: HTML', () => {
  const r = run(samples.workerBlocksMco, '--format', 'html');

  it('is one self-contained file: no script, no remote reference, dark mode and print styles', () => {
    assert.equal(r.code, 1, r.stderr);
    assertSafeHtml(r.stdout);
    assert.equal(r.stdout.match(/<style>/g)?.length, 1);
  });

  it('gives each cause an anchor and its findings collapsible evidence', () => {
    const html = r.stdout;
    assert.equal(html.match(/<section class="cause" id="cause-[a-z0-9-]+">/g)?.length, 1);
    assert.equal(html.match(/<details>/g)?.length, 19, 'one per finding');
    assert.ok(
      html.includes(
        '<summary><code>cluster-scoped-resources/core/nodes/ip-10-0-137-214.ec2.internal.yaml:11</code> and 3 related</summary>',
      ),
    );
    assert.ok(html.includes('Pool worker: 11 nodes cannot drain'));
  });

  it('an anchor per cause, unique across must-gathers that share cause ids', () => {
    const h = run(hostileFixture, '--format', 'html');
    assert.equal(h.code, 1);
    assertSafeHtml(h.stdout);
    const ids = [...h.stdout.matchAll(/<section class="cause" id="([^"]+)">/g)].map((m) => m[1]);
    assert.ok(ids.length > 2);
    assert.equal(new Set(ids).size, ids.length);
    // The list of causes links to every anchor.
    for (const id of ids) assert.ok(h.stdout.includes(`href="#${id}"`), id!);
  });
});

describe('CLI report: --output and exit codes', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mgi-report-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the report to the file, nothing to stdout', () => {
    const out = join(dir, 'case.html');
    const r = run(samples.workerBlocksMco, '--format=html', '--output', out);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assertSafeHtml(readFileSync(out, 'utf8'));
    const md = join(dir, 'case.md');
    assert.equal(run(samples.workerBlocksMco, `--output=${md}`).code, 1);
    assert.equal(readFileSync(md, 'utf8'), run(samples.workerBlocksMco).stdout);
  });

  it('refuses to write inside the analysed path (exit 2), however the path is spelled', () => {
    for (const out of [
      join(samples.workerBlocksMco, 'case.md'),
      join(samples.workerBlocksMco, 'sub', '..', 'case.md'),
      samples.workerBlocksMco,
    ]) {
      const r = run(samples.workerBlocksMco, '--output', out);
      assert.equal(r.code, 2, out);
      assert.match(r.stderr, /lies inside the analysed path/);
      assert.equal(r.stdout, '');
    }
    // Through a symbolic link to the must-gather too.
    const link = join(dir, 'link');
    symlinkSync(samples.workerBlocksMco, link);
    const r = run(samples.workerBlocksMco, '--output', join(link, 'case.md'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /lies inside the analysed path/);
    assert.ok(!existsSync(join(samples.workerBlocksMco, 'case.md')));
  });

  it('exit 2 on bad usage, or a file it cannot write', () => {
    assert.equal(run(samples.workerBlocksMco, '--format', 'pdf').code, 2);
    assert.equal(run(samples.workerBlocksMco, '--output').code, 2);
    assert.equal(run().code, 2);
    assert.equal(run(samples.workerBlocksMco, '--brief').code, 2);
    const r = run(samples.workerBlocksMco, '--output', join(dir, 'missing', 'case.md'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot write/);
  });
});

describe('caseReport helpers', () => {
  it('pasteText escapes only what starts Markdown markup', () => {
    assert.equal(pasteText('4.7.3, 91% (25/52): ok'), '4.7.3, 91% (25/52): ok');
    assert.equal(
      pasteText('*a* _b_ `c` [d](e) <f> & g|h ~i~ \\'),
      '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) &lt;f&gt; &amp; g\\|h \\~i\\~ \\\\',
    );
    assert.equal(pasteText('one\ntwo'), 'one two');
  });

  it('escapeHtml escapes &, <, >, " and \'', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&amp;</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    assert.equal(escapeHtml('plain 4.7.4 → ok'), 'plain 4.7.4 → ok');
  });

  it('safeId keeps [a-z0-9-] only, never empty', () => {
    assert.equal(safeId('node-mcd-degraded@mcp/worker'), 'node-mcd-degraded-mcp-worker');
    assert.equal(safeId('"><script>'), 'script');
    assert.equal(safeId('€€'), 'x');
  });

  it('isInside compares resolved paths', () => {
    assert.ok(isInside('/a/b/c', '/a/b'));
    assert.ok(isInside('/a/b', '/a/b/'));
    assert.ok(isInside('/a/x/../b/c', '/a/b'));
    assert.ok(!isInside('/a/bc', '/a/b'));
    assert.ok(!isInside('/a', '/a/b'));
    assert.ok(isInside('/a/b/..c', '/a/b'));
  });
});
