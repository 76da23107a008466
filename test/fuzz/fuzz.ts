/**
 * The fuzz test: seeded random mutations of the fixture must-gathers' files, fed as open-editor
 * overlays (nothing is written into the fixtures) through the analysis (every rule), the
 * diagnostics, hovers and the MachineConfig diff. An exception anywhere, or a rule that throws,
 * is a failure; its inputs are written to `<outDir>/<seed>-<iteration>/`. An iteration depends on
 * (seed, iteration) only, so `npm run fuzz -- --seed S --from I --iterations 1` replays it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { MarkupContent } from 'vscode-languageserver';
import { parse as parseYaml } from 'yaml';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { listMachineConfigs } from '../../server/src/analysis/loadMachineConfigs';
import { toDiagnostic } from '../../server/src/features/diagnostics';
import { hoverAt } from '../../server/src/features/hover';
import { documentSymbols } from '../../server/src/features/symbols/documentSymbols';
import { objectsOf } from '../../server/src/features/symbols/objects';
import {
  matchObjects,
  toWorkspaceSymbols,
} from '../../server/src/features/symbols/workspaceSymbols';
import { discoverRoots } from '../../server/src/gather/discover';
import type { GatherRoot } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import type { GatherIndex } from '../../server/src/gather/gatherIndex';
import { normalizeMachineConfig } from '../../server/src/machineconfig/normalize';
import {
  summarizeChanges,
  summaryMarkdown,
  summaryText,
} from '../../server/src/machineconfig/changeSummary';
import { unifiedDiff } from '../../server/src/machineconfig/unifiedDiff';
import { arr, path as at, rec, str } from '../../server/src/model/access';
import type { Json } from '../../server/src/model/access';
import { parseRelease } from '../../server/src/model/release';
import { isJsonText, kindWeights, mutate, mutationKinds, Rng } from './mutate';
import type { MutationKind, Subject } from './mutate';

/** The scenarios mutated, relative to the repository. */
const fuzzScenarios = [
  'examples/bug-1943289-worker-pool-blocks-mco',
  'examples/bug-2019850-mco-level-early',
  'test/fixtures/healthy-4.10',
  'test/fixtures/gather-extra-2019850',
];

export interface FuzzOptions {
  iterations: number;
  seed: number;
  /** Failing inputs go to `<outDir>/<seed>-<iteration>/`. */
  outDir: string;
  log?: (m: string) => void;
  /** First iteration number (to replay one); 0 by default. */
  from?: number;
  /** Defaults to the folder above this file's bundle that holds `package.json` and `examples/`. */
  repoRoot?: string;
  /** Called after every iteration, with what it mutated. */
  onIteration?: (iteration: number, ms: number, mutations: string[]) => void;
}

interface FuzzFailure {
  seed: number;
  iteration: number;
  /** The folder holding the mutated files and `failure.json`. */
  dir: string;
  /** Repository paths, the names their mutated texts are saved under, and what was done. */
  files: { file: string; saved: string; mutations: string[] }[];
  error: string;
}

export interface FuzzResult {
  iterations: number;
  failures: FuzzFailure[];
  /** Time of the iterations (the clean first analysis of each root excluded). */
  ms: number;
  /** Mutations applied, by kind. */
  kinds: Record<MutationKind, number>;
  slowest: { iteration: number; ms: number };
}

/** One root, analysed clean once; its cache keeps the untouched files parsed across iterations. */
interface RootContext {
  root: GatherRoot;
  index: GatherIndex;
  cache: ParsedFileCache;
  /** The files the clean analysis read: the ones mutated. */
  files: string[];
  /** The machine-config ClusterOperator's file, hovered in every iteration. */
  mcoFile?: string;
  originals: Map<string, string>;
  values: Map<string, Subject>;
}

interface Mutated {
  file: string;
  text: string;
  notes: string[];
}

const hoversPerFile = 20;
let overlayVersion = 0;

export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const repo = opts.repoRoot ?? findRepoRoot();
  const log = opts.log ?? (() => undefined);
  const from = opts.from ?? 0;
  const contexts = await prepare(repo);
  const kinds = Object.fromEntries(mutationKinds.map((k) => [k, 0])) as Record<
    MutationKind,
    number
  >;
  const failures: FuzzFailure[] = [];
  let slowest = { iteration: from, ms: 0 };
  const started = performance.now();
  for (let iteration = from; iteration < from + opts.iterations; iteration++) {
    const t = performance.now();
    const rng = new Rng(opts.seed, iteration);
    // The first iterations each try one kind alone, so every kind runs in any run from 0.
    const forced = iteration < mutationKinds.length ? mutationKinds[iteration] : undefined;
    const ctx = forced ? contexts[iteration % contexts.length]! : rng.pick(contexts);
    const mutated = mutateFiles(ctx, rng, forced, kinds);
    try {
      for (const m of mutated) ctx.cache.setOverlay(m.file, m.text, ++overlayVersion);
      await exercise(ctx, mutated, rng);
    } catch (err) {
      const f = writeFailure(repo, opts, iteration, mutated, err);
      failures.push(f);
      log(`iteration ${iteration}: ${f.error.split('\n')[0]} (inputs in ${f.dir})`);
    } finally {
      for (const m of mutated) ctx.cache.clearOverlay(m.file);
    }
    const ms = performance.now() - t;
    if (ms > slowest.ms) slowest = { iteration, ms };
    opts.onIteration?.(
      iteration,
      ms,
      mutated.flatMap((m) => m.notes.map((n) => `${m.file.split('/').pop()}: ${n}`)),
    );
    const done = iteration - from + 1;
    if (done % 1000 === 0) log(`${done} iterations, ${failures.length} failures`);
  }
  return {
    iterations: opts.iterations,
    failures,
    ms: performance.now() - started,
    kinds,
    slowest,
  };
}

function findRepoRoot(): string {
  for (let d = __dirname; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json')) && existsSync(join(d, 'examples'))) return d;
    if (dirname(d) === d) throw new Error(`no repository above ${__dirname}`);
  }
}

async function prepare(repo: string): Promise<RootContext[]> {
  const out: RootContext[] = [];
  for (const scenario of fuzzScenarios) {
    for (const root of await discoverRoots(join(repo, scenario))) {
      const index = await buildIndex(root);
      const cache = new ParsedFileCache();
      const clean = await analyzeRoot(root, analysisContext({ cache }), index);
      if (clean.internalErrors.length > 0)
        throw new Error(`the clean ${root.path} fails: ${clean.internalErrors.join('\n')}`);
      const files = [...new Set(clean.filesRead)].sort();
      // Every text read now: the value is parsed when first mutated.
      const originals = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
      const ctx: RootContext = { root, index, cache, files, originals, values: new Map() };
      const mco = files.find((f) => /\/clusteroperators\/machine-config\.yaml$/.test(f));
      if (mco) ctx.mcoFile = mco;
      out.push(ctx);
    }
  }
  if (out.length < fuzzScenarios.length) throw new Error(`found only ${out.length} roots`);
  return out;
}

/** The untouched text of a file, and its value (the start of structural mutations). */
function original(ctx: RootContext, file: string): Subject {
  let s = ctx.values.get(file);
  if (!s) {
    const text = ctx.originals.get(file) ?? '';
    const json = isJsonText(text);
    s = { text, json };
    try {
      if (!file.endsWith('.log')) s.value = json ? JSON.parse(text) : parseYaml(text);
    } catch {
      // Not structured after all: only the line and character mutations apply.
    }
    ctx.values.set(file, s);
  }
  return s;
}

function mutateFiles(
  ctx: RootContext,
  rng: Rng,
  forced: MutationKind | undefined,
  kinds: Record<MutationKind, number>,
): Mutated[] {
  const pool = forced ? ctx.files.filter((f) => !f.endsWith('.log')) : [...ctx.files];
  const count = forced
    ? 1
    : rng.weighted([
        [1, 75],
        [2, 18],
        [3, 7],
      ] as const);
  const out: Mutated[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) {
    const file = pool.splice(rng.int(pool.length), 1)[0]!;
    let s = original(ctx, file);
    const n = forced
      ? 1
      : rng.weighted([
          [1, 70],
          [2, 20],
          [3, 10],
        ] as const);
    const notes: string[] = [];
    for (let j = 0; j < n; j++) {
      const m = mutate(forced ?? rng.weighted(kindWeights), s, rng);
      kinds[m.kind]++;
      notes.push(m.note);
      s = m.subject;
    }
    out.push({ file, text: s.text, notes });
  }
  return out;
}

/** Everything a user's editor or the CLI does with a root, on the mutated files. */
async function exercise(ctx: RootContext, mutated: Mutated[], rng: Rng): Promise<void> {
  const a = await analyzeRoot(ctx.root, analysisContext({ cache: ctx.cache }), ctx.index);
  if (a.internalErrors.length > 0) throw new Error(a.internalErrors.join('\n'));
  for (const f of a.findings) {
    const d = toDiagnostic(f, ctx.cache, true, '/docs/rules');
    leaked('diagnostic', d.message);
  }

  const hovered = mutated.map((m) => m.file);
  if (ctx.mcoFile && !hovered.includes(ctx.mcoFile)) hovered.push(ctx.mcoFile);
  for (const file of hovered) {
    const r = await ctx.cache.get(file);
    if (!r.ok || r.parsed.docs.length === 0) continue;
    for (let i = 0; i < hoversPerFile; i++) {
      const at = rng.int(r.parsed.text.length + 1);
      const h = hoverAt(a.snapshot, file, r.parsed, at);
      if (h) leaked(`hover at ${at} of ${file}`, (h.contents as MarkupContent).value);
    }
    documentSymbols(r.parsed);
  }
  // Go to any object over the mutated root: every object listed, each List item placed.
  const peek = (f: string) => ctx.cache.peek(f);
  const found = matchObjects([objectsOf(a, peek)], rng.pick(['', 'machine-config', 'worker']));
  toWorkspaceSymbols(found, new Map(), peek, false);

  // Two rendered configs, one of them from a mutated file when one is a MachineConfig file.
  const list = await listMachineConfigs(ctx.index, ctx.cache);
  const rendered = list
    .filter((m) => m.name.startsWith('rendered-'))
    .map((m) => ({ name: m.name, raw: m.raw }));
  const fromMutated: { name: string; raw: Json }[] = [];
  for (const m of mutated.filter((x) => /\/machineconfigs(\/|\.json$)/.test(x.file))) {
    const r = await ctx.cache.get(m.file);
    if (!r.ok) continue;
    for (const d of r.parsed.docs) {
      const obj = rec(d.value);
      if (!obj) continue;
      const raws = (str(obj.kind) ?? '').endsWith('List') ? arr(obj.items).map(rec) : [obj];
      for (const raw of raws) {
        if (raw) fromMutated.push({ name: str(at(raw, 'metadata', 'name')) ?? '?', raw });
      }
    }
  }
  if (rendered.length === 0 && fromMutated.length === 0) return;
  const left = fromMutated.length > 0 ? rng.pick(fromMutated) : rng.pick(rendered);
  const right = rendered.length > 0 ? rng.pick(rendered) : rng.pick(fromMutated);
  const [x, y] = rng.chance(0.5) ? [left, right] : [right, left];
  const minor = parseRelease(a.snapshot.clusterVersion?.desiredVersion)?.minor;
  const summary = summarizeChanges(x.raw, y.raw, minor);
  leaked('summary', summaryText(summary) + summaryMarkdown(summary));
  leaked(
    'diff',
    unifiedDiff(normalizeMachineConfig(x.raw), normalizeMachineConfig(y.raw), x.name, y.name),
  );
}

/**
 * A file's repository path as one file name, `/` made `__`; within the 255 bytes a name may have,
 * the longest folder names (image digests) shortened to a prefix and a hash.
 */
function savedName(file: string): string {
  const segments = file.split('/');
  const name = () => segments.join('__');
  while (Buffer.byteLength(name()) > 240) {
    const i = segments.reduce(
      (best, seg, j) => (seg.length > segments[best]!.length ? j : best),
      0,
    );
    const seg = segments[i]!;
    if (seg.length <= 32) break;
    segments[i] =
      `${seg.slice(0, 16)}~${createHash('sha256').update(seg).digest('hex').slice(0, 8)}`;
  }
  return name();
}

/**
 * Text no must-gather (or mutation) holds, which only a JavaScript value shown as text gives: an
 * inherited property (`constructor`) or an object where a string was expected.
 */
const leaks = /\[native code\]|\[object Object\]/;

function leaked(what: string, text: string): void {
  const m = leaks.exec(text);
  if (m)
    throw new Error(
      `${what} shows ${m[0]}: ${text.slice(Math.max(0, m.index - 200), m.index + 40)}`,
    );
}

function writeFailure(
  repo: string,
  opts: FuzzOptions,
  iteration: number,
  mutated: Mutated[],
  err: unknown,
): FuzzFailure {
  const dir = join(opts.outDir, `${opts.seed}-${iteration}`);
  mkdirSync(dir, { recursive: true });
  const files = mutated.map((m) => {
    const file = relative(repo, m.file).split(sep).join('/');
    const saved = savedName(file);
    writeFileSync(join(dir, saved), m.text);
    return { file, saved, mutations: m.notes };
  });
  const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  const failure: FuzzFailure = { seed: opts.seed, iteration, dir, files, error };
  writeFileSync(
    join(dir, 'failure.json'),
    JSON.stringify(
      {
        seed: opts.seed,
        iteration,
        files,
        error,
        // Lone surrogates do not survive the files' UTF-8; the replay is exact.
        replay: `npm run fuzz -- --seed ${opts.seed} --from ${iteration} --iterations 1`,
      },
      null,
      2,
    ) + '\n',
  );
  return failure;
}
