/** Hovers on fixture files, found by the text under the cursor rather than by line numbers. */
import { readFileSync } from 'node:fs';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { hoverAt } from '../../server/src/features/hover';
import type { HoverFindings } from '../../server/src/features/hover';
import type { UpdateView } from '../../server/src/features/hover/clusterVersion';
import type { Snapshot } from '../../server/src/model/snapshot';
import { parseText } from '../../server/src/yaml/parse';
import type { ParsedFile } from '../../server/src/yaml/parse';

/**
 * The hover at the `nth` occurrence of `needle` (offset `shift` into it) after the first line
 * matching `after`.
 */
export function hoverOn(
  snapshot: Snapshot,
  file: string,
  needle: string,
  opts: {
    after?: RegExp;
    shift?: number;
    text?: string;
    update?: UpdateView;
    reported?: HoverFindings;
  } = {},
): { hover: Hover | undefined; parsed: ParsedFile; offset: number } {
  const text = opts.text ?? readFileSync(file, 'utf8');
  const from = opts.after ? text.search(opts.after) : 0;
  if (from < 0) throw new Error(`${String(opts.after)} not in ${file}`);
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`${needle} not in ${file}`);
  const parsed = parseText(text);
  const offset = at + (opts.shift ?? 1);
  return {
    hover: hoverAt(snapshot, file, parsed, offset, opts.update, opts.reported),
    parsed,
    offset,
  };
}

/** The hover's Markdown, asserted to be untrusted Markdown. */
export function markdownOf(h: Hover | undefined): string {
  if (!h) throw new Error('no hover');
  const c = h.contents as MarkupContent;
  if (c.kind !== 'markdown') throw new Error(`hover kind ${c.kind}`);
  return c.value;
}

/** Markdown as a reader sees it: escapes and entities resolved (enough for assertions). */
export function plain(md: string): string {
  return md
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
