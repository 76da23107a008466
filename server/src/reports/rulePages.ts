/**
 * The rules a case report's findings name, as its own appendix: the package has no homepage to
 * link to, so each finding links to its rule's entry in the same document (Markdown: a heading
 * GitHub anchors as `rules-<id>`; HTML: `id="rule-<id>"`). Description and explanation come from
 * the rule's `meta`; `docs/rules/<id>.md` is the long page.
 */
import { code } from '../core/markdown';
import { pasteText } from './pasteText';
import { allRuleMeta } from '../rules/registry';
import type { RuleMeta } from '../rules/rule';

/** The rules among `ids` that exist, in id order; an unknown id gets no entry (and no link). */
export function rulesUsed(ids: Iterable<string>): RuleMeta[] {
  const wanted = new Set(ids);
  return allRuleMeta().filter((m) => wanted.has(m.id));
}

/** Rule ids are ours and kebab-case; anything else is never linked. */
function linkable(id: string, known: readonly RuleMeta[]): boolean {
  return /^[a-z0-9-]+$/.test(id) && known.some((m) => m.id === id);
}

/** `[rule-id](#rules-rule-id)`, or the id in a code span when it has no entry. */
export function ruleLinkMarkdown(id: string, known: readonly RuleMeta[]): string {
  return linkable(id, known) ? `[${id}](#rules-${id})` : code(id);
}

/** `<a href="#rule-rule-id">`, or the id as code when it has no entry. */
export function ruleLinkHtml(
  id: string,
  known: readonly RuleMeta[],
  e: (s: string) => string,
): string {
  return linkable(id, known)
    ? `<a href="#rule-${id}"><code>${id}</code></a>`
    : `<code>${e(id)}</code>`;
}

function docLine(id: string): string {
  return `docs/rules/${id}.md`;
}

/** A rule's explanation (ours): its code spans kept, the rest as readable escaped text. */
function explanationMarkdown(s: string): string {
  return s
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? code(part.slice(1, -1)) : pasteText(part)))
    .join('');
}

export function rulesMarkdown(known: readonly RuleMeta[]): string[] {
  if (known.length === 0) return [];
  const out = ['', '## Rules', '', 'The rules the findings above name, from the tool itself.'];
  for (const m of known) {
    // `### Rules: <id>` is anchored `rules-<id>` by GitHub.
    out.push(
      '',
      `### Rules: ${m.id}`,
      '',
      `**${pasteText(m.description)}** (default level ${m.defaultSeverity}: ${pasteText(m.levels)})`,
      '',
      explanationMarkdown(m.explanation),
      '',
      `Long page: ${code(docLine(m.id))} in the must-gather-inspector source.`,
    );
  }
  return out;
}

/** A rule's explanation as HTML: its code spans as `<code>`, everything else escaped. */
function explanationHtml(s: string, e: (s: string) => string): string {
  return s
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? `<code>${e(part.slice(1, -1))}</code>` : e(part)))
    .join('');
}

export function rulesHtml(known: readonly RuleMeta[], e: (s: string) => string): string[] {
  if (known.length === 0) return [];
  const out = [
    '<h2>Rules</h2>',
    '<p class="muted">The rules the findings above name, from the tool itself.</p>',
  ];
  for (const m of known)
    out.push(
      `<section class="rule" id="rule-${m.id}">`,
      `<h3><code>${e(m.id)}</code></h3>`,
      `<p><strong>${e(m.description)}</strong> <span class="muted">(default level ${e(m.defaultSeverity)}: ${e(m.levels)})</span></p>`,
      `<p>${explanationHtml(m.explanation, e)}</p>`,
      `<p class="muted">Long page: <code>${e(docLine(m.id))}</code> in the must-gather-inspector source.</p>`,
      '</section>',
    );
  return out;
}
