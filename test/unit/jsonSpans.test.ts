/**
 * The JSON index must give exactly the positions the `yaml` node tree gives for the same JSON
 * text, without building that tree: `spanOf` for every pointer and `pathAt` for every offset,
 * on every JSON fixture and on seeded random JSON in many layouts.
 */
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { JsonSpans } from '../../server/src/yaml/jsonSpans';
import { parseText } from '../../server/src/yaml/parse';
import type { ParsedFile } from '../../server/src/yaml/parse';
import { pathAt } from '../../server/src/yaml/pathAt';
import { rangeIn, spanOf } from '../../server/src/yaml/positions';
import { pointer } from '../../server/src/yaml/pointer';
import { examplesDir, fixturesDir } from '../support/fixtures';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    const st = lstatSync(p);
    if (st.isDirectory()) return jsonFiles(p);
    return st.isFile() && n.endsWith('.json') ? [p] : [];
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every pointer into a value, plus ones that lead nowhere below each: a missing key, an index
 * past the end, and indexes the tree walk reads with `Number` (`01`) or refuses (`-1`, `1.0`).
 */
function pointersOf(v: unknown, segs: (string | number)[] = []): string[] {
  const here = [pointer(...segs), pointer(...segs, 'nowhere')];
  if (Array.isArray(v)) {
    const odd = [v.length, '01', '00', '-1', '1.0', ' 1'].map((s) => pointer(...segs, s));
    return [...here, ...odd, ...v.flatMap((x, i) => pointersOf(x, [...segs, i]))];
  }
  if (v !== null && typeof v === 'object') {
    return [...here, ...Object.entries(v).flatMap(([k, x]) => pointersOf(x, [...segs, k]))];
  }
  return here;
}

/** The fast parse (JSON index) and the full parse (node tree) of one JSON text. */
function both(text: string): [ParsedFile, ParsedFile] {
  const fast = parseText(text);
  assert.ok(fast.docs[0]?.json, 'the fast parse carries a JSON index');
  return [fast, parseText(text, undefined, false)];
}

/** Checks every pointer's span; returns how many were checked. */
function checkPointers(fast: ParsedFile, tree: ParsedFile, label: string): number {
  const ptrs = pointersOf(fast.docs[0]?.value);
  for (const p of ptrs) assert.deepEqual(spanOf(fast, 0, p), spanOf(tree, 0, p), `${label} ${p}`);
  return ptrs.length;
}

/** Checks `pathAt` at the given offsets; returns how many were checked. */
function checkOffsets(
  fast: ParsedFile,
  tree: ParsedFile,
  offsets: Iterable<number>,
  label: string,
): number {
  let n = 0;
  for (const o of offsets) {
    assert.deepStrictEqual(pathAt(fast, o), pathAt(tree, o), `${label} @${o}`);
    n++;
  }
  return n;
}

function* every(from: number, to: number): Generator<number> {
  for (let o = from; o <= to; o++) yield o;
}

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/** Offsets to check in a text: all of a small one, a seeded sample (with both ends) of a big one. */
function offsetsIn(text: string, rnd: () => number, all = 200_000, sample = 20_000): number[] {
  if (text.length <= all) return [...every(-1, text.length + 1)];
  const out = [0, text.length];
  for (let k = 0; k < sample; k++) out.push(Math.floor(rnd() * (text.length + 1)));
  return out;
}

describe('JsonSpans: positions in JSON without the yaml tree', () => {
  const files = [...jsonFiles(fixturesDir), ...jsonFiles(examplesDir)]
    .map((f) => [f, readFileSync(f, 'utf8')] as const)
    // The hostile set has broken JSON on purpose: the full parser reports it, no index is built.
    .filter(([, text]) => isJson(text));

  it('gives every pointer of every JSON fixture the span the tree gives', (t) => {
    assert.ok(files.length >= 5);
    let pointers = 0;
    for (const [f, text] of files) pointers += checkPointers(...both(text), f);
    t.diagnostic(`${pointers} pointers in ${files.length} files`);
    assert.ok(pointers > 8000);
  });

  it('gives every offset of every JSON fixture the path the tree gives', (t) => {
    const rnd = seeded(2019850);
    let offsets = 0;
    for (const [f, text] of files) offsets += checkOffsets(...both(text), offsetsIn(text, rnd), f);
    t.diagnostic(`${offsets} offsets in ${files.length} files`);
    assert.ok(offsets > 250_000);
  });

  it('agrees with the tree on seeded random JSON in many layouts', (t) => {
    const rnd = seeded(20261201);
    const cases = 800;
    let pointers = 0;
    let offsets = 0;
    for (let k = 0; k < cases; k++) {
      const text = randomJson(rnd, k);
      assert.ok(isJson(text), `case ${k} is JSON: ${JSON.stringify(text)}`);
      const [fast, tree] = both(text);
      const label = `case ${k}: ${JSON.stringify(text.slice(0, 300))}`;
      pointers += checkPointers(fast, tree, label);
      offsets += checkOffsets(fast, tree, offsetsIn(text, rnd, 2500, 1500), label);
    }
    t.diagnostic(`${pointers} pointers, ${offsets} offsets in ${cases} texts`);
  });

  it('answers positions in a JSON file without building the tree', () => {
    const [f, text] = files.find(([p]) => p.endsWith('machineconfigs.json')) ?? [];
    assert.ok(f && text);
    const parsed = parseText(text);
    const doc = parsed.docs[0];
    assert.ok(doc);
    let built = 0;
    const treeOf = Object.getOwnPropertyDescriptor(doc, 'node')?.get;
    assert.ok(treeOf, 'the tree is behind a getter');
    Object.defineProperty(doc, 'node', {
      get() {
        built++;
        return treeOf.call(doc) as unknown;
      },
    });
    for (const p of pointersOf(doc.value).slice(0, 5000)) spanOf(parsed, 0, p);
    rangeIn(parsed, { file: f, doc: 0, pointer: '/items/3/metadata/creationTimestamp' });
    for (let o = 0; o < text.length; o += 97) pathAt(parsed, o);
    assert.equal(built, 0, 'the node getter was read');
    assert.ok(doc.node.contents, 'the spy sees the tree when it is asked for');
    assert.equal(built, 1);
  });

  it('keeps YAML on the oc reader and the tree (no JSON index)', () => {
    const parsed = parseText('metadata:\n  name: worker\n');
    assert.equal(parsed.docs[0]?.json, undefined);
    assert.ok(parsed.docs[0]?.spans);
    assert.deepEqual(pathAt(parsed, 18)?.path, ['metadata', 'name']);
  });

  it('follows JSON where the yaml package misreads it: a lone CR is whitespace', () => {
    // The yaml package takes only LF and CRLF as line breaks, so it reads `\r"a":1\r` as one
    // plain key; JSON.parse (and the index) read the member `a`.
    const text = '{\r"a":1\r}';
    const spans = new JsonSpans(text);
    assert.deepEqual(spans.get('/a'), [2, 7]);
    assert.deepEqual(spans.at(6), {
      path: ['a'],
      onKey: false,
      span: [6, 7],
      scalar: { value: 1, span: [6, 7] },
    });
  });
});

// ---------------------------------------------------------------- random JSON

/** Characters a string may hold: ASCII, escapes' targets, Latin, CJK, an astral emoji. */
const chars = [
  'a',
  'Z',
  '0',
  ' ',
  '"',
  '\\',
  '/',
  '\n',
  '\t',
  '\b',
  '\f',
  '\r',
  '\u0001',
  'é',
  'ü',
  '中',
  '😀',
  '\u2028',
  '\u007f',
  '<',
  '&',
  '~',
  ':',
  '#',
  '-',
  '{',
  '[',
  ',',
  '}',
  ']',
];
const keys = [
  'a',
  'b',
  'name',
  'items',
  '',
  '01',
  '1',
  'a/b',
  'x~y',
  'k"q',
  'back\\slash',
  'é',
  '😀',
  'two words',
  'metadata',
  // Longer than the 1024 characters YAML allows an implicit block key.
  'k'.repeat(1100),
];
const numbers = [
  '0',
  '-0',
  '1',
  '-17',
  '3.25',
  '1.0',
  '-0.5e-3',
  '1e400',
  '2E+5',
  '12345678901234567890',
  '0.1e1',
  '-1E-2',
];

/** A JSON text with random structure and a random layout (minified, pretty, odd blanks). */
function randomJson(rnd: () => number, k: number): string {
  const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)] as T;
  const layout = k % 4; // 0 minified, 1 pretty (2 or 4 spaces, maybe tabs or CRLF), 2-3 random blanks
  const indentUnit = pick(['  ', '    ', '\t']);
  const eol = pick(['\n', '\n', '\r\n']);
  const blank = (): string => {
    if (layout === 0) return '';
    if (layout === 1) return rnd() < 0.2 ? ' ' : '';
    return Array.from({ length: Math.floor(rnd() * 3) }, () =>
      pick([' ', '\t', '\n', '\r\n', '  ']),
    ).join('');
  };
  const nl = (depth: number): string => (layout === 1 ? eol + indentUnit.repeat(depth) : blank());
  const str = (s: string): string => quote(s, rnd);

  const value = (depth: number): string => {
    const r = rnd();
    if (depth < 5 && r < 0.2) return container(depth, true);
    if (depth < 5 && r < 0.4) return container(depth, false);
    if (r < 0.6)
      return str(
        Array.from({ length: rnd() < 0.02 ? 1100 : Math.floor(rnd() * 8) }, () => pick(chars)).join(
          '',
        ),
      );
    if (r < 0.8) return pick(numbers);
    return pick(['true', 'false', 'null']);
  };
  const container = (depth: number, map: boolean): string => {
    const n = rnd() < 0.15 ? 0 : Math.floor(rnd() * 5) + 1;
    const [open, close] = map ? ['{', '}'] : ['[', ']'];
    if (n === 0) return open + blank() + close;
    const members = Array.from({ length: n }, () =>
      map
        ? str(pick(keys)) + blank() + ':' + (layout === 1 ? ' ' : blank()) + value(depth + 1)
        : value(depth + 1),
    );
    const sep = (layout === 1 ? '' : blank()) + ',';
    return open + nl(depth + 1) + members.join(sep + nl(depth + 1)) + nl(depth) + close;
  };
  const root = container(0, rnd() < 0.7);
  return blank() + root + (rnd() < 0.5 ? eol : '') + blank();
}

/** A JSON string literal, escaping optional characters at random (`\/`, `\u00e9`, ...). */
function quote(s: string, rnd: () => number): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (code < 0x20 || rnd() < 0.15) out += escape(ch, rnd);
    else out += ch;
  }
  return out + '"';
}

function escape(ch: string, rnd: () => number): string {
  const short: Record<string, string> = {
    '\n': '\\n',
    '\t': '\\t',
    '\b': '\\b',
    '\f': '\\f',
    '\r': '\\r',
    '/': '\\/',
  };
  const s = short[ch];
  if (s && rnd() < 0.7) return s;
  // Astral characters become a surrogate pair of escapes.
  return [...ch]
    .flatMap((c) => Array.from({ length: c.length }, (_, i) => c.charCodeAt(i)))
    .map((u) => '\\u' + u.toString(16).padStart(4, '0'))
    .join('');
}
