/**
 * A fast reader for the block YAML that `oc` writes (sigs.k8s.io/yaml: block maps, unindented
 * block sequences, plain, quoted and literal scalars, folded long lines). It returns exactly the
 * value the `yaml` package would, or `undefined` as soon as the text uses anything else (comments,
 * anchors, tags, flow collections, folded `>` blocks, several documents, tabs, CR line ends...),
 * and the full parser then decides. The `yaml` package reads ~1 MB/s; this reads 10x faster in a
 * new process and 40x once warm, which lets hundreds of node files be analysed in well under a
 * second.
 */

import { join } from './pointer';

/** Thrown internally to give up; never escapes `parseOcYaml`. */
class Unsupported extends Error {}

const giveUp = (): never => {
  throw new Unsupported();
};

/**
 * Text spans by JSON pointer: a map entry from its key to the end of its value, an item itself.
 * A Map (this reader records every span) or an index that finds them on demand (JSON).
 */
export interface SpanIndex {
  get(pointer: string): [number, number] | undefined;
}

/** Which block values a read leaves out, by JSON pointer (a Set, or a pattern for List items). */
export interface UnreadPointers {
  has(pointer: string): boolean;
  /**
   * The most segments a pointer left unread has: deeper, the reader builds no pointer and asks
   * nothing (building one for every key and item of a List costs as much as reading it).
   */
  readonly depth?: number;
}

export interface OcYamlRead {
  value: unknown;
  /** A bound on how deep the value's collections nest, from the indentation alone. */
  maxDepth: number;
}

/**
 * @param skip pointers of block values to leave out unread (e.g. `/metadata/managedFields`,
 *   half of a Node's text and read by no rule); their text is not checked.
 */
export function parseOcYaml(
  text: string,
  withSpans?: false,
  skip?: UnreadPointers,
): OcYamlRead | undefined;
export function parseOcYaml(
  text: string,
  withSpans: true,
  skip?: UnreadPointers,
  skips?: SkipMemo,
): (OcYamlRead & { spans: Map<string, [number, number]> }) | undefined;
export function parseOcYaml(
  text: string,
  withSpans = false,
  skip?: UnreadPointers,
  skips?: SkipMemo,
): (OcYamlRead & { spans?: Map<string, [number, number]> }) | undefined {
  if (text.length === 0 || text.includes('\r') || trimmedNotYamlSpace.some((c) => text.includes(c)))
    return undefined;
  try {
    const r = new Reader(text, withSpans, skip, skips);
    const value = r.document();
    // Each level of nesting indents, except a sequence under a key (at the key's column) and
    // an empty `{}` or `[]`: so collections nest at most 2 × the deepest column + 3 levels.
    const maxDepth = 2 * r.deepest + 3;
    return r.spans ? { value, spans: r.spans, maxDepth } : { value, maxDepth };
  } catch (err) {
    // A stack overflow (indentation thousands deep) is the full parser's to report.
    if (err instanceof Unsupported || err instanceof RangeError) return undefined;
    throw err;
  }
}

/**
 * Where the blocks stepped over in one text end, by where they start: several reads of the same
 * text (spans found path by path) step over the same blocks, and each is scanned once. Keep one
 * per text.
 */
export type SkipMemo = Map<number, number>;

/**
 * What JavaScript's `trim` removes but YAML reads as content (YAML's white space is the space
 * and the tab): the reader trims, so it leaves texts holding any of these to the full parser.
 * `includes` of one character is a fast scan, and instant for a character a Latin-1 string
 * cannot hold.
 */
const trimmedNotYamlSpace = [
  '\v',
  '\f',
  '\u00a0',
  '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * Whether `s` from `from` on is what `trim` removes: here spaces and tabs, since the reader only
 * reads texts without the other characters it removes (and lines hold no line break).
 */
function onlySpace(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Plain scalars as the YAML 1.2 core schema resolves them (the `yaml` package's default). */
function resolvePlain(s: string): unknown {
  if (s.length === 0 || s === '~') return null;
  const c = s.charCodeAt(0);
  // A letter starts a null or a boolean only as the whole word: most keys (`type`, `name`,
  // `nodeInfo`) start with one of these letters, and no number pattern can match them.
  if (c >= 65) {
    if (!'nNtTfF'.includes(s[0] as string)) return s;
    if (s === 'null' || s === 'Null' || s === 'NULL') return null;
    if (s === 'true' || s === 'True' || s === 'TRUE') return true;
    if (s === 'false' || s === 'False' || s === 'FALSE') return false;
    return s;
  }
  // Only these can start a number.
  if (!'0123456789+-.'.includes(s[0] as string)) return s;
  if (/^[-+]?[0-9]+$/.test(s)) return parseInt(s, 10);
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.substring(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.substring(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)) return parseFloat(s);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s)) return parseFloat(s);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(s)) return s[0] === '-' ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(s)) return NaN;
  return s;
}

/** Characters that may not start a plain scalar here (or that we leave to the full parser). */
const indicators = new Set([...'-?:,[]{}#&*!|>\'"%@`\t']);

/** A plain scalar's text on one line: anything that could end or change it gives up. */
function checkPlain(s: string): string {
  if (s.includes(' #') || s.includes(': ') || s.endsWith(':') || s.includes('\t')) giveUp();
  return s;
}

const escapes: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

const maxIndent = 2000;

/**
 * Reads the text in place, a line at a time, by offsets: a line is cut out only when it is
 * read, so the blocks left unread (a Node's images, a quiet pod's status: most of the text)
 * are stepped over without a string per line.
 */
class Reader {
  /** Where the current line starts; past `end` once every line is read. */
  private pos = 0;
  /** The text's length: a text ending in a newline has an empty last line starting here. */
  private readonly end: number;
  /** How deep the collection being read is (the root's: 1). */
  private level = 0;
  /** The deepest column a collection started at. */
  deepest = 0;
  /**
   * A compact collection's line (`- key: value`, `- - item`), read as if its `-` were a space:
   * where it starts and the column its content starts at.
   */
  private compactAt = -1;
  private compactIndent = 0;
  /** Where, in the text after its indentation, the last key read ends (past `: `). */
  private afterKey = 0;
  /** The last line end found, for the line starting at `endFor`. */
  private endFor = -1;
  private endAt = 0;
  readonly spans: Map<string, [number, number]> | undefined;

  constructor(
    private readonly text: string,
    withSpans: boolean,
    private readonly skip: UnreadPointers | undefined,
    private readonly skips: SkipMemo | undefined,
  ) {
    this.end = text.length;
    if (withSpans) this.spans = new Map();
  }

  document(): unknown {
    this.skipBlank();
    if (this.pos > this.end || this.indentAt(this.pos) !== 0) giveUp();
    const start = this.pos;
    const value = this.node(0, '');
    this.record('', start);
    this.skipBlank();
    if (this.pos <= this.end) giveUp();
    return value;
  }

  /** Where the line starting at `p` ends (its newline, or the text's end). */
  private lineEnd(p: number): number {
    if (p !== this.endFor) {
      const n = this.text.indexOf('\n', p);
      this.endFor = p;
      this.endAt = n === -1 ? this.end : n;
    }
    return this.endAt;
  }

  /** Where the line after the one starting at `p` starts (past `end` after the last). */
  private next(p: number): number {
    return this.lineEnd(p) + 1;
  }

  /** The line starting at `p`, from column `col`. */
  private lineFrom(p: number, col: number): string {
    return this.text.slice(p + col, this.lineEnd(p));
  }

  private indentAt(p: number): number {
    if (p === this.compactAt) return this.compactIndent;
    let i = p;
    while (this.text.charCodeAt(i) === 32) i++;
    return i - p;
  }

  /** Whether the line starting at `p` holds spaces only (or nothing). */
  private blankAt(p: number): boolean {
    const q = p + this.indentAt(p);
    return q >= this.end || this.text.charCodeAt(q) === 10;
  }

  /** Where the line before the one starting at `p` starts (`p` > 0). */
  private previous(p: number): number {
    return p <= 1 ? 0 : this.text.lastIndexOf('\n', p - 2) + 1;
  }

  /** Records a span from `start` to the end of the last non-blank line read so far. */
  private record(ptr: string, start: number): void {
    if (!this.spans) return;
    let p = this.previous(this.pos);
    while (p > 0 && this.blankAt(p)) p = this.previous(p);
    this.spans.set(ptr, [start, p + this.lineFrom(p, 0).trimEnd().length]);
  }

  /** Whether pointers are built for the entries of a collection `level` deep (root: 1). */
  private tracks(level: number): boolean {
    return (
      this.spans !== undefined ||
      (this.skip !== undefined && level <= (this.skip.depth ?? Infinity))
    );
  }

  /** Steps over a block value under a key at `keyIndent`, without reading it. */
  private skipBlock(keyIndent: number): void {
    // A block's end depends only on the text from its key line on: the line a compact
    // collection's indentation is overridden on is never past the current one.
    this.skipTo(keyIndent * 2, blockEnd(keyIndent));
  }

  /**
   * Steps over a sequence item at column `indent`, without reading it: everything in an item
   * (nested blocks, scalars continued on later lines) is indented past its `-`.
   */
  private skipItem(indent: number): void {
    this.skipTo(indent * 2 + 1, itemEnd(indent));
  }

  /**
   * Moves to the start of the first line after the current one that `end` finds (past the text's
   * end if none), remembered by where it starts and `tag` (what was stepped over, and from where).
   */
  private skipTo(tag: number, end: RegExp): void {
    const key = this.pos * 4096 + tag;
    let p = this.skips?.get(key);
    if (p === undefined) {
      end.lastIndex = this.lineEnd(this.pos);
      const m = end.exec(this.text);
      p = m ? m.index + 1 : this.end + 1;
      this.skips?.set(key, p);
    }
    this.pos = p;
  }

  private skipBlank(): void {
    while (this.pos <= this.end && this.blankAt(this.pos)) this.pos = this.next(this.pos);
  }

  /** The collection that starts on the current line at column `indent`. */
  private node(indent: number, ptr: string): unknown {
    // Indentation this deep is no `oc` output: the full parser checks the nesting limit.
    if (indent > maxIndent) giveUp();
    if (indent > this.deepest) this.deepest = indent;
    const rest = this.lineFrom(this.pos, indent);
    if (rest === '-' || rest.startsWith('- ')) return this.sequence(indent, ptr);
    if (this.isKeyLine(rest)) return this.mapping(indent, ptr);
    return giveUp(); // a scalar on a line of its own: rare in `oc` output
  }

  /** Whether the text at a line's indentation is `key:` or `key: value`. */
  private isKeyLine(rest: string): boolean {
    const c = rest[0];
    if (c === '"' || c === "'") {
      const end = this.quotedKeyEnd(rest);
      return end !== -1 && (rest.startsWith(': ', end) || rest.slice(end) === ':');
    }
    return rest.includes(': ') || rest.endsWith(':');
  }

  /** Index just past the closing quote of a one-line quoted key, or -1. */
  private quotedKeyEnd(rest: string): number {
    const q = rest[0];
    for (let j = 1; j < rest.length; j++) {
      if (q === '"' && rest[j] === '\\') {
        j++;
        continue;
      }
      if (rest[j] === q) {
        if (q === "'" && rest[j + 1] === "'") {
          j++;
          continue;
        }
        return j + 1;
      }
    }
    return -1;
  }

  /**
   * The text of the next non-blank line after its indentation, when that is exactly `indent`;
   * undefined where the block ends (a line less indented, or none).
   */
  private entryAt(indent: number): string | undefined {
    // As `skipBlank`, keeping the indentation of the line it stops at.
    let ind = 0;
    for (; this.pos <= this.end; this.pos = this.next(this.pos)) {
      ind = this.indentAt(this.pos);
      const q = this.pos + ind;
      if (q < this.end && this.text.charCodeAt(q) !== 10) break;
    }
    if (this.pos > this.end) return undefined;
    if (ind < indent) return undefined;
    if (ind > indent) giveUp();
    return this.lineFrom(this.pos, indent);
  }

  private mapping(indent: number, ptr: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const track = this.tracks(++this.level);
    for (;;) {
      const rest = this.entryAt(indent);
      if (rest === undefined || rest.startsWith('- ') || rest === '-') break;
      const key = this.key(rest);
      const after = this.afterKey;
      if (key === '__proto__') giveUp();
      const start = this.pos + indent;
      // Only a block value can be left unread, or hold one: a scalar's pointer is for spans.
      const block =
        // (what `trim` removes is, here, at most U+0020: the text holds no wider space)
        rest.length === after || (rest.charCodeAt(after) <= 32 && onlySpace(rest, after));
      const at = this.spans || (track && block) ? join(ptr, key) : '';
      if (block && track && this.skip?.has(at)) {
        this.skipBlock(indent);
        continue;
      }
      out[key] = this.value(indent, indent + after, indent, false, at);
      this.record(at, start);
    }
    this.level--;
    return out;
  }

  /** The key at the start of `rest`; `afterKey` is then the offset in `rest` past `: ` (or the end). */
  private key(rest: string): string {
    const c = rest[0] ?? '';
    let key: string;
    let end: number;
    if (c === '"' || c === "'") {
      end = this.quotedKeyEnd(rest);
      if (end === -1) giveUp();
      const raw = rest.slice(0, end);
      key = c === '"' ? unescapeDouble(raw.slice(1, -1)) : raw.slice(1, -1).replace(/''/g, "'");
    } else {
      if (indicators.has(c) || c === ' ') giveUp();
      const colon = rest.indexOf(': ');
      end = colon === -1 ? rest.length - 1 : colon;
      key = checkPlain(rest.slice(0, end));
      if (key !== key.trimEnd()) giveUp();
      if (typeof resolvePlain(key) !== 'string') giveUp();
    }
    if (rest[end] !== ':') giveUp();
    this.afterKey = rest[end + 1] === ' ' ? end + 2 : end + 1;
    return key;
  }

  /**
   * The value that starts at column `col` of the current line (after `key: ` or `- `), inside a
   * collection at column `parent`. A value on the next lines must be indented more than
   * `parent`, except a block sequence under a map key, which `oc` writes at the key's column.
   */
  private value(
    parent: number,
    col: number,
    keyIndent: number,
    inSeq: boolean,
    ptr: string,
  ): unknown {
    const text = this.lineFrom(this.pos, col);
    if (onlySpace(text, 0)) {
      this.pos = this.next(this.pos);
      this.skipBlank();
      if (this.pos > this.end) return null;
      const ind = this.indentAt(this.pos);
      if (ind > parent) return this.node(ind, ptr);
      if (!inSeq && ind === keyIndent) {
        const rest = this.lineFrom(this.pos, ind);
        if (rest === '-' || rest.startsWith('- ')) return this.sequence(ind, ptr);
      }
      return null;
    }
    if (text.startsWith(' ')) giveUp();
    const c = text[0] as string;
    if (c === '"') return this.doubleQuoted(parent, col);
    if (c === "'") return this.singleQuoted(parent, col);
    if (c === '|') return this.literal(parent, text);
    if (text === '{}' || text === '[]') {
      this.pos = this.next(this.pos);
      return text === '{}' ? {} : [];
    }
    // `-`, `?` and `:` may start a plain scalar when a non-space follows (`- --v=2`).
    if (indicators.has(c) && !('-?:'.includes(c) && text.length > 1 && text[1] !== ' ')) giveUp();
    // `- key: value` (a map inside a sequence item) is handled by the caller.
    return this.plain(parent, text);
  }

  private plain(parent: number, first: string): unknown {
    let s = checkPlain(first).trimEnd();
    this.pos = this.next(this.pos);
    for (;;) {
      let blanks = 0;
      let p = this.pos;
      while (p <= this.end && this.blankAt(p)) {
        blanks++;
        p = this.next(p);
      }
      if (p > this.end || this.indentAt(p) <= parent) break;
      const part = this.lineFrom(p, 0).trim();
      // A more indented `- …` continues the scalar (YAML folds it: the network operator's
      // `… rollout is not making progress - last change …` wraps there); `#` starts a comment.
      if (part.startsWith('#') || part === '-') giveUp();
      s += (blanks > 0 ? '\n'.repeat(blanks) : ' ') + checkPlain(part);
      this.pos = this.next(p);
    }
    return resolvePlain(s);
  }

  /** Scans a quoted scalar across lines, returning its raw lines (quotes excluded). */
  private quotedLines(parent: number, col: number, quote: string): string[] {
    const parts: string[] = [];
    let line = this.lineFrom(this.pos, col + 1);
    for (;;) {
      const j = quote === '"' ? closingDouble(line) : closingSingle(line);
      if (j !== -1) {
        parts.push(line.slice(0, j));
        if (!onlySpace(line, j + 1)) giveUp();
        this.pos = this.next(this.pos);
        return parts;
      }
      parts.push(line);
      this.pos = this.next(this.pos);
      if (this.pos > this.end) giveUp();
      if (!this.blankAt(this.pos) && this.indentAt(this.pos) <= parent) giveUp();
      line = this.lineFrom(this.pos, 0);
    }
  }

  private doubleQuoted(parent: number, col: number): string {
    const parts = this.quotedLines(parent, col, '"');
    if (parts.length === 1) return unescapeDouble(parts[0] as string);
    return foldQuoted(parts, true);
  }

  private singleQuoted(parent: number, col: number): string {
    const parts = this.quotedLines(parent, col, "'");
    if (parts.length === 1) return (parts[0] as string).replace(/''/g, "'");
    return foldQuoted(parts, false);
  }

  /** `|`, `|-` or `|+`; an explicit indentation indicator is left to the full parser. */
  private literal(parent: number, header: string): string {
    if (header !== '|' && header !== '|-' && header !== '|+') giveUp();
    this.pos = this.next(this.pos);
    const body: string[] = [];
    let contentIndent = -1;
    while (this.pos <= this.end) {
      const p = this.pos;
      if (this.blankAt(p)) {
        // Spaces beyond the indentation make a blank line content: rare, left to the full parser.
        if (this.lineEnd(p) - p > (contentIndent === -1 ? parent + 1 : contentIndent)) giveUp();
        body.push('');
        this.pos = this.next(p);
        continue;
      }
      const ind = this.indentAt(p);
      if (contentIndent === -1) {
        if (ind <= parent) break;
        contentIndent = ind;
      }
      if (ind < contentIndent) break;
      body.push(this.lineFrom(p, contentIndent));
      this.pos = this.next(p);
    }
    if (contentIndent === -1) giveUp();
    const atEnd = this.pos > this.end;
    // A last line without its newline would change the chomping: leave that to the full parser.
    if (atEnd && (body.length === 0 || body[body.length - 1] !== '')) giveUp();
    // Trailing blank lines belong to the block (for chomping); give back none of them, since
    // nothing but blank lines or less indented content can follow.
    let last = body.length;
    while (last > 0 && body[last - 1] === '') last--;
    const content = body.slice(0, last).join('\n');
    const trailing = body.length - last;
    // The document's final newline shows up as one empty trailing "line".
    const breaks = atEnd ? trailing : trailing + 1;
    if (header === '|-') return content;
    if (header === '|') return content + '\n';
    return content + '\n'.repeat(Math.max(1, breaks));
  }

  private sequence(indent: number, ptr: string): unknown[] {
    const out: unknown[] = [];
    const track = this.tracks(++this.level);
    for (;;) {
      const rest = this.entryAt(indent);
      if (rest === undefined || (rest !== '-' && !rest.startsWith('- '))) break;
      const after = rest.slice(1);
      const col = indent + 1 + indentOf(after);
      const content = this.lineFrom(this.pos, col);
      const at = track ? join(ptr, out.length) : '';
      if (track && this.skip?.has(at)) {
        // Left unread (a read for spans off this item's path): its place is kept.
        this.skipItem(indent);
        out.push(null);
        continue;
      }
      // An item starts at its content, which may be on the next line (`-` alone).
      let start = this.pos + col;
      if (content === '' && this.spans) {
        let p = this.next(this.pos);
        while (p <= this.end && this.blankAt(p)) p = this.next(p);
        if (p <= this.end && this.indentAt(p) > indent) start = p + this.indentAt(p);
      }
      if (
        content !== '' &&
        (this.isKeyLine(content) || content === '-' || content.startsWith('- '))
      ) {
        // A compact collection: read as if it started on its own line at `col`.
        this.compactAt = this.pos;
        this.compactIndent = col;
        out.push(this.node(col, at));
      } else {
        out.push(this.value(indent, col, indent, true, at));
      }
      this.record(at, start);
    }
    this.level--;
    return out;
  }
}

const blockEnds: RegExp[] = [];
const itemEnds: RegExp[] = [];

/**
 * What ends a block value under a key at column `keyIndent`: a newline, then a line with text
 * less indented than the key, or at its column but no `-` item (a block sequence under a key
 * sits at the key's column). Compiled, a regular expression steps over thousands of lines far
 * faster than a loop over them.
 */
function blockEnd(keyIndent: number): RegExp {
  return (blockEnds[keyIndent] ??= new RegExp(
    keyIndent === 0
      ? '\\n(?:[^ \\n-]|-[^ \\n])'
      : `\\n(?: {0,${keyIndent - 1}}[^ \\n]| {${keyIndent}}(?:[^ \\n-]|-[^ \\n]))`,
    'g',
  ));
}

/** What ends a sequence item at column `indent`: a newline, then a line with text not indented past it. */
function itemEnd(indent: number): RegExp {
  return (itemEnds[indent] ??= new RegExp(`\\n {0,${indent}}[^ \\n]`, 'g'));
}

/**
 * Where a line's closing `"` is, or -1: the first `"` after an even run of backslashes (each
 * backslash escapes the next character). Found with `indexOf`, not a character at a time:
 * every timestamp and message of a Node is double-quoted.
 */
function closingDouble(line: string): number {
  for (let from = 0; ; ) {
    const q = line.indexOf('"', from);
    if (q === -1) return -1;
    let b = q;
    while (b > 0 && line.charCodeAt(b - 1) === 92) b--;
    if ((q - b) % 2 === 0) return q;
    from = q + 1;
  }
}

/** Where a line's closing `'` is, or -1: a `''` is an escaped quote. */
function closingSingle(line: string): number {
  for (let from = 0; ; ) {
    const q = line.indexOf("'", from);
    if (q === -1) return -1;
    if (line.charCodeAt(q + 1) !== 39) return q;
    from = q + 2;
  }
}

/**
 * Folds the raw lines of a multi-line quoted scalar: a line break becomes a space, each empty
 * line a newline, and in double quotes a trailing `\\` joins the lines without a space.
 */
function foldQuoted(parts: string[], double: boolean): string {
  const decode = (seg: string) => (double ? unescapeDouble(seg) : seg.replace(/''/g, "'"));
  let out = '';
  let k = 0;
  let seg = parts[0] as string;
  for (;;) {
    if (k === parts.length - 1) return out + decode(seg);
    let sep = ' ';
    if (double && /\\[ \t]+$/.test(seg)) giveUp();
    if (double && /(?:^|[^\\])(?:\\\\)*\\$/.test(seg)) {
      out += decode(seg.slice(0, -1));
      sep = '';
    } else {
      out += decode(seg.replace(/[ \t]+$/, ''));
    }
    k++;
    let empties = 0;
    while (k < parts.length - 1 && (parts[k] as string).trim() === '') {
      empties++;
      k++;
    }
    if (empties > 0) {
      if (sep === '') giveUp();
      sep = '\n'.repeat(empties);
    }
    out += sep;
    seg = (parts[k] as string).replace(/^[ \t]+/, '');
  }
}

function unescapeDouble(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let j = 0; j < s.length; j++) {
    const ch = s[j] as string;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const e = s[++j] ?? giveUp();
    const simple = escapes[e];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : giveUp();
    const hex = s.slice(j + 1, j + 1 + len);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) giveUp();
    out += String.fromCodePoint(parseInt(hex, 16));
    j += len;
  }
  return out;
}
