/**
 * Issue 42: what leaves the editor is safe and stands on its own. On `report-hostile-text`, the
 * HTML report runs nothing (CSP, no script, handler, style attribute or outside link) and the
 * Markdown report, rendered as GitHub does (micromark + GFM) and as a linkifying renderer does
 * (markdown-it, linkify and HTML on), makes no link, image or element of the gather's text.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { renderGfm, renderLinkified } from '../support/renderMarkdown';
import { runCli } from '../support/cli';
import { samples } from '../support/fixtures';

const hostile = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '![x](https://evil.example/x.png)',
  'https://evil.example/path',
  'www.evil.example',
  'admin@evil.example',
  'a `tick` and ```three```',
  'a | b | c',
  '*emphasis*',
  '# heading',
];

const md = runCli('report', samples.reportHostile);
const html = runCli('report', samples.reportHostile, '--format', 'html');

/** HTML entities undone, for "the text is there" checks. */
function unescape(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Rendered HTML's text, tags dropped and entities undone. */
function textOf(rendered: string): string {
  return unescape(rendered.replace(/<[^>]*>/g, ''));
}

describe('report on report-hostile-text: HTML', () => {
  const out = html.stdout;

  it('has a CSP that allows only its own style, by hash', () => {
    assert.equal(html.code, 1, html.stderr);
    const head = out.slice(out.indexOf('<head>'), out.indexOf('</head>'));
    const lines = head.split('\n');
    assert.equal(lines[1], '<meta charset="utf-8">');
    const csp = /^<meta http-equiv="Content-Security-Policy" content="([^"]*)">$/.exec(lines[2]!);
    assert.ok(csp, lines[2]);
    const policy = csp[1]!;
    for (const d of [
      "default-src 'none'",
      "script-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ])
      assert.ok(policy.includes(d), d);
    const styles = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    assert.equal(styles.length, 1);
    const hash = createHash('sha256').update(styles[0]![1]!, 'utf8').digest('base64');
    assert.ok(policy.includes(`style-src 'sha256-${hash}'`), policy);
    assert.doesNotMatch(policy, /unsafe|https?:|\*/);
  });

  it('has no script, handler, style attribute, or link but its own anchors (causes, rules)', () => {
    assert.doesNotMatch(out, /<script/i);
    assert.doesNotMatch(out, /<img|<iframe|<object|<embed|<link|<form/i);
    assert.doesNotMatch(out, /<[a-z][^>]*\son[a-z]+\s*=/i, 'no handler in a tag');
    assert.doesNotMatch(out, /<[a-z][^>]*\sstyle\s*=/i, 'no style attribute');
    // Attributes inside tags (the gather's `<` is escaped, so every tag is ours).
    const tags = [...out.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
    const hrefs = tags.flatMap((t) => [
      ...t.matchAll(/\b(?:href|src|action|srcset)\s*=\s*("[^"]*"|'[^']*'|\S+)/gi),
    ]);
    assert.ok(hrefs.length > 0);
    for (const m of hrefs) assert.match(m[0], /^href="#(cause|rule)-[a-z0-9-]+"$/, m[0]);
    for (const m of hrefs) {
      const id = m[0].slice('href="#'.length, -1);
      assert.ok(out.includes(`id="${id}"`), `anchor ${id} exists`);
    }
  });

  it('shows every hostile string as escaped text', () => {
    for (const h of hostile) {
      const escaped = h.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      assert.ok(out.includes(escaped), h);
    }
  });
});

/** Every `<a href>`, `<img>` and element a renderer made, beyond the ones we wrote. */
function assertInertRendering(rendered: string, renderer: string): void {
  const hrefs = [...rendered.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!);
  assert.ok(hrefs.length > 0, `${renderer}: the rule links`);
  for (const h of hrefs) assert.match(h, /^#rules-[a-z0-9-]+$/, `${renderer}: ${h}`);
  assert.doesNotMatch(rendered, /<img/i, renderer);
  assert.doesNotMatch(rendered, /<script/i, renderer);
  assert.doesNotMatch(rendered, /<em>/, `${renderer}: no emphasis of gather text`);
  assert.equal(rendered.match(/<h1>/g)?.length, 1, `${renderer}: our title is the one h1`);
  assert.doesNotMatch(rendered, /<table/i, renderer);
  const text = textOf(rendered);
  for (const h of hostile.filter((x) => x !== '# heading'))
    assert.ok(text.includes(h), `${renderer}: ${h}`);
  assert.ok(text.includes('*emphasis* # heading'), `${renderer}: the heading stays text`);
}

describe('report on report-hostile-text: Markdown', () => {
  const out = md.stdout;

  it('renders inert as GitHub does (micromark + GFM, autolink literals)', () => {
    assertInertRendering(renderGfm(out), 'micromark-gfm');
  });

  it('renders inert with markdown-it, linkify and HTML on', () => {
    assertInertRendering(renderLinkified(out), 'markdown-it');
  });

  it("names each finding's rule, linked to the report's own rule entry", () => {
    const analyze = runCli('analyze', samples.reportHostile, '--format', 'json');
    const findings = (JSON.parse(analyze.stdout) as { findings: { rule: string }[] }).findings;
    assert.ok(findings.length > 0);
    for (const f of findings) {
      assert.ok(out.includes(`rule [${f.rule}](#rules-${f.rule})`), f.rule);
      assert.ok(out.includes(`\n### Rules: ${f.rule}\n`), `entry for ${f.rule}`);
    }
  });

  it("quotes the console operator's own message, whole, in a code span", () => {
    const line = out.split('\n').find((l) => l.includes('its own words: ````RouteHealthDegraded'));
    assert.ok(line, 'the console quote');
    assert.ok(line.includes('/health): Get "https://console-openshift-console.'), line);
    assert.ok(line.includes('*emphasis* # heading````'), line);
  });

  it('gives the ClusterVersion Failing the level its finding and oc give: warning', () => {
    const failing = out.split('\n').find((l) => l.includes('ClusterVersion is Failing'));
    assert.ok(failing?.startsWith('- **warning** '), failing);
    // No heading calls a cause titled by it an error.
    for (const h of out.split('\n').filter((l) => l.startsWith('#### ')))
      if (h.includes('ClusterVersion is Failing')) assert.match(h, /^#### WARNING: /);
    const insight = html.stdout.split('\n').find((l) => l.includes('ClusterVersion is Failing'));
    assert.match(insight ?? '', /class="level warning"/);
  });
});
