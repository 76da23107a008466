/**
 * Seeded mutations of must-gather text for the fuzz test. Each mutation takes a file's text (and
 * its parsed value, while the two are in step) and returns a new text; nothing here reads or
 * writes files. Structural mutations (field deletion, type swap) work on the value and serialise
 * it again; the others edit lines or characters, so that half-broken YAML reaches the parsers.
 */
import { stringify } from 'yaml';

/** A small, fast PRNG (mulberry32) seeded from the run's seed and the iteration. */
export class Rng {
  private state: number;

  constructor(seed: number, iteration: number) {
    let h = fmix(Math.floor(seed) >>> 0) ^ fmix(Math.floor(seed / 2 ** 32) >>> 0);
    h = fmix((h ^ Math.imul(iteration + 1, 0x9e3779b1)) >>> 0);
    this.state = h;
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** An integer in [lo, hi], small values as likely as large ones in order of magnitude. */
  logBetween(lo: number, hi: number): number {
    return Math.min(hi, Math.floor(Math.exp(Math.log(lo) + this.next() * Math.log(hi / lo))));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[this.int(xs.length)] as T;
  }

  weighted<T>(xs: readonly (readonly [T, number])[]): T {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1]![0];
  }
}

/** murmur3's finaliser: spreads the bits of a 32-bit integer. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export const mutationKinds = [
  'truncate',
  'flip',
  'deleteField',
  'typeSwap',
  'duplicateKey',
  'hugeString',
  'deepNesting',
  'aliasBomb',
] as const;
export type MutationKind = (typeof mutationKinds)[number];

/** How often each kind is drawn: the costly ones (MiBs of text, deep trees) now and then. */
export const kindWeights: readonly (readonly [MutationKind, number])[] = [
  ['truncate', 4],
  ['flip', 4],
  ['deleteField', 4],
  ['typeSwap', 4],
  ['duplicateKey', 3],
  ['hugeString', 0.04],
  ['deepNesting', 0.6],
  ['aliasBomb', 0.6],
];

export interface Subject {
  text: string;
  /** The text is JSON (gather-extra Lists, or YAML re-serialised as JSON). */
  json: boolean;
  /** The parsed value, while it is in step with `text`; never modified in place. */
  value?: unknown;
}

export interface Mutation {
  kind: MutationKind;
  subject: Subject;
  /** What was done, for `failure.json`. */
  note: string;
}

export function isJsonText(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/**
 * Applies one mutation. A kind that cannot apply to this text (no `key: value` line in a log)
 * becomes a character flip, and the returned kind says so.
 */
export function mutate(kind: MutationKind, s: Subject, rng: Rng): Mutation {
  const r = apply(kind, s, rng);
  if (r) return { kind, subject: r.subject, note: `${kind}: ${r.note}` };
  const f = flip(s, rng);
  return { kind: 'flip', subject: f.subject, note: `flip (for ${kind}): ${f.note}` };
}

type Applied = { subject: Subject; note: string } | undefined;

function apply(kind: MutationKind, s: Subject, rng: Rng): Applied {
  switch (kind) {
    case 'truncate':
      return truncate(s, rng);
    case 'flip':
      return flip(s, rng);
    case 'deleteField':
      return s.value !== undefined && rng.chance(0.5)
        ? structural(s, rng, 'delete')
        : deleteLines(s, rng);
    case 'typeSwap':
      return s.value !== undefined && rng.chance(0.5)
        ? structural(s, rng, 'swap')
        : swapLine(s, rng);
    case 'duplicateKey':
      return duplicateKey(s, rng);
    case 'hugeString':
      return hugeString(s, rng);
    case 'deepNesting':
      return deepNesting(s, rng);
    case 'aliasBomb':
      return aliasBomb(s, rng);
  }
}

const textOnly = (s: Subject, text: string): Subject => ({ text, json: s.json });

function truncate(s: Subject, rng: Rng): Applied {
  let at = rng.chance(0.1) ? rng.int(Math.min(64, s.text.length + 1)) : rng.int(s.text.length + 1);
  if (rng.chance(0.3)) {
    const nl = s.text.lastIndexOf('\n', at);
    at = nl === -1 ? 0 : nl + 1;
  }
  return { subject: textOnly(s, s.text.slice(0, at)), note: `at ${at} of ${s.text.length}` };
}

/** Characters that mean something to a YAML or JSON reader, or to a UTF-16 string. */
const specials = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFFFD',
  '\uFEFF',
  '\u2028',
  '\t',
  '\r',
  '\n',
  ' ',
  ':',
  '-',
  '"',
  "'",
  '\\',
  '{',
  '}',
  '[',
  ']',
  ',',
  '&',
  '*',
  '!',
  '#',
  '|',
  '>',
  '%',
  '@',
  '`',
  '?',
  '~',
  '\n---\n',
  '\n...\n',
  '<<: ',
];

/** Names that are also properties of every JavaScript object. */
const hostileNames = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', ''];

function flip(s: Subject, rng: Rng): { subject: Subject; note: string } {
  const n = rng.logBetween(1, 32);
  if (rng.chance(0.3)) {
    // Bytes: the text as UTF-8, bits flipped or bytes set, decoded again (invalid sequences
    // become U+FFFD, as when a file on disk is read).
    const bytes = Buffer.from(s.text, 'utf8');
    if (bytes.length === 0) return { subject: textOnly(s, '\u0000'), note: 'empty -> NUL' };
    const at: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = rng.int(bytes.length);
      at.push(p);
      bytes[p] = rng.chance(0.5)
        ? bytes[p]! ^ (1 << rng.int(8))
        : rng.pick([0x00, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xff]);
    }
    return {
      subject: textOnly(s, bytes.toString('utf8')),
      note: `${n} bytes at ${at.join(',')}`,
    };
  }
  let text = s.text;
  const at: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = rng.int(text.length + 1);
    at.push(p);
    const c = rng.chance(0.7) ? rng.pick(specials) : String.fromCharCode(rng.int(0x10000));
    const op = rng.int(3);
    if (op === 0) text = text.slice(0, p) + c + text.slice(p + 1);
    else if (op === 1) text = text.slice(0, p) + c + text.slice(p);
    else text = text.slice(0, p) + text.slice(p + 1);
  }
  return { subject: textOnly(s, text), note: `${n} chars at ${at.join(',')}` };
}

// ---- line-based edits ----

interface KeyLine {
  line: number;
  /** Column of the key (after indentation and `- ` markers). */
  col: number;
  /** Indentation and `- ` markers before the key. */
  prefix: string;
  /** Text up to and including `key:` (YAML) or `"key": ` (JSON). */
  head: string;
  /** The value's text; `` for a YAML block parent, `{`/`[` for a JSON one. */
  value: string;
  /** JSON's trailing comma. */
  comma: string;
  parent: boolean;
}

const yamlKeyLine = /^( *(?:- )*)([^\s:#"'\-[\]{}][^:#]*?|"[^"\\]*"|'[^']*'):(?: +(.*))?$/;
const jsonKeyLine = /^( *)("(?:[^"\\]|\\.)*"): ?(.*?)(,?)$/;

function keyLines(s: Subject, lines: string[]): KeyLine[] {
  const out: KeyLine[] = [];
  lines.forEach((l, line) => {
    if (s.json) {
      const m = jsonKeyLine.exec(l);
      if (!m) return;
      const value = m[3] ?? '';
      out.push({
        line,
        col: m[1]!.length,
        prefix: m[1]!,
        head: `${m[1]}${m[2]}: `,
        value,
        comma: m[4] ?? '',
        parent: value === '{' || value === '[',
      });
    } else {
      const m = yamlKeyLine.exec(l);
      if (!m) return;
      const value = m[3] ?? '';
      out.push({
        line,
        col: m[1]!.length,
        prefix: m[1]!,
        head: `${m[1]}${m[2]}:`,
        value,
        comma: '',
        parent: value === '',
      });
    }
  });
  return out;
}

function indentOf(l: string): number {
  let i = 0;
  while (l.charCodeAt(i) === 32) i++;
  return i;
}

/** Index after the block a key line opens (the line itself when it holds a scalar). */
function blockEnd(s: Subject, lines: string[], k: KeyLine): number {
  if (!k.parent) return k.line + 1;
  let j = k.line + 1;
  if (s.json) {
    const ind = indentOf(lines[k.line]!);
    while (j < lines.length && !(indentOf(lines[j]!) === ind && /^\s*[}\]]/.test(lines[j]!))) j++;
    return Math.min(j + 1, lines.length);
  }
  while (j < lines.length) {
    const l = lines[j]!;
    const ind = indentOf(l);
    // `oc` writes a map's sequence items at the key's own indentation.
    const inside = ind === l.length || ind > k.col || (ind === k.col && l.startsWith('- ', ind));
    if (!inside) break;
    j++;
  }
  return j;
}

function deleteLines(s: Subject, rng: Rng): Applied {
  const lines = s.text.split('\n');
  const keys = keyLines(s, lines);
  if (keys.length === 0) return undefined;
  const k = rng.pick(keys);
  const end = rng.chance(0.8) ? blockEnd(s, lines, k) : k.line + 1;
  lines.splice(k.line, end - k.line);
  return {
    subject: textOnly(s, lines.join('\n')),
    note: `lines ${k.line + 1}-${end} (${k.head.trim()})`,
  };
}

const yamlLiterals = [
  '42',
  '-1',
  '3.25',
  '1e400',
  '0x1F',
  'null',
  '~',
  'true',
  'False',
  '""',
  '"text"',
  'plain text',
  '2021-11-03T02:14:10Z',
  'rendered-worker-0123456789abcdef0123456789abcdef',
  '__proto__',
  'constructor',
  '[]',
  '[1, two, {three: 3}]',
  '{}',
  '{a: 1, b: [x, y]}',
  '{type: Degraded, status: "True"}',
];
const jsonLiterals = [
  '42',
  '-1',
  '3.25',
  '1e400',
  'null',
  'true',
  'false',
  '""',
  '"text"',
  '"2021-11-03T02:14:10Z"',
  '"__proto__"',
  '"constructor"',
  '[]',
  '[1, "two", {"three": 3}]',
  '{}',
  '{"a": 1, "b": ["x"]}',
  '{"type": "Degraded", "status": "True"}',
];

function swapLine(s: Subject, rng: Rng): Applied {
  const lines = s.text.split('\n');
  const keys = keyLines(s, lines);
  if (keys.length === 0) return undefined;
  const k = rng.pick(keys);
  if (rng.chance(0.15)) {
    // The key itself: a name every JavaScript object already has.
    const name = rng.pick(hostileNames);
    const head = s.json
      ? `${k.prefix}${JSON.stringify(name)}: `
      : `${k.prefix}${name === '' ? '""' : name}:`;
    lines[k.line] = head + lines[k.line]!.slice(k.head.length);
    return {
      subject: textOnly(s, lines.join('\n')),
      note: `line ${k.line + 1} key ${k.head.trim()} -> ${JSON.stringify(name)}`,
    };
  }
  const choices = (s.json ? jsonLiterals : yamlLiterals).filter((l) => l !== k.value);
  const lit = rng.pick(choices);
  // A parent's block goes with it, mostly; left in place it makes the text invalid.
  const end = rng.chance(0.85) ? blockEnd(s, lines, k) : k.line + 1;
  const sep = s.json ? '' : ' ';
  lines.splice(k.line, end - k.line, `${k.head}${sep}${lit}${k.comma}`);
  return {
    subject: textOnly(s, lines.join('\n')),
    note: `line ${k.line + 1} (${k.head.trim()}) ${JSON.stringify(k.value.slice(0, 40))} -> ${lit}`,
  };
}

function duplicateKey(s: Subject, rng: Rng): Applied {
  const lines = s.text.split('\n');
  const keys = keyLines(s, lines).filter((k) => !s.json || !k.parent);
  if (keys.length === 0) return undefined;
  const k = rng.pick(keys);
  const end = blockEnd(s, lines, k);
  let copy = lines.slice(k.line, end);
  if (!k.parent && rng.chance(0.5)) {
    // The same key with another value: which one wins differs between readers.
    const lit = rng.pick(s.json ? jsonLiterals : yamlLiterals);
    copy = [`${k.head}${s.json ? '' : ' '}${lit}${s.json ? ',' : ''}`];
  } else if (s.json && k.comma === '') {
    copy = copy.map((l) => `${l},`);
  }
  // A copy of a `- key:` line would start a new item; a duplicate key keeps the item's column.
  copy[0] = copy[0]!.replace(
    /^( *)((?:- )+)/,
    (_, sp: string, d: string) => sp + ' '.repeat(d.length),
  );
  const at = rng.chance(0.5) ? end : k.line;
  if (at === k.line && /^ *- /.test(lines[k.line]!)) {
    // Before an item's first key: keep the marker on the first line.
    lines.splice(k.line, 1, lines[k.line]!, ...copy);
  } else {
    lines.splice(at, 0, ...copy);
  }
  return {
    subject: textOnly(s, lines.join('\n')),
    note: `line ${k.line + 1} (${k.head.trim()}), ${copy.length} lines`,
  };
}

/** A long string made of a short random chunk, repeated: cheap to build, as long as asked. */
function longText(rng: Rng, length: number, charset: string): string {
  let chunk = '';
  const n = rng.between(1, 48);
  for (let i = 0; i < n; i++) chunk += charset[rng.int(charset.length)];
  return chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length);
}

const plainChars = 'abcdefghijklmnopqrstuvwxyz0123456789./_=-';
const wideChars = 'abcxyz019 éüß日本語🙂.,;()=';

function hugeString(s: Subject, rng: Rng): Applied {
  const mib = rng.between(1, 5);
  const length = mib * 1024 * 1024 - rng.int(1024);
  const lines = s.text.split('\n');
  const keys = keyLines(s, lines).filter((k) => !k.parent);
  const style = s.json ? 'json' : rng.pick(['plain', 'quoted', 'literal'] as const);
  let value: string;
  let block: string[] = [];
  switch (style) {
    case 'json':
      value = JSON.stringify(longText(rng, length, wideChars));
      break;
    case 'plain':
      value = longText(rng, length, plainChars);
      break;
    case 'quoted':
      value = JSON.stringify(longText(rng, length, wideChars));
      break;
    case 'literal': {
      value = '|';
      const line = longText(rng, rng.between(20, 4000), plainChars + ' ');
      block = Array.from({ length: Math.ceil(length / line.length) }, () => line);
      break;
    }
  }
  if (keys.length === 0) {
    const text = s.json ? `{"huge": ${value}}` : `huge: ${value}\n`;
    return { subject: textOnly(s, text), note: `whole file, ${style} ${mib} MiB` };
  }
  const k = rng.pick(keys);
  const pad = ' '.repeat(k.col + 2);
  lines.splice(
    k.line,
    1,
    `${k.head}${s.json ? '' : ' '}${value}${k.comma}`,
    ...block.map((l) => pad + l),
  );
  return {
    subject: textOnly(s, lines.join('\n')),
    note: `line ${k.line + 1} (${k.head.trim()}), ${style} ${mib} MiB`,
  };
}

function deepNesting(s: Subject, rng: Rng): Applied {
  const lines = s.text.split('\n');
  const keys = keyLines(s, lines);
  const style = s.json
    ? rng.pick(['seq', 'map'] as const)
    : rng.pick(['seq', 'map', 'block'] as const);
  const depth = style === 'block' ? rng.logBetween(8, 400) : rng.logBetween(16, 5000);
  const k = keys.length > 0 ? rng.pick(keys) : undefined;
  let nested: string[];
  if (style === 'seq') nested = ['['.repeat(depth) + ']'.repeat(depth)];
  else if (style === 'map') {
    const key = s.json ? '"a"' : 'a';
    nested = [`{${key}: `.repeat(depth) + '1' + '}'.repeat(depth)];
  } else {
    const base = (k?.col ?? 0) + 2;
    nested = ['', ...Array.from({ length: depth }, (_, i) => ' '.repeat(base + 2 * i) + 'a:')];
    nested[nested.length - 1] += ' 1';
  }
  if (!k) {
    const text = s.json ? `{"deep": ${nested[0]}}` : `deep: ${nested.join('\n')}\n`;
    return { subject: textOnly(s, text), note: `whole file, ${style} depth ${depth}` };
  }
  const end = blockEnd(s, lines, k);
  const [first, ...rest] = nested;
  lines.splice(k.line, end - k.line, `${k.head}${s.json ? '' : ' '}${first}${k.comma}`, ...rest);
  return {
    subject: textOnly(s, lines.join('\n')),
    note: `line ${k.line + 1} (${k.head.trim()}), ${style} depth ${depth}`,
  };
}

/** Anchors and aliases, up to a billion laughs: within the parser's alias limit or past it. */
function aliasBomb(s: Subject, rng: Rng): Applied {
  // One level of one alias is a plain shared value; nine of nine, a billion laughs.
  const levels = rng.between(1, 9);
  const width = rng.between(1, 9);
  const q = s.json ? (x: string) => `"${x}"` : (x: string) => x;
  const defs: string[] = [];
  for (let i = 0; i < levels; i++) {
    const items = Array.from({ length: width }, () => (i === 0 ? q('lol') : `*a${i - 1}`));
    defs.push(`${q(`lol${i}`)}: &a${i} [${items.join(', ')}]`);
  }
  const lines = s.text.split('\n');
  // The anchors go first in the top-level map: inside JSON's braces, or at column 0 of YAML.
  const at = s.json ? lines.findIndex((l) => /^\s*\{\s*$/.test(l)) + 1 : 0;
  lines.splice(at, 0, ...defs.map((d) => (s.json ? `${d},` : d)));
  let note = `${levels} levels of ${width}`;
  if (rng.chance(0.6)) {
    // And used where a rule reads.
    const keys = keyLines(s, lines).filter((k) => k.line >= at + defs.length);
    if (keys.length > 0) {
      const k = rng.pick(keys);
      const end = blockEnd(s, lines, k);
      lines.splice(k.line, end - k.line, `${k.head}${s.json ? '' : ' '}*a${levels - 1}${k.comma}`);
      note += `, used at line ${k.line + 1} (${k.head.trim()})`;
    }
  }
  return { subject: textOnly(s, lines.join('\n')), note };
}

// ---- structural edits ----

type Segment = string | number;

/** Paths of the value's nodes, breadth first, at most `max` of them. */
function nodePaths(value: unknown, max: number): Segment[][] {
  const out: Segment[][] = [];
  const queue: [unknown, Segment[]][] = [[value, []]];
  for (let i = 0; i < queue.length && out.length < max; i++) {
    const [v, p] = queue[i]!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, j) => queue.push([x, [...p, j]]));
    else if (v !== null && typeof v === 'object')
      for (const [key, x] of Object.entries(v)) queue.push([x, [...p, key]]);
  }
  return out;
}

function at(value: unknown, p: Segment[]): unknown {
  let cur = value;
  for (const seg of p) cur = (cur as Record<Segment, unknown>)[seg];
  return cur;
}

/** Sets an own property, even one named `__proto__`. */
function setAt(container: unknown, key: Segment, v: unknown): void {
  Object.defineProperty(container, key, {
    value: v,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v === 'object' ? 'map' : typeof v;
}

const replacements: unknown[] = [
  'text',
  '',
  '42',
  'True',
  '2021-11-03T02:14:10Z',
  'rendered-master-0123456789abcdef0123456789abcdef',
  '__proto__',
  'constructor',
  0,
  -1,
  3.25,
  2 ** 53 + 2,
  1e308,
  true,
  false,
  null,
  {},
  { a: 1 },
  { type: 'Degraded', status: 'True', message: 'x' },
  [],
  [1, 'two', { three: 3 }],
  [null],
];

function structural(s: Subject, rng: Rng, op: 'delete' | 'swap'): Applied {
  const value = structuredClone(s.value);
  const paths = nodePaths(value, 20000);
  const candidates = op === 'delete' ? paths.filter((p) => p.length > 0) : paths;
  if (candidates.length === 0) return undefined;
  const p = rng.pick(candidates);
  const old = at(value, p);
  let result = value;
  let note: string;
  if (op === 'delete') {
    const parent = at(value, p.slice(0, -1));
    const last = p[p.length - 1]!;
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, unknown>)[last];
    note = `delete /${p.join('/')}`;
  } else if (p.length > 0 && typeof p[p.length - 1] === 'string' && rng.chance(0.15)) {
    // Rename the key (an own property even when named `__proto__`), keeping the order.
    const name = rng.pick(hostileNames);
    const parent = at(value, p.slice(0, -1)) as Record<string, unknown>;
    const renamed = Object.fromEntries(
      Object.entries(parent).map(([k, v]) => [k === p[p.length - 1] ? name : k, v]),
    );
    if (p.length === 1) result = renamed;
    else setAt(at(value, p.slice(0, -2)), p[p.length - 2]!, renamed);
    note = `/${p.join('/')} key -> ${JSON.stringify(name)}`;
  } else {
    const choices = replacements.filter((r) => typeOf(r) !== typeOf(old));
    const next = structuredClone(rng.pick(choices));
    if (p.length === 0) result = next;
    else setAt(at(value, p.slice(0, -1)), p[p.length - 1]!, next);
    note = `/${p.join('/')} ${typeOf(old)} -> ${JSON.stringify(next)}`;
  }
  // JSON stays JSON; YAML is written by the `yaml` package (other styles than `oc`'s), or as JSON.
  const asJson = s.json || rng.chance(0.2);
  const text = asJson
    ? JSON.stringify(result, null, rng.pick([0, 2, 4]))
    : stringify(result, { lineWidth: rng.pick([0, 80]) });
  return {
    subject: { text, json: asJson, value: result },
    note: `${note}, written as ${asJson ? 'JSON' : 'YAML'}`,
  };
}
