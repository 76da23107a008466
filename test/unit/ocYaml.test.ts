/**
 * The fast reader of `oc` YAML must give exactly what the `yaml` package gives, or give up:
 * checked on every fixture file, on hand-written edge cases, and on seeded random mutations.
 */
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { unreadIn } from '../../server/src/gather/fastRead';
import { parseOcYaml } from '../../server/src/yaml/ocYaml';
import { OcYamlSpans } from '../../server/src/yaml/ocYamlSpans';
import { parseText } from '../../server/src/yaml/parse';
import { spanOf } from '../../server/src/yaml/positions';
import { pointer } from '../../server/src/yaml/pointer';
import { examplesDir, fixturesDir } from '../support/fixtures';

const libError = Symbol('the yaml package reports an error');

/** What the full parser makes of a single-document text. */
function reference(text: string): unknown {
  const docs = parseAllDocuments(text, { uniqueKeys: false, strict: false });
  if (!Array.isArray(docs) || docs.length !== 1) return libError;
  const doc = docs[0];
  if (!doc || doc.errors.length > 0) return libError;
  return doc.toJS({ maxAliasCount: 100 });
}

/** Every YAML file `oc` wrote in the fixtures (not the deliberately broken hostile set). */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    const st = lstatSync(p);
    if (st.isDirectory()) return n.startsWith('hostile-') ? [] : yamlFiles(p);
    return st.isFile() && /\.ya?ml$/.test(n) ? [p] : [];
  });
}

const fixtureFiles = [...yamlFiles(examplesDir), ...yamlFiles(fixturesDir)];

/** A seeded generator (an LCG): the same mutations on every run. */
function seeded(seed: number): { rnd: () => number; pick: <T>(a: T[]) => T } {
  let state = seed;
  const rnd = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return { rnd, pick: <T>(a: T[]): T => a[Math.floor(rnd() * a.length)] as T };
}

/** Edits that make YAML the fast reader must read exactly as the yaml package, or give up on. */
const mutationSnippets = [
  ' ',
  '  ',
  '\n',
  ':',
  ': ',
  '- ',
  '-',
  '#',
  ' #',
  '"',
  "'",
  '\\',
  '|',
  '|-',
  '|+',
  '>',
  '{',
  '[',
  '&a',
  '*a',
  '!',
  '?',
  '\t',
  '\n\n',
  '\n  ',
  'null',
  '0x1F',
  '1e3',
  '~',
  '\\n',
  "''",
  '\\x41',
  '%',
  '---',
];

describe('parseOcYaml', () => {
  it('reads every fixture file exactly as the yaml package does, without giving up', () => {
    assert.ok(fixtureFiles.length > 200);
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      const fast = parseOcYaml(text);
      assert.ok(fast, `gave up on ${f}`);
      assert.deepStrictEqual(fast.value, reference(text), f);
    }
  });

  const cases: [string, string][] = [
    [
      'scalars of every core type',
      'a: 1\nb: -2\nc: 0x1F\nd: 0o17\ne: 1.50\nf: 1e3\ng: .inf\nh: .NaN\ni: ~\nj: null\nk: True\nl: FALSE\nm: "1"\nn: \'x\'\no:\n',
    ],
    [
      'a plain scalar folded over lines',
      'message: this is a long line\n  that goes on\n\n  after an empty line\nnext: 1\n',
    ],
    [
      'a double-quoted scalar folded, with escapes',
      'm: "a \\"quoted\\" word\\n and a tab\\t\n  continued \\\n  joined \\u00e9\\x41"\n',
    ],
    ['a single-quoted scalar folded', "m: 'it''s long\n  and folded\n\n  twice'\n"],
    [
      'literal blocks with each chomping',
      'a: |\n  one\n  two\nb: |-\n  one\n\n  two\n\nc: |+\n  keep\n\nd: 1\n',
    ],
    ['a literal block at the end', 'a: |+\n  keep\n\n\n'],
    [
      'unindented and indented sequences',
      'a:\n- 1\n- x: 1\n  y: []\n- - nested\n  - more\nb:\n  - --v=2\n  - -c\n  -\n    deep: true\n',
    ],
    ['empty collections and empty values', 'a: {}\nb: []\nc:\nd: ""\n'],
    ['quoted keys', '"a b": 1\n\'c: d\': 2\n"x\\ty": 3\n'],
    [
      'a root sequence of maps',
      '- name: a\n  value: "1"\n- name: b\n  value: |\n    multi\n    line\n',
    ],
    ['plain scalars that look like indicators', 'a: -x\nb: ?y\nc: :z\nd: http://e/f\ne: a:b\n'],
    [
      'a plain scalar wrapped before a dash (the network operator’s Degraded message)',
      'items:\n- message: DaemonSet "openshift-multus/multus" rollout is not making progress\n    - last change 2022-03-24T16:50:12Z\n  reason: RolloutHung\n- x\n  - y\n',
    ],
  ];
  for (const [name, text] of cases) {
    it(`agrees on ${name}`, () => {
      const fast = parseOcYaml(text);
      assert.ok(fast, `gave up on: ${JSON.stringify(text)}`);
      assert.deepStrictEqual(fast.value, reference(text));
    });
  }

  const unsupported: [string, string][] = [
    ['comments', 'a: 1 # note\n'],
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['tags', 'a: !!str 1\n'],
    ['flow collections', 'a: {b: 1}\n'],
    ['folded blocks', 'a: >\n  folded\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['CRLF line ends', 'a: 1\r\nb: 2\r\n'],
    ['tabs', 'a:\tb\n'],
    ['a broken indentation', 'a:\n  b: 1\n c: 2\n'],
    ['an unterminated quote', 'a: "open\n'],
    ['a __proto__ key', '__proto__: 1\n'],
    // Spaces JavaScript trims and YAML does not (the yaml package keeps `x\u00a0`).
    ['a no-break space after a value', 'a: x\u00a0\nb: 1\n'],
    ['a no-break space alone', 'a: \u00a0\nb: 1\n'],
    ['a vertical tab', 'a: x\v\n'],
    ['a form feed', 'a: x\f\n'],
    ['a line separator', 'a: x\u2028\n'],
    ['an ideographic space', 'a: x\u3000\n'],
  ];
  for (const [name, text] of unsupported) {
    it(`gives up on ${name}`, () => assert.equal(parseOcYaml(text), undefined));
  }

  it('never accepts what the yaml package rejects, nor reads it differently (seeded mutations)', () => {
    const { rnd, pick } = seeded(20261129);
    const sources = fixtureFiles
      .map((f) => readFileSync(f, 'utf8'))
      .filter((t) => t.length < 20_000);
    let accepted = 0;
    for (let k = 0; k < 3000; k++) {
      let t = pick(sources);
      for (let j = 0; j < 1 + Math.floor(rnd() * 3); j++) {
        const pos = Math.floor(rnd() * t.length);
        const r = rnd();
        if (r < 0.5) t = t.slice(0, pos) + pick(mutationSnippets) + t.slice(pos);
        else if (r < 0.8) t = t.slice(0, pos) + t.slice(pos + 1 + Math.floor(rnd() * 5));
        else if (r < 0.9) t = t.slice(0, pos);
        else {
          const lines = t.split('\n');
          lines.splice(Math.floor(rnd() * lines.length), 0, pick(lines));
          t = lines.join('\n');
        }
      }
      const fast = parseOcYaml(t);
      if (!fast) continue;
      accepted++;
      assert.deepStrictEqual(fast.value, reference(t), `mutation ${k}: ${JSON.stringify(t)}`);
    }
    // Most mutations keep the text valid `oc` YAML: the fast path must still take them.
    assert.ok(accepted > 1000, `only ${accepted} of 3000 mutations read fast`);
  });
});

/** Every pointer into a value, plus one that leads nowhere below each. */
function pointersOf(v: unknown, segs: (string | number)[] = []): string[] {
  const here = [pointer(...segs), pointer(...segs, 'nowhere')];
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => pointersOf(x, [...segs, i]))];
  if (v !== null && typeof v === 'object') {
    return [...here, ...Object.entries(v).flatMap(([k, x]) => pointersOf(x, [...segs, k]))];
  }
  return here;
}

describe("parseOcYaml skipping a Node's status.images", () => {
  /** A Node as oc writes it, with a real-size images block (two names and a size each). */
  function nodeText(images: number): string {
    const entries = Array.from({ length: images }, (_, i) => {
      const h = (i * 2654435761).toString(16).padStart(8, '0').repeat(8);
      return `  - names:\n    - quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${h}\n    - quay.io/openshift-release-dev/ocp-v4.0-art-dev:4.15.3-x86_64-component-${i}\n    sizeBytes: ${400_000_000 + i * 7919}\n`;
    }).join('');
    return (
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: ip-10-0-142-176.ec2.internal\nstatus:\n' +
      '  conditions:\n  - lastHeartbeatTime: "2024-04-09T16:20:00Z"\n    status: "True"\n    type: Ready\n' +
      `  images:\n${entries}` +
      '  nodeInfo:\n    architecture: amd64\n    kubeletVersion: v1.28.7+f1b5f6c\n'
    );
  }

  it('leaves a 100-entry block out and reads what follows it exactly', () => {
    const text = nodeText(100);
    assert.ok(text.length > 20_000, 'a real-size block');
    const skipped = parseOcYaml(text, false, new Set(['/status/images']));
    assert.ok(skipped);
    const full = reference(text) as { status: Record<string, unknown> };
    const { images, ...rest } = full.status;
    assert.equal((images as unknown[]).length, 100);
    assert.deepStrictEqual(skipped.value, { ...full, status: rest });
    // Without the skip the fast reader still gives exactly the yaml package's value.
    assert.deepStrictEqual(parseOcYaml(text)?.value, full);
  });
});

/** What a read from disk leaves out (fileCache's set). */
const unread = new Set(['/metadata/managedFields', '/status/images']);

/**
 * The text with the unread blocks cut out, line by line: `  managedFields:` under the top-level
 * `metadata:` and `  images:` under `status:`, up to the next line indented 2 or less that is not
 * an item of the block. Reading with the blocks left unread must equal reading this text.
 */
function cutUnread(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let top = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^[^ ]/.test(line)) top = line;
    const cut =
      (top === 'metadata:' && /^ {2}managedFields: *$/.test(line)) ||
      (top === 'status:' && /^ {2}images: *$/.test(line));
    if (!cut) {
      out.push(line);
      continue;
    }
    while (i + 1 < lines.length) {
      const next = lines[i + 1] as string;
      if (/^ *$/.test(next) || /^ {3}/.test(next) || /^ {2}-(?: |$)/.test(next)) i++;
      else break;
    }
  }
  return out.join('\n');
}

const nodeFiles = fixtureFiles.filter((f) => f.includes('/core/nodes/'));

describe('parseOcYaml leaving blocks unread, as reads from disk do', () => {
  it('reads every fixture file as the yaml package reads it with those blocks cut out; nodes carry real-size images blocks', () => {
    let large = 0;
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      const fast = parseOcYaml(text, false, unread);
      assert.ok(fast, `gave up on ${f}`);
      assert.deepStrictEqual(fast.value, reference(cutUnread(text)), f);
      const images = (reference(text) as { status?: { images?: unknown[] } }).status?.images;
      if (f.includes('/core/nodes/') && (images?.length ?? 0) >= 70 && text.length > 20_000)
        large++;
    }
    assert.ok(
      nodeFiles.length > 100 && large === nodeFiles.length,
      `${large} of ${nodeFiles.length}`,
    );
  });

  it('never reads a mutated real-size node differently from the text with those blocks cut out (seeded mutations)', () => {
    const { rnd, pick } = seeded(20261201);
    const sources = nodeFiles.slice(0, 40).map((f) => readFileSync(f, 'utf8'));
    let accepted = 0;
    for (let k = 0; k < 600; k++) {
      let t = pick(sources);
      // Mutate near the images block, where the skipping happens.
      const around = t.indexOf('\n  images:');
      for (let j = 0; j < 1 + Math.floor(rnd() * 2); j++) {
        const pos =
          rnd() < 0.5 ? around + Math.floor((rnd() - 0.2) * 4000) : Math.floor(rnd() * t.length);
        const at = Math.max(0, Math.min(t.length, pos));
        const r = rnd();
        if (r < 0.6) t = t.slice(0, at) + pick(mutationSnippets) + t.slice(at);
        else t = t.slice(0, at) + t.slice(at + 1 + Math.floor(rnd() * 5));
      }
      const fast = parseOcYaml(t, false, unread);
      if (!fast) continue;
      accepted++;
      assert.deepStrictEqual(fast.value, reference(cutUnread(t)), `mutation ${k}`);
    }
    assert.ok(accepted > 200, `only ${accepted} of 600 mutations read fast`);
  });

  it('gives what it read the spans the position tree gives, and nothing of what it left out', () => {
    for (const f of nodeFiles.slice(0, 6)) {
      const text = readFileSync(f, 'utf8');
      const fast = parseText(text, undefined, true, unread);
      const tree = parseText(text, undefined, false);
      const pointers = pointersOf(fast.docs[0]?.value);
      assert.ok(pointers.length > 100 && !pointers.some((p) => p.startsWith('/status/images')), f);
      for (const p of pointers)
        assert.deepEqual(spanOf(fast, 0, p), spanOf(tree, 0, p), `${f} ${p}`);
    }
  });
});

describe('parseText with the fast reader', () => {
  it('gives every pointer of every fixture file the span the position tree gives', () => {
    let checked = 0;
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      const fast = parseText(text);
      const tree = parseText(text, undefined, false);
      assert.ok(fast.docs[0]?.spans, f);
      for (const p of pointersOf(fast.docs[0]?.value)) {
        assert.deepEqual(spanOf(fast, 0, p), spanOf(tree, 0, p), `${f} ${p}`);
        checked++;
      }
    }
    assert.ok(checked > 100_000);
  });

  it('builds the position tree only when a position is asked for, with the same value', () => {
    const text =
      'metadata:\n  name: worker\nstatus:\n  conditions:\n  - type: Degraded\n    status: "True"\n';
    const parsed = parseText(text);
    assert.deepStrictEqual(parsed.problems, []);
    const doc = parsed.docs[0];
    assert.ok(doc);
    assert.deepStrictEqual(doc.value, reference(text));
    assert.deepStrictEqual(doc.node.toJS(), doc.value);
  });

  it('still reports a broken file through the full parser', () => {
    const parsed = parseText('a: "open\nb: 1\n');
    assert.ok(parsed.problems.length > 0);
  });
});

describe('spans found on demand along a path (issue 43)', () => {
  it('give every pointer, asked alone of a fresh read, the span the whole read with spans gives; Lists included', () => {
    const { pick } = seeded(20261206);
    let asked = 0;
    let lists = 0;
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      const whole = parseOcYaml(text, true);
      if (!whole) continue;
      const pointers = [...whole.spans.keys()];
      if (pointers.some((p) => p.startsWith('/items/1/'))) lists++;
      // A few pointers per file, each on a read of its own: the on-demand index answers the
      // first several paths by itself, before falling back to one whole read.
      for (let k = 0; k < 4 && pointers.length > 0; k++) {
        const p = pick(pointers);
        const alone = new OcYamlSpans(text);
        assert.deepEqual(alone.get(p), whole.spans.get(p), `${f} ${p}`);
        for (let at = p; at !== ''; at = at.slice(0, at.lastIndexOf('/')))
          assert.deepEqual(alone.get(at), whole.spans.get(at), `${f} ${at} (on the path to ${p})`);
        assert.equal(alone.get(`${p}/no-such-key`), undefined);
        asked++;
      }
    }
    assert.ok(asked > 1000 && lists > 20, `${asked} pointers, ${lists} Lists`);
  });

  it("give pointers asked in turn of one index, its reads sharing the blocks they stepped over, the whole read's spans", () => {
    const { pick } = seeded(20261207);
    let asked = 0;
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      const whole = parseOcYaml(text, true);
      if (!whole) continue;
      const pointers = [...whole.spans.keys()];
      if (pointers.length < 20) continue;
      // Past six paths the index reads the whole text once; every read reuses the skips before it.
      const index = new OcYamlSpans(text);
      for (let k = 0; k < 9; k++) {
        const p = pick(pointers);
        assert.deepEqual(index.get(p), whole.spans.get(p), `${f} ${p} (asked ${k + 1}th)`);
        asked++;
      }
    }
    assert.ok(asked > 1000, `${asked} pointers`);
  });

  it('keep what the file was read without: no span for a block left unread', () => {
    const text = readFileSync(nodeFiles[0]!, 'utf8');
    const spans = new OcYamlSpans(text, unread);
    assert.equal(spans.get('/status/images'), undefined);
    assert.equal(spans.get('/status/images/0'), undefined);
    assert.deepEqual(
      spans.get('/status/nodeInfo'),
      parseOcYaml(text, true)?.spans.get('/status/nodeInfo'),
    );
  });
});

describe('reads bounded in depth (issue 43)', () => {
  it('leave out exactly what the same pointers leave out unbounded, in every read mode, on every fixture file', () => {
    let compared = 0;
    for (const f of fixtureFiles) {
      const text = readFileSync(f, 'utf8');
      for (const mode of ['yaml', 'placement', 'events', 'pods'] as const) {
        const bounded = unreadIn(mode, mode === 'pods' ? [0, 2, 3] : undefined);
        assert.ok(bounded.depth !== undefined, mode);
        const unbounded = { has: (p: string) => bounded.has(p) };
        assert.deepStrictEqual(
          parseOcYaml(text, false, bounded)?.value,
          parseOcYaml(text, false, unbounded)?.value,
          `${f} (${mode})`,
        );
        compared++;
      }
    }
    assert.ok(compared > 2000, `${compared}`);
  });
});
