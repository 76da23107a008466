/**
 * The findings reported at the hovered place, as their explanation: VS Code already shows each
 * diagnostic's message above the hover, so only the detail is added, cut to its first paragraph
 * with a link to the rule page for the rest.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Cause } from '../../core/cause';
import type { Finding } from '../../core/finding';
import { clip } from '../../core/text';
import { detailMarkdown } from '../../core/markdown';

/** How much of a detail a hover shows before "More". */
const firstParagraphMax = 320;

/** Findings whose evidence is the hovered node or one of its ancestors below the object. */
export function findingsAt(
  findings: readonly Finding[],
  file: string,
  doc: number,
  pointer: string,
  objectBase: string,
): Finding[] {
  return findings.filter(
    (f) =>
      f.detail !== undefined &&
      f.location.file === file &&
      f.location.doc === doc &&
      f.location.pointer !== objectBase &&
      (pointer === f.location.pointer || pointer.startsWith(`${f.location.pointer}/`)),
  );
}

/**
 * One paragraph per finding: its rule, the detail's first paragraph, and "More" to the page;
 * then, when the finding is one of several one problem produced, that cause's title.
 * @param causeOf the cause a finding belongs to (`analysis/causes.ts`).
 */
export function findingsSection(
  found: readonly Finding[],
  docsDir?: string,
  causeOf?: (f: Finding) => Cause | undefined,
): string | undefined {
  if (found.length === 0) return undefined;
  return found
    .map((f) => {
      const first = (f.detail ?? '').trim().split(/\n\s*\n/)[0] ?? '';
      const more = docsDir ? ` [More](${pathToFileURL(join(docsDir, `${f.rule}.md`)).href})` : '';
      const cause = causeOf?.(f);
      // A cause with a chain leads the hover under its title (`chain.ts`): not said twice.
      const part =
        cause && cause.findings.length > 1
          ? cause.chain && cause.chain.length > 1
            ? `\n\nOne of ${cause.findings.length} findings of the cause above.`
            : `\n\nOne of ${cause.findings.length} findings of one cause: ${detailMarkdown(cause.title)}`
          : '';
      return `*${f.rule}*: ${detailMarkdown(clip(first, firstParagraphMax))}${more}${part}`;
    })
    .join('\n\n');
}
