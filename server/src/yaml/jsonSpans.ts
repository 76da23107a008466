/**
 * Positions in a JSON text that `JSON.parse` accepted, without the `yaml` node tree (which costs
 * 20 to 30x the parse). A container's children are found by one scan of its text, jumping over
 * strings natively and over nested values by bracket counting, and remembered; only the
 * containers on the paths asked for are scanned, so a lookup costs about one pass of the text
 * per level. Spans and paths are exactly those the `yaml` tree gives for the same text.
 */
import type { SpanIndex } from './ocYaml';
import type { PathAt } from './pathAtTypes';
import { split } from './pointer';

const QUOTE = 34;
const COMMA = 44;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const BACKSLASH = 92;

/** The direct children of one map or array, in text order. */
interface Table {
  map: boolean;
  /** Each child value's start and end offsets. */
  start: number[];
  end: number[];
  /** Maps: each key's opening quote, the offset after its closing quote, and its text. */
  keyStart: number[];
  keyEnd: number[];
  keys: string[];
  /** Maps: the first child with each key, as the `yaml` tree's `items.find` picks it. */
  first?: Map<string, number>;
}

/** Where a pointer leads: its span as `spanOf` defines it, and the value's own offsets. */
interface Hit {
  span: [number, number];
  start: number;
}

export class JsonSpans implements SpanIndex {
  private readonly tables = new Map<number, Table>();
  private readonly root: [number, number];

  /** @param text a text `JSON.parse` accepts, whose root is an object or an array. */
  constructor(private readonly text: string) {
    // JSON allows only whitespace around the root value.
    let s = 0;
    while (isSpace(text.charCodeAt(s))) s++;
    let e = text.length;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    this.root = [s, e];
  }

  /** A map member spans from its key's opening quote to its value's end, an item its value. */
  get(pointer: string): [number, number] | undefined {
    let hit: Hit = { span: [...this.root], start: this.root[0] };
    for (const seg of split(pointer)) {
      const next = this.child(hit.start, seg);
      if (!next) return undefined;
      hit = next;
    }
    return hit.span;
  }

  /** `pathAt` without the document number: what the `yaml` tree's walk finds at `offset`. */
  at(offset: number): Omit<PathAt, 'doc'> | undefined {
    const [s, e] = this.root;
    if (offset < s || offset > e) return undefined;
    const out: Omit<PathAt, 'doc'> = { path: [], onKey: false, span: [s, e] };
    let start = s;
    while (this.isContainer(start)) {
      const t = this.table(start);
      const i = firstEndingFrom(t.end, offset);
      const childStart = t.start[i];
      if (childStart === undefined) break;
      if (t.map) {
        const ks = t.keyStart[i] as number;
        if (ks > offset) break;
        out.path.push(t.keys[i] as string);
        // The colon and the blanks before the value belong to the key.
        if (offset < childStart) {
          const span: [number, number] = [ks, t.keyEnd[i] as number];
          return { ...out, onKey: true, span, scalar: { value: t.keys[i], span } };
        }
      } else {
        // Before an item, only blanks (a block item's `- ` marker in YAML) lead to it.
        if (childStart > offset && !blanksOnly(this.text, offset, childStart)) break;
        out.path.push(String(i));
      }
      start = childStart;
      out.span = [childStart, t.end[i] as number];
    }
    if (!this.isContainer(start)) {
      // JSON.parse reads numbers as the core schema does (`parseFloat`, `parseInt`).
      const value = JSON.parse(this.text.slice(...out.span)) as unknown;
      out.scalar = { value, span: out.span };
    }
    return out;
  }

  /** The child `seg` of the value starting at `start`, as the `yaml` tree's `spanOf` finds it. */
  private child(start: number, seg: string): Hit | undefined {
    if (!this.isContainer(start)) return undefined;
    const t = this.table(start);
    let i: number | undefined;
    if (t.map) {
      t.first ??= firstByKey(t.keys);
      i = t.first.get(seg);
    } else if (/^\d+$/.test(seg)) {
      // `Number`, as the tree walk indexes its items: `01` is item 1.
      i = Number(seg);
    }
    const s = i === undefined ? undefined : t.start[i];
    if (i === undefined || s === undefined) return undefined;
    const from = t.map ? (t.keyStart[i] as number) : s;
    return { span: [from, t.end[i] as number], start: s };
  }

  private isContainer(start: number): boolean {
    const c = this.text.charCodeAt(start);
    return c === OPEN_BRACE || c === OPEN_BRACKET;
  }

  /** The children of the container opening at `open`, scanned on first use. */
  private table(open: number): Table {
    let t = this.tables.get(open);
    if (!t) {
      t = scanContainer(this.text, open);
      this.tables.set(open, t);
    }
    return t;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipSpace(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Reads the members of a valid JSON object or array; nested values are skipped, not read. */
function scanContainer(text: string, open: number): Table {
  const map = text.charCodeAt(open) === OPEN_BRACE;
  const t: Table = { map, start: [], end: [], keyStart: [], keyEnd: [], keys: [] };
  let i = skipSpace(text, open + 1);
  const first = text.charCodeAt(i);
  if (first === CLOSE_BRACE || first === CLOSE_BRACKET) return t; // empty
  for (;;) {
    if (map) {
      const ke = stringEnd(text, i);
      t.keyStart.push(i);
      t.keyEnd.push(ke);
      t.keys.push(decodeString(text, i, ke));
      i = skipSpace(text, skipSpace(text, ke) + 1); // past the colon
    }
    const ve = valueEnd(text, i);
    t.start.push(i);
    t.end.push(ve);
    i = skipSpace(text, ve);
    if (text.charCodeAt(i) !== COMMA) return t;
    i = skipSpace(text, i + 1);
  }
}

/** The offset after the value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return containerEnd(text, i);
  // A number, true, false or null runs to the next delimiter.
  let j = i + 1;
  while (!isDelimiter(text.charCodeAt(j))) j++;
  return j;
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || isSpace(c) || Number.isNaN(c);
}

/** The offset after the closing quote of the string whose opening quote is at `i`. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    j = text.indexOf('"', j);
    if (j === -1) throw new Error('unterminated JSON string'); // JSON.parse accepted the text
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
    j++;
  }
}

/** Brackets and quotes: the only characters that change the nesting level. */
const special = /["[\]{}]/g;

/** The offset after the bracket closing the container that opens at `open`. */
function containerEnd(text: string, open: number): number {
  let depth = 0;
  special.lastIndex = open;
  for (let m = special.exec(text); m; m = special.exec(text)) {
    const c = m[0];
    if (c === '"') special.lastIndex = stringEnd(text, m.index);
    else if (c === '[' || c === '{') depth++;
    else if (--depth === 0) return m.index + 1;
  }
  throw new Error('unbalanced JSON'); // JSON.parse accepted the text
}

/** A string's value: most keys have no escapes and are a plain slice. */
function decodeString(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

function firstByKey(keys: string[]): Map<string, number> {
  const first = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!first.has(k)) first.set(k, i);
  });
  return first;
}

/** Index of the first child ending at or after `offset` (children are in text order). */
function firstEndingFrom(ends: number[], offset: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ends[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `text[from, to)` is spaces and tabs, optionally after one `-` (the tree's test). */
function blanksOnly(text: string, from: number, to: number): boolean {
  let i = text.charCodeAt(from) === 45 ? from + 1 : from;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
