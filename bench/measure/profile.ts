/**
 * Where one cold `analyze` spends its time: the CLI run once under `--cpu-prof`, its samples
 * summed by the functions that stand for each phase (inclusive, so a phase holds what it calls).
 * The profiler itself slows the run a little; the phases are for the explanation, not targets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './proc';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface Phase {
  what: string;
  ms: number;
}

/** Phases by the functions whose inclusive time they are (names as the bundle keeps them). */
const phases: [what: string, functions: string[]][] = [
  [
    'loading the bundle (from its code cache) and the Node modules it loads',
    ['wrapSafe', 'compileForInternalLoader', 'Script'],
  ],
  [
    'finding the root and listing it (the index walk, the layout, the gather time)',
    ['discoverRoots', 'buildIndex', 'walk', 'readLayout', 'findGatherTime'],
  ],
  ['reading files (stat, read)', ['statSync', 'readFileSync', 'readFile', 'readLogTail']],
  ['parsing what was read (the fast reader, JSON.parse)', ['parseText', 'fastRead']],
  ['the update assessment', ['assessUpdate']],
  ['the rules', ['check']],
  ['positions and the report', ['toReported', 'formatJson']],
  ['garbage collection', ['(garbage collector)']],
  ['waiting on I/O (the main thread idle)', ['(idle)']],
];

export function profileAnalyze(cli: string, dir: string): { totalMs: number; phases: Phase[] } {
  const out = mkdtempSync(join(tmpdir(), 'mgi-prof-'));
  try {
    runProcess(
      process.execPath,
      ['--cpu-prof', '--cpu-prof-dir', out, cli, 'analyze', dir, '--format', 'json'],
      [0, 1],
    );
    const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no CPU profile written');
    const p = JSON.parse(readFileSync(join(out, file), 'utf8')) as CpuProfile;
    return summarise(p);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function summarise(p: CpuProfile): { totalMs: number; phases: Phase[] } {
  const parent = new Map<number, number>();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let totalUs = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    totalUs += dt;
  });
  const result = phases.map(([what, fns]) => {
    const names = new Set(fns);
    let us = 0;
    for (const [id, t] of selfUs) {
      // A sample counts once for the phase when any frame on its stack is one of the phase's.
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        if (names.has(byId.get(cur)?.callFrame.functionName ?? '')) {
          us += t;
          break;
        }
      }
    }
    return { what, ms: us / 1000 };
  });
  return { totalMs: totalUs / 1000, phases: result };
}
