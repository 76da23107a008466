/**
 * `must-gather-inspector report <path>`: a case summary to paste into a support case, as Markdown
 * (no raw HTML, every must-gather string escaped or in a code span, so nothing of the gather
 * becomes a link, image or HTML) or as one self-contained HTML file (a Content-Security-Policy
 * that allows only its inline style, no script, no remote reference, every must-gather string
 * HTML-escaped). Each must-gather: its first look, where the update stands (from `status`'s
 * report), its causes with their chains (operator down to the root), findings with their rule,
 * the object's own words and evidence (from `analyze`'s), and what was not read; then the rules
 * named, as the report's own appendix (its only links point there).
 */
import { summaryDetails, summaryHeadline, summaryNotes } from '../core/gatherSummary';
import { code } from '../core/markdown';
import { pasteText } from './pasteText';
import { inRoot } from '../core/paths';
import { controlPlaneLabels } from '../core/updateStatus';
import type { Evidence, PoolReport, RootStatusReport } from '../core/updateStatus';
import type { ReportedCause, ReportedFinding } from './reported';
import { causeRows } from './healthRows';
import { cspMeta } from './htmlPolicy';
import { ruleLinkHtml, ruleLinkMarkdown, rulesHtml, rulesMarkdown, rulesUsed } from './rulePages';

export { pasteText } from './pasteText';

export interface CaseReport {
  /** `status`'s report of each must-gather, in order. */
  roots: RootStatusReport[];
  /** `analyze`'s findings of all the must-gathers, as `toReported` lists them. */
  findings: ReportedFinding[];
  /** `analyze`'s causes, their findings indexes into `findings`. */
  causes: ReportedCause[];
  /** The program's version, named in the report's first line. */
  version: string;
}

/** Related evidence listed per finding in Markdown before the rest is counted. */
const relatedListed = 5;

/** A finding's own location and its related ones, `file:line` relative to its must-gather. */
function evidenceOf(f: ReportedFinding): {
  at: string;
  related: { at: string; message: string }[];
} {
  return {
    at: `${inRoot(f.root, f.file)}:${f.line}`,
    related: f.related.map((r) => ({
      at: `${inRoot(f.root, r.file)}:${r.line}`,
      message: r.message,
    })),
  };
}

/** A cause's chain as lines: each step's name and state, its file:line (none when not gathered). */
function chainOf(c: ReportedCause): { name: string; state: string; log: boolean; at?: string }[] {
  return c.chain.map((s) => ({
    name: s.name,
    state: s.state,
    log: s.kind === 'log',
    ...(s.file !== undefined && s.line !== undefined
      ? { at: `${inRoot(c.root, s.file)}:${s.line}` }
      : {}),
  }));
}

const chainIntro = 'From the reporting operator down to the root:';

/** `Label: value` lines of the first look (summaryDetails), its notes left to "Not read". */
function firstLook(r: RootStatusReport): { label: string; value: string }[] {
  return summaryDetails({ ...r.summary, notes: [] }).map((line) => {
    const i = line.indexOf(': ');
    return { label: line.slice(0, i), value: line.slice(i + 2) };
  });
}

function poolLine(p: PoolReport): string {
  const c = p.counts;
  const done =
    p.completionPercent === null ? '' : `, ${p.completionPercent}% (${c.updated}/${c.total})`;
  const status =
    c.total === 0
      ? '0 nodes'
      : `${c.available} Available, ${c.progressing} Progressing, ${c.draining} Draining` +
        (c.excluded ? `, ${c.excluded} Excluded` : '') +
        (c.degraded ? `, ${c.degraded} Degraded` : '');
  const flags = `${p.required ? ' (required)' : ''}${p.paused ? ' (paused)' : ''}`;
  return `${p.name}${flags}: ${p.assessment}${done}; ${status}`;
}

/** Where the update stands, shortly: the control plane, each pool, Update Health's errors and warnings. */
interface Standing {
  line: string;
  evidence?: string;
}

function standing(r: RootStatusReport): {
  controlPlane: Standing;
  reason: string;
  pools: Standing[];
  health: (Standing & { level: string })[];
} {
  const at = (e: Partial<Evidence>) =>
    e.file === undefined ? {} : { evidence: `${inRoot(r.root, e.file)}:${e.line}` };
  const cp = r.controlPlane;
  const target = cp.target ? ` (target ${cp.target}${cp.from ? ` from ${cp.from}` : ''})` : '';
  const done = cp.completionPercent === null ? '' : `, ${cp.completionPercent}% of operators`;
  return {
    controlPlane: { line: `${controlPlaneLabels[cp.assessment]}${target}${done}`, ...at(cp) },
    reason: cp.reason,
    pools: r.pools.map((p) => ({ line: poolLine(p), ...at(p) })),
    health: causeRows(
      r.insights.filter((i) => i.level === 'error' || i.level === 'warning'),
      r.causes,
    ).map((row) => ({
      level: row.level,
      line: `${row.impact}: ${row.message}`,
      ...at(row.evidence),
    })),
  };
}

function causesOfRoot(report: CaseReport, r: RootStatusReport): ReportedCause[] {
  return report.causes.filter((c) => c.root === r.root);
}

/**
 * The level a cause's heading shows: its first root finding's, the one its title names (a cause's
 * own level is its worst finding's, which may be another object's).
 */
function headingLevel(report: CaseReport, c: ReportedCause): string {
  return report.findings[c.findings[0] ?? -1]?.severity ?? c.level;
}

function tally(findings: ReportedFinding[]): string {
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  return `${findings.length} finding${findings.length === 1 ? '' : 's'}: ${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints`;
}

/** Markdown that pastes cleanly: no raw HTML, must-gather text escaped, paths in code spans. */
export function formatCaseMarkdown(report: CaseReport): string {
  const out: string[] = [
    '# Must-gather case summary',
    '',
    `Made by must-gather-inspector ${pasteText(report.version)} from ${report.roots.length} must-gather${report.roots.length === 1 ? '' : 's'}; ${tally(report.findings)}. Evidence paths are relative to each must-gather.`,
  ];
  const ev = (s: Standing) => (s.evidence === undefined ? '' : ` (${code(s.evidence)})`);
  const known = rulesUsed(report.findings.map((f) => f.rule));
  for (const r of report.roots) {
    out.push(
      '',
      `## ${pasteText(summaryHeadline(r.summary))}`,
      '',
      `Must-gather: ${code(r.root)}`,
      '',
    );
    for (const { label, value } of firstLook(r))
      out.push(`- **${pasteText(label)}:** ${pasteText(value)}`);
    const s = standing(r);
    out.push('', '### Where the update stands', '');
    out.push(`- **Control plane:** ${pasteText(s.controlPlane.line)}${ev(s.controlPlane)}`);
    out.push(`  - ${pasteText(s.reason)}`);
    for (const p of s.pools) out.push(`- **Pool** ${pasteText(p.line)}${ev(p)}`);
    if (s.health.length === 0) out.push('- **Update Health:** no error or warning');
    for (const h of s.health) out.push(`- **${h.level}** ${pasteText(h.line)}${ev(h)}`);
    out.push('', '### Causes', '');
    const causes = causesOfRoot(report, r);
    if (causes.length === 0) out.push('No findings.');
    for (const c of causes) {
      const n = c.findings.length;
      const level = headingLevel(report, c);
      out.push(`#### ${level.toUpperCase()}: ${pasteText(c.title)}`, '');
      if (level !== c.level) out.push(`Its worst finding: **${c.level}**.`, '');
      const chain = chainOf(c);
      if (chain.length > 0) {
        out.push(chainIntro, '');
        chain.forEach((x, i) =>
          out.push(
            `- ${i === 0 ? '' : '→ '}${pasteText(x.name)}: ${pasteText(x.state)} (${x.at !== undefined ? code(x.at) : 'not in the gather'})`,
          ),
        );
        out.push('');
      }
      out.push(`${n} finding${n === 1 ? '' : 's'}:`, '');
      for (const i of c.findings) {
        const f = report.findings[i]!;
        const e = evidenceOf(f);
        out.push(
          `- **${f.severity}** ${pasteText(f.message)} (${code(e.at)}; rule ${ruleLinkMarkdown(f.rule, known)})`,
        );
        // The object's own words, whole: a code span, in which nothing is interpreted.
        if (f.quote !== undefined) out.push(`  - its own words: ${code(f.quote)}`);
        for (const x of e.related.slice(0, relatedListed)) {
          out.push(`  - ${code(x.at)} ${pasteText(x.message)}`);
        }
        const more = e.related.length - relatedListed;
        if (more > 0) out.push(`  - and ${more} more (analyze lists them)`);
      }
      out.push('');
    }
    if (causes.length === 0) out.push('');
    out.push('### Not read', '');
    const notes = summaryNotes(r.summary);
    if (notes.length === 0) out.push('Nothing the tool reads was missing.');
    for (const n of notes) out.push(`- ${pasteText(n)}`);
  }
  out.push(...rulesMarkdown(known));
  return out.join('\n') + '\n';
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML text or attribute value: `&`, `<`, `>`, `"` and `'` as entities. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => htmlEntities[c]!);
}

/** An HTML id from any string: lowercase, `[a-z0-9-]` only, never empty. */
export function safeId(s: string): string {
  const id = s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return id === '' ? 'x' : id;
}

const style = `
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #59636e; --line: #d1d9e0;
  --code: #f6f8fa; --error: #cf222e; --warning: #9a6700; --info: #0969da; --hint: #59636e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #3d444d; --code: #151b23;
    --error: #ff7b72; --warning: #d29922; --info: #58a6ff; --hint: #9198a1; }
}
body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  max-width: 70rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3 { line-height: 1.25; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: .3rem; margin-top: 2.5rem; }
code { font: 13px/1.4 ui-monospace, monospace; background: var(--code); padding: .1rem .3rem;
  border-radius: 4px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; }
section.cause, section.rule { border: 1px solid var(--line); border-radius: 6px; padding: .2rem 1rem; margin: 1rem 0; }
.muted { color: var(--muted); }
.level { font-weight: 700; text-transform: uppercase; font-size: 12px; }
.error { color: var(--error); } .warning { color: var(--warning); }
.info { color: var(--info); } .hint { color: var(--hint); }
details { margin: .2rem 0 .6rem; } summary { cursor: pointer; color: var(--muted); }
li { margin: .2rem 0; }
ol.chain { padding-left: 1.5rem; }
blockquote { margin: .3rem 0; padding: .1rem .8rem; border-left: 3px solid var(--line);
  color: var(--muted); overflow-wrap: anywhere; white-space: pre-wrap; }
@media print {
  :root { --fg: #000; --bg: #fff; --muted: #444; --code: #f3f3f3; }
  body { margin: 0; max-width: none; font-size: 11pt; }
  section.cause { break-inside: avoid; }
}
`;

/** One self-contained HTML file: inline style, no script, no remote reference, readable with scripts off. */
export function formatCaseHtml(report: CaseReport): string {
  const e = escapeHtml;
  const lvl = (l: string) => `<span class="level ${safeId(l)}">${e(l)}</span>`;
  const ev = (s: Standing) => (s.evidence === undefined ? '' : ` <code>${e(s.evidence)}</code>`);
  const known = rulesUsed(report.findings.map((f) => f.rule));
  const used = new Set<string>();
  const anchor = (rootIndex: number, id: string) => {
    const base = `cause-${rootIndex + 1}-${safeId(id)}`;
    let a = base;
    for (let n = 2; used.has(a); n++) a = `${base}-${n}`;
    used.add(a);
    return a;
  };
  const out: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    cspMeta(style),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Must-gather case summary</title>',
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<h1>Must-gather case summary</h1>',
    `<p class="muted">Made by must-gather-inspector ${e(report.version)} from ${report.roots.length} must-gather${report.roots.length === 1 ? '' : 's'}; ${e(tally(report.findings))}. Evidence paths are relative to each must-gather.</p>`,
  ];
  report.roots.forEach((r, ri) => {
    out.push(`<h2>${e(summaryHeadline(r.summary))}</h2>`);
    out.push(`<p>Must-gather: <code>${e(r.root)}</code></p>`, '<dl>');
    for (const { label, value } of firstLook(r))
      out.push(`<dt>${e(label)}</dt><dd>${e(value)}</dd>`);
    out.push('</dl>');
    const s = standing(r);
    out.push('<h3>Where the update stands</h3>', '<ul>');
    out.push(
      `<li><strong>Control plane:</strong> ${e(s.controlPlane.line)}${ev(s.controlPlane)}<br><span class="muted">${e(s.reason)}</span></li>`,
    );
    for (const p of s.pools) out.push(`<li><strong>Pool</strong> ${e(p.line)}${ev(p)}</li>`);
    if (s.health.length === 0)
      out.push('<li><strong>Update Health:</strong> no error or warning</li>');
    for (const h of s.health) out.push(`<li>${lvl(h.level)} ${e(h.line)}${ev(h)}</li>`);
    out.push('</ul>', '<h3>Causes</h3>');
    const causes = causesOfRoot(report, r);
    if (causes.length === 0) out.push('<p>No findings.</p>');
    const anchors = causes.map((c) => anchor(ri, c.id));
    if (causes.length > 1) {
      out.push('<ul>');
      causes.forEach((c, ci) =>
        out.push(
          `<li>${lvl(headingLevel(report, c))} <a href="#${anchors[ci]!}">${e(c.title)}</a></li>`,
        ),
      );
      out.push('</ul>');
    }
    causes.forEach((c, ci) => {
      const n = c.findings.length;
      out.push(`<section class="cause" id="${anchors[ci]!}">`);
      const level = headingLevel(report, c);
      out.push(`<h4>${lvl(level)} ${e(c.title)}</h4>`);
      if (level !== c.level) out.push(`<p>Its worst finding: ${lvl(c.level)}</p>`);
      const chain = chainOf(c);
      if (chain.length > 0) {
        out.push(`<p class="muted">${e(chainIntro)}</p>`, '<ol class="chain">');
        for (const x of chain) {
          // A log line reads as what it is: code.
          const state = x.log ? `<code>${e(x.state)}</code>` : e(x.state);
          const at =
            x.at !== undefined
              ? `<code>${e(x.at)}</code>`
              : '<span class="muted">not in the gather</span>';
          out.push(`<li>${e(x.name)}: ${state} ${at}</li>`);
        }
        out.push('</ol>');
      }
      out.push(`<p class="muted">${n} finding${n === 1 ? '' : 's'}</p>`, '<ul>');
      for (const i of c.findings) {
        const f = report.findings[i]!;
        const x = evidenceOf(f);
        out.push(`<li>${lvl(f.severity)} ${e(f.message)} ${ruleLinkHtml(f.rule, known, e)}`);
        if (f.quote !== undefined) out.push(`<blockquote>${e(f.quote)}</blockquote>`);
        out.push(
          `<details><summary><code>${e(x.at)}</code>${x.related.length > 0 ? ` and ${x.related.length} related` : ''}</summary>`,
        );
        out.push(`<ul><li><code>${e(x.at)}</code></li>`);
        for (const rel of x.related)
          out.push(`<li><code>${e(rel.at)}</code> ${e(rel.message)}</li>`);
        out.push('</ul></details></li>');
      }
      out.push('</ul>', '</section>');
    });
    out.push('<h3>Not read</h3>');
    const notes = summaryNotes(r.summary);
    if (notes.length === 0) out.push('<p>Nothing the tool reads was missing.</p>');
    else out.push('<ul>', ...notes.map((n) => `<li>${e(n)}</li>`), '</ul>');
  });
  out.push(...rulesHtml(known, e));
  out.push('</body>', '</html>');
  return out.join('\n') + '\n';
}
