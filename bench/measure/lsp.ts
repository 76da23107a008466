/**
 * The language server over stdio, as an editor drives it: start to first diagnostics for
 * `machine-config.yaml` (cold, then a second server on the same folder), hover latency, and
 * memory after indexing and after 1,000 open/edit/close cycles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LspClient } from '../../test/lsp/lspClient';
import { percentile, repo } from './proc';

export interface LspFigures {
  firstDiagnosticsColdMs: number;
  indexedColdMs: number;
  firstDiagnosticsWarmMs: number;
  hoverP50Ms: number;
  hoverP95Ms: number;
  hovers: number;
  rssIndexedMiB: number;
  rssAfterCyclesMiB: number;
  cycles: number;
}

const server = join(repo, 'dist', 'server.js');
const timeoutMs = 300_000;

/** Resident set size of a process, from /proc (Linux). */
function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) / 1024;
}

async function firstDiagnostics(
  dir: string,
  file: string,
  storageDir: string,
): Promise<[LspClient, number]> {
  const t = performance.now();
  const c = await LspClient.start([dir], {}, [], {
    server,
    initializationOptions: { storageDir },
  });
  await c.waitFor(
    `diagnostics for ${file}`,
    () => ((c.diagnosticsFor(file)?.length ?? 0) > 0 ? true : undefined),
    timeoutMs,
  );
  return [c, performance.now() - t];
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
 * @param storageDir an empty folder for the server to remember diagnostics in (as the VS Code
 *   client's global storage): the first server starts cold, the second finds what it stored.
 */
export async function measureLsp(
  dir: string,
  operatorFile: string,
  poolFile: string,
  storageDir: string,
): Promise<LspFigures> {
  const [cold, firstCold] = await firstDiagnostics(dir, operatorFile, storageDir);
  const t = performance.now();
  await cold.idle();
  const indexedColdMs = firstCold + (performance.now() - t);
  const rssIndexedMiB = rssMiB(cold.pid);

  // Hovers on the operator file, opened as an editor opens it (its text as on disk).
  const text = readFileSync(operatorFile, 'utf8');
  cold.open(operatorFile, text);
  await cold.hover(operatorFile, 0, 0); // the server has seen the open
  await cold.idle();
  const latencies: number[] = [];
  for (const [line, ch] of hoverPositions(text, 200)) {
    const h = performance.now();
    await cold.hover(operatorFile, line, ch);
    latencies.push(performance.now() - h);
  }
  cold.close(operatorFile);

  // Open, edit, close the worker pool 1,000 times; each cycle waits for one reply, so the
  // server handles every notification as it would from a user.
  const pool = readFileSync(poolFile, 'utf8');
  const cycles = 1000;
  for (let k = 0; k < cycles; k++) {
    cold.open(poolFile, pool);
    cold.change(poolFile, pool + '\n'.repeat(1 + (k % 3)), 2);
    cold.close(poolFile);
    await cold.hover(operatorFile, 0, 0);
  }
  await cold.idle();
  await new Promise((r) => setTimeout(r, 500));
  await cold.idle();
  const rssAfterCyclesMiB = rssMiB(cold.pid);
  await cold.stop();

  const [warm, firstWarm] = await firstDiagnostics(dir, operatorFile, storageDir);
  await warm.idle();
  await warm.stop();

  return {
    firstDiagnosticsColdMs: firstCold,
    indexedColdMs,
    firstDiagnosticsWarmMs: firstWarm,
    hoverP50Ms: percentile(latencies, 50),
    hoverP95Ms: percentile(latencies, 95),
    hovers: latencies.length,
    rssIndexedMiB,
    rssAfterCyclesMiB,
    cycles,
  };
}
