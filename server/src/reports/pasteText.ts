/** Must-gather text as a case report's Markdown carries it: readable, and inert. */
import { inert } from '../core/markdown';

/**
 * Must-gather text for a case comment: only what would start Markdown markup is escaped (code,
 * emphasis, links and images, tables, strikethrough, a heading's closing `#`; `<`, `>` and `&` as
 * entities, so no HTML), so `4.7.3, 91% (25/52)` stays readable when pasted into a box that shows
 * Markdown as text. No link can form: a bracket is always escaped, and URLs, domains and e-mail
 * addresses are code spans (`inert`), which no autolink reads. Line breaks become spaces.
 */
export function pasteText(s: string): string {
  return inert(s, (plain) =>
    plain.replace(/[\\`*_[\]|~<>&#]/g, (c) => {
      if (c === '<') return '&lt;';
      if (c === '>') return '&gt;';
      if (c === '&') return '&amp;';
      return '\\' + c;
    }),
  );
}
