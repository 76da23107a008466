/**
 * Markdown for hovers built from must-gather text. Everything read from a must-gather is
 * untrusted: it is escaped so it renders as plain text, and no link, image, HTML or `command:`
 * URI can ever form from it. Hovers are sent as untrusted Markdown (never `isTrusted`).
 */

/**
 * A run of link-like text: a URL (`x://`), an e-mail address (`@`) or a domain (a dot before a
 * letter), without whitespace, pipes, quotes or brackets. Where `.`, `:` and `@` are left
 * unescaped for readability, GitHub's autolink literals and a linkifying renderer (markdown-it's
 * `linkify`) would make a link of it: a code span keeps it inert and still readable.
 */
const linkLike = /[^\s|"'`<>()[\]{}]*[\p{L}\p{N}](?::\/\/|@|\.\p{L})[^\s|"'`<>()[\]{}]*/gu;

/**
 * Untrusted text, inline and inert: line breaks become spaces, link-like runs (`linkLike`, a
 * trailing `.,;:!?` left out) become code spans, and the rest goes through `escape`.
 */
export function inert(s: string, escape: (plain: string) => string): string {
  const one = s.replace(/\r\n?|\n/g, ' ');
  let out = '';
  let last = 0;
  for (const m of one.matchAll(linkLike)) {
    const run = m[0].replace(/[.,;:!?]+$/, '');
    if (!/[\p{L}\p{N}](?::\/\/|@|\.\p{L})/u.test(run)) continue;
    out += escape(one.slice(last, m.index)) + code(run);
    last = m.index + run.length;
  }
  return out + escape(one.slice(last));
}

/**
 * Plain text, inline: every ASCII punctuation character is backslash-escaped (CommonMark allows
 * it for all of them), so no emphasis, code, link, heading, list, table cell or autolink
 * (`https\://`, `www\.`, `a\@b`: GFM's autolink literals and markdown-it's linkify both leave
 * them text, as test/unit/markdown.test.ts checks by rendering) can start; `<`, `>` and `&` become
 * entities so no HTML does; line breaks become spaces so the text stays inside its paragraph or
 * table cell. For text meant to stay readable where Markdown is shown raw, see `inert`.
 */
export function text(s: string): string {
  return s.replace(/\r\n?|\n/g, ' ').replace(/[!-/:-@[-`{-~]/g, (c) => {
    if (c === '<') return '&lt;';
    if (c === '>') return '&gt;';
    if (c === '&') return '&amp;';
    return '\\' + c;
  });
}

/**
 * A run of backticks longer than any in `text`, and at least `min` long: a code span or fence
 * around `text` that nothing in it can close.
 */
export function backtickFence(text: string, min = 1): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(min, longest + 1));
}

/**
 * An inline code span of untrusted text. The fence is one backtick longer than the longest run
 * inside, so the text cannot close it; Markdown is not interpreted inside a code span. Not for
 * table cells (a `|` would still split the cell there): use `text` in tables.
 */
export function code(s: string): string {
  const one = s.replace(/\r\n?|\n/g, ' ');
  const fence = backtickFence(one);
  const pad = one.startsWith('`') || one.endsWith('`') || one === '' ? ' ' : '';
  return `${fence}${pad}${one}${pad}${fence}`;
}

/**
 * Cuts long must-gather text (messages can run to kilobytes, or MiBs) before escaping it, with
 * whitespace runs made one space. Only a prefix a few times `max` long is read, unless it is
 * mostly whitespace.
 */
export function clipped(s: string, max = 300): string {
  for (let n = 4 * max + 16; ; n *= 4) {
    const whole = n >= s.length;
    const one = (whole ? s : s.slice(0, n)).replace(/\s+/g, ' ').trim();
    if (one.length > max) return `${one.slice(0, max - 1)}…`;
    if (whole) return one;
  }
}

/** A GFM table; cells are Markdown already (escape untrusted cells with `text`). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c || ' ').join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Sections of one hover, separated by horizontal rules. */
export function sections(...parts: (string | undefined)[]): string {
  return parts.filter((p): p is string => p !== undefined && p !== '').join('\n\n---\n\n');
}

/** LSP's `MarkupContent` of kind markdown, declared here so this module imports nothing. */
export interface MarkdownContent {
  kind: 'markdown';
  value: string;
}

/** Hovers are always Markdown and never trusted: command links stay disabled in the client. */
export function markdown(value: string): MarkdownContent {
  return { kind: 'markdown', value };
}

/**
 * A finding's detail for a hover: its paragraphs kept, inline code spans kept as code, and every
 * other character escaped like `text`. A detail quotes must-gather text, so only code spans (in
 * which nothing is interpreted) survive as Markdown: no link, image or HTML can form.
 */
export function detailMarkdown(detail: string): string {
  return detail
    .split(/\n\s*\n/)
    .map((para) =>
      para
        .split(/(`[^`\n]+`)/)
        .map((part, i) => (i % 2 === 1 ? code(part.slice(1, -1)) : text(part)))
        .join('')
        .trim(),
    )
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * A `command:` URI for a Markdown link: the arguments as JSON, percent-encoded, parentheses too
 * (a path may hold them, and they would end the link).
 */
export function commandLink(command: string, args: readonly unknown[]): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(
    /[()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `command:${command}?${encoded}`;
}
