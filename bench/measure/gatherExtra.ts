/**
 * Measurement: positions in a big JSON file. A CI gather-extra folder whose `machineconfigs.json`
 * is ~40 MiB; `analyze` must cost about one JSON.parse of that file (a finding's related location
 * points into it), not the `yaml` node tree of it (20-30x the parse). Both are timed as new
 * processes on the same files, with the findings checked against the fixture's; the language
 * server's hovers in that file are timed too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LspClient } from '../../test/lsp/lspClient';
import { ensureGatherExtra } from '../gen/gatherExtra';
import type { GatherExtraInfo } from '../gen/gatherExtra';
import { rssMiB } from './lsp';
import { analyzeRun } from './cli';
import { interleavedMedians, percentile, repo, runProcess } from './proc';
import type { ProcRun } from './proc';

export interface GatherExtraBench {
  info: GatherExtraInfo;
  /** A new process reading the file and JSON.parse-ing it once. */
  parseMs: number;
  analyzeMs: number;
  analyzeMaxRssMiB: number;
  /** Findings on the grown folder; the same as on the fixture (checked). */
  findings: number;
  lsp: JsonLspFigures;
}

const fixture = join(repo, 'test', 'fixtures', 'gather-extra-2019850');

/** The rules and files of each finding, to check the grown folder tells the fixture's story. */
function story(stdout: string): string[] {
  const r = JSON.parse(stdout) as { findings: { rule: string; file: string; line: number }[] };
  return r.findings.map((f) => `${f.rule} ${f.file}:${f.line}`).sort();
}

/**
 * Positions on the rendered config names in the List (each answers with that config's summary),
 * spread over the file and taken in turn.
 */
function hoverPositions(text: string, n: number): [number, number][] {
  const names: [number, number][] = [];
  text.split('\n').forEach((line, i) => {
    const m = /^(\s*"name": ")rendered-/.exec(line);
    if (m) names.push([i, (m[1] as string).length + 3]);
  });
  return Array.from({ length: n }, (_, k) => names[(k * 7) % names.length] as [number, number]);
}

interface JsonLspFigures {
  /** Spawn to the folder analysed (diagnostics need the related location in the List). */
  indexedMs: number;
  rssIndexedMiB: number;
  hoverFirstMs: number;
  hoverP95Ms: number;
  hovers: number;
}

/**
 * The language server on the folder, as an editor starts it: the time and memory to analyse it,
 * then hovers in the big List. The first pays for whatever positions still cost in this file.
 */
async function measureJsonLsp(
  info: GatherExtraInfo,
  storageDir: string,
  server = join(repo, 'dist', 'server.js'),
): Promise<JsonLspFigures> {
  const t0 = performance.now();
  const gc = ['--expose-gc', '--require', join(repo, 'bench/support/gc-on-signal.cjs')];
  const c = await LspClient.start([info.dir], {}, gc, {
    server,
    initializationOptions: { storageDir },
  });
  try {
    await c.idle();
    const indexedMs = performance.now() - t0;
    const rssIndexedMiB = await rssMiB(c.pid);
    const file = info.machineConfigsFile;
    const positions = hoverPositions(readFileSync(file, 'utf8'), 100);
    const [line, ch] = positions[Math.floor(positions.length / 2)] as [number, number];
    const t = performance.now();
    const first = await c.hover(file, line, ch);
    const hoverFirstMs = performance.now() - t;
    if (!first) throw new Error(`no hover in ${file} at ${line}:${ch}`);
    const latencies: number[] = [];
    for (const [l, k] of positions) {
      const h = performance.now();
      await c.hover(file, l, k);
      latencies.push(performance.now() - h);
    }
    return {
      indexedMs,
      rssIndexedMiB,
      hoverFirstMs,
      hoverP95Ms: percentile(latencies, 95),
      hovers: latencies.length,
    };
  } finally {
    await c.stop();
  }
}

export async function measureGatherExtra(
  cli: string,
  outRoot: string,
  storageDir: string,
  runs = 7,
): Promise<GatherExtraBench> {
  const info = ensureGatherExtra(outRoot, fixture);
  // Measured in turn: the ratio is the figure, and the machine's load changes during a run.
  const [parse, run] = interleavedMedians(runs, [
    () =>
      runProcess(process.execPath, [
        join(repo, 'bench/support/json-parse.cjs'),
        info.machineConfigsFile,
      ]),
    analyzeRun(cli, info.dir),
  ]) as [ProcRun, ProcRun];
  const expected = story(analyzeRun(cli, fixture)().stdout);
  const got = story(run.stdout);
  if (got.join('\n') !== expected.join('\n')) {
    throw new Error(`the grown gather-extra reports other findings:\n${got.join('\n')}`);
  }
  const lsp = await measureJsonLsp(info, storageDir);
  return {
    info,
    parseMs: parse.ms,
    analyzeMs: run.ms,
    analyzeMaxRssMiB: run.maxRssMiB ?? 0,
    findings: got.length,
    lsp,
  };
}
