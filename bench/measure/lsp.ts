/**
 * The language server over stdio, as an editor drives it: start to first diagnostics for
 * `machine-config.yaml` (cold, then a second server on the same folder), `workspace/symbol`
 * latency after indexing, hover latency (each file's first hover included), and memory after
 * indexing and after 1,000 open/edit/close cycles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { LspClient } from '../../test/lsp/lspClient';
import { median, medianRun, percentile, repo, runProcess } from './proc';

export interface LspFigures {
  firstDiagnosticsColdMs: number;
  indexedColdMs: number;
  firstDiagnosticsWarmMs: number;
  /** The same, from the server's answer to `initialize` (Node's own start left out). */
  firstDiagnosticsColdFromReadyMs: number;
  firstDiagnosticsWarmFromReadyMs: number;
  /** Each file's first hover right after it is opened (the slowest of the files). */
  hoverFirstMs: number;
  /** Over every hover, the first of each file included. */
  hoverP50Ms: number;
  hoverP95Ms: number;
  hovers: number;
  /** The files hovered, relative names. */
  hoverFiles: string[];
  rssIndexedMiB: number;
  /** `workspace/symbol` for `symbolQuery` right after indexing (the objects listed then). */
  symbolFirstMs: number;
  symbolP50Ms: number;
  symbolP95Ms: number;
  symbolQueries: number;
  symbolQuery: string;
  /** What the first answer put first (checked: the ClusterOperator). */
  symbolTop: string;
  symbolResults: number;
  /** `workspaceSymbol/resolve` of the first List item found (its List's positions read then). */
  symbolResolveMs: number;
  /** The floor: the median round trip of a request the server answers at once, interleaved. */
  requestFloorMs: number;
  /** Today: `find <dir> -iname '*<query>*'` over the must-gather, new process, median of 5. */
  findMs: number;
  /** After 100 cycles that warm the JIT and size the heap. */
  rssWarmedMiB: number;
  rssAfterCyclesMiB: number;
  cycles: number;
}

const bundledServer = join(repo, 'dist', 'server.js');
const timeoutMs = 300_000;

/** Resident set size of the server after a full GC (see bench/support/gc-on-signal.cjs). */
export async function rssMiB(pid: number | undefined): Promise<number> {
  if (pid === undefined) throw new Error('no server process');
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) / 1024;
}

/** A server on `dir`, and the ms from spawn and from its `initialize` answer to diagnostics. */
async function firstDiagnostics(
  dir: string,
  file: string,
  storageDir: string,
  server: string,
): Promise<[LspClient, number, number]> {
  const t = performance.now();
  const gc = ['--expose-gc', '--require', join(repo, 'bench/support/gc-on-signal.cjs')];
  // As VS Code does: a workspace symbol's range may be resolved when it is picked.
  const c = await LspClient.start([dir], {}, gc, {
    server,
    initializationOptions: { storageDir },
    symbolResolve: true,
  });
  const ready = performance.now();
  await c.waitFor(
    `diagnostics for ${file}`,
    () => ((c.diagnosticsFor(file)?.length ?? 0) > 0 ? true : undefined),
    timeoutMs,
  );
  const done = performance.now();
  return [c, done - t, done - ready];
}

/** Opens, edits and closes `file` n times, each cycle waiting for one reply. */
async function cycle(c: LspClient, file: string, other: string, n: number): Promise<void> {
  const text = readFileSync(file, 'utf8');
  for (let k = 0; k < n; k++) {
    c.open(file, text);
    c.change(file, text + '\n'.repeat(1 + (k % 3)), 2);
    c.close(file);
    await c.hover(other, 0, 0);
  }
  await c.idle();
  await new Promise((r) => setTimeout(r, 500));
  await c.idle();
}

/** Positions on the keys a user hovers: condition types, versions, names, messages. */
function hoverPositions(text: string, n: number): [number, number][] {
  const keys: [number, number][] = [];
  text.split('\n').forEach((line, i) => {
    const m = /^(\s*(?:- )?)(type|status|name|version|message|reason|lastTransitionTime):/.exec(
      line,
    );
    if (m) keys.push([i, (m[1] as string).length + 1]);
  });
  return Array.from({ length: n }, (_, k) => keys[k % keys.length] as [number, number]);
}

/**
 * Ctrl+T right after indexing: the first `workspace/symbol` (which lists the objects), then
 * 100 more, each after a request the server answers at once (a hover outside every root: the
 * stdio round trip and the server's dispatch, the floor), so both see the same load.
 */
async function measureSymbols(c: LspClient, dir: string, query: string) {
  const t = performance.now();
  const first = (await c.workspaceSymbols(query)) as WorkspaceSymbol[] | null;
  const symbolFirstMs = performance.now() - t;
  const symbolTop = first?.[0]?.name ?? '';
  if (symbolTop !== 'co/machine-config')
    throw new Error(`workspace/symbol ${query} put ${symbolTop || 'nothing'} first`);
  const outside = join(repo, 'package.json');
  const floor: number[] = [];
  const latencies: number[] = [];
  for (let k = 0; k < 100; k++) {
    const f = performance.now();
    await c.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: pathToFileURL(outside).href },
      position: { line: 0, character: 0 },
    });
    floor.push(performance.now() - f);
    const s = performance.now();
    await c.workspaceSymbols(query);
    latencies.push(performance.now() - s);
  }
  const item = first?.find((s) => !('range' in s.location));
  if (!item) throw new Error(`workspace/symbol ${query} found no List item to resolve`);
  const r = performance.now();
  await c.resolveWorkspaceSymbol(item);
  const symbolResolveMs = performance.now() - r;
  const find = medianRun(5, () => runProcess('find', [dir, '-iname', `*${query}*`]));
  return {
    symbolFirstMs,
    symbolP50Ms: percentile(latencies, 50),
    symbolP95Ms: percentile(latencies, 95),
    symbolQueries: latencies.length,
    symbolQuery: query,
    symbolTop,
    symbolResults: first?.length ?? 0,
    symbolResolveMs,
    requestFloorMs: median(floor),
    findMs: find.ms,
  };
}

/**
 * @param storageDir an empty folder for the server to remember diagnostics in (as the VS Code
 *   client's global storage): the first server starts cold, the second finds what it stored.
 * @param server the bundled server to start (another build, to compare two in one run).
 */
export async function measureLsp(
  dir: string,
  operatorFile: string,
  poolFile: string,
  nodeFile: string,
  storageDir: string,
  server = bundledServer,
): Promise<LspFigures> {
  const [cold, firstCold, firstColdReady] = await firstDiagnostics(
    dir,
    operatorFile,
    storageDir,
    server,
  );
  const t = performance.now();
  await cold.idle();
  const indexedColdMs = firstCold + (performance.now() - t);
  const rssIndexedMiB = await rssMiB(cold.pid);
  const symbols = await measureSymbols(cold, dir, 'machine-config');

  // Hovers on the operator file and on a real-size node, each opened as an editor opens it (its
  // text as on disk) and hovered at once, then 100 more times: the first hover of a file counts.
  const latencies: number[] = [];
  let hoverFirstMs = 0;
  for (const file of [operatorFile, nodeFile]) {
    const text = readFileSync(file, 'utf8');
    const positions = hoverPositions(text, 101);
    cold.open(file, text);
    for (const [k, [line, ch]] of positions.entries()) {
      const h = performance.now();
      await cold.hover(file, line, ch);
      const took = performance.now() - h;
      latencies.push(took);
      if (k === 0) hoverFirstMs = Math.max(hoverFirstMs, took);
    }
    cold.close(file);
    await cold.idle();
  }

  // Open, edit, close the worker pool: 100 cycles to warm up, then 1,000; each cycle waits for
  // one reply, so the server handles every notification as it would from a user.
  await cycle(cold, poolFile, operatorFile, 100);
  const rssWarmedMiB = await rssMiB(cold.pid);
  const cycles = 1000;
  await cycle(cold, poolFile, operatorFile, cycles);
  const rssAfterCyclesMiB = await rssMiB(cold.pid);
  await cold.stop();

  const [warm, firstWarm, firstWarmReady] = await firstDiagnostics(
    dir,
    operatorFile,
    storageDir,
    server,
  );
  await warm.idle();
  await warm.stop();

  return {
    firstDiagnosticsColdMs: firstCold,
    indexedColdMs,
    firstDiagnosticsWarmMs: firstWarm,
    firstDiagnosticsColdFromReadyMs: firstColdReady,
    firstDiagnosticsWarmFromReadyMs: firstWarmReady,
    hoverFirstMs,
    hoverP50Ms: percentile(latencies, 50),
    hoverP95Ms: percentile(latencies, 95),
    hovers: latencies.length,
    hoverFiles: [operatorFile, nodeFile].map((f) => f.split('/').slice(-2).join('/')),
    rssIndexedMiB,
    ...symbols,
    rssWarmedMiB,
    rssAfterCyclesMiB,
    cycles,
  };
}
