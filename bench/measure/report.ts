/** bench/results.md: every figure with its baseline ratio and its target (issue 18's, else issue 6's). */
import type { GeneratedInfo } from '../gen/ensure';
import type { AnalysisFacts } from './analysis';
import type { ArchiveBench } from './archive';
import type { CliFigures, StartFigures } from './cli';
import type { DiffBench } from './diff';
import type { GatherExtraBench } from './gatherExtra';
import type { LspFigures } from './lsp';
import type { Phase } from './profile';

export interface ScalePoint {
  fraction: number;
  info: GeneratedInfo;
  ms: number;
}

export interface Results {
  date: string;
  cores: number;
  cpu: string;
  memGiB: number;
  node: string;
  small: GeneratedInfo;
  large: GeneratedInfo;
  facts: AnalysisFacts;
  nodeStartMs: number;
  /** `large`: real-size nodes. */
  largeCli: CliFigures;
  /** `large-lean-nodes`: the same cluster with the 4-7 KiB nodes earlier runs measured. */
  leanCli: CliFigures;
  /** `hosted`: a hypershift dump, 20 NodePools and 500 Machines, measured as `large` is. */
  hostedCli: CliFigures;
  /** `large`: without the code cache, and with a read thread, against `analyze` as it runs. */
  start: StartFigures;
  /** One profiled `analyze` of `large`, by phase. */
  profile: { totalMs: number; phases: Phase[] };
  analyzeSmall: { ms: number; maxRssMiB: number };
  scale: ScalePoint[];
  gatherExtra: GatherExtraBench;
  lsp: LspFigures;
  diff: DiffBench;
  archive: ArchiveBench;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mib = (n: number) => `${n.toFixed(0)} MiB`;
const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const xr = (ratio: number) => `${ratio.toFixed(2)}x`;
/** Peak memory of `analyze` on `large` before issue 43 (bench/results.md of 2026-12-06). */
const peakBeforeIssue43MiB = 109;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const flat = (a: number, b: number) => Math.abs(a / b - 1) <= 0.1;
const mibOf = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

function describeHosted(g: GeneratedInfo): string {
  return `${g.files.toLocaleString('en')} files, ${(g.bytes / 1024 ** 3).toFixed(2)} GiB, a HostedCluster with ${g.pools} NodePools and ${g.machines ?? 0} Machines, ${g.nodes} guest nodes, ${g.operators} ClusterOperators`;
}

function describe(g: GeneratedInfo): string {
  return `${g.files.toLocaleString('en')} files, ${(g.bytes / 1024 ** 3).toFixed(2)} GiB, ${g.nodes} nodes, ${g.operators} ClusterOperators, ${g.pools} pools, ${g.renderedConfigs} rendered configs`;
}

/** Growth from the smallest to the largest point, against the growth in files. */
function scaleNote(points: ScalePoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || first === last) return '';
  const files = last.info.files / first.info.files;
  const time = last.ms / first.ms;
  return `From the smallest to the largest, files grow ${files.toFixed(2)}x and time ${time.toFixed(2)}x: ${time <= files * 1.25 ? 'no worse than linear' : '**worse than linear**'}. The analysis reads the nodes, operators, pools and named rendered configs and lists the folders outside pod logs; operators, pools and rendered configs do not change across fractions, so fixed costs (Node start, those files) weigh more on the smaller must-gathers.`;
}

/** Why `analyze` misses a target on `large`, with this run's figures. */
function analyzeGap(r: Results): string {
  const c = r.largeCli;
  const lean = r.leanCli;
  const top = [...r.profile.phases].sort((a, b) => b.ms - a.ms).slice(0, 4);
  return `\`analyze\` on \`large\` takes ${ms(c.analyze.ms)}: ${xr(c.rgRatio)} one \`rg\` pass (target 0.5x) and ${xr(c.floorRatio)} the floor (target 2x); on \`large-lean-nodes\` ${xr(lean.rgRatio)} \`rg\` (${ms(lean.analyze.ms)}). The floor is Node's start (${ms(r.nodeStartMs)}) and ${ms(Math.max(0, c.floorMs - r.nodeStartMs))} of reading ${mibOf(c.facts.bytesRead)} MiB; the analysis also loads its bundle (from the code cache: ${xr(r.start.uncached.ratio)} without it), lists the tree, parses what it reads with a JIT that is still cold, assesses the update, runs the rules and writes the report. In the profiled run (below) the largest phases were ${top.map((p) => `${p.what} ${ms(p.ms)}`).join(', ')}. A read thread does not help on this machine (${xr(r.start.twoThreads.ratio)} with \`--jobs 2\`): V8's compiler and collector threads already use much of the second core, the parse is bound by memory, and a thread's JIT starts cold.`;
}

/**
 * What one `rg` pass cost on `hosted` against `large`, which decides which ratio is lower: in
 * every run on record `analyze` took 1.08x to 1.20x as long on `hosted`, and a pass over it 0.79x
 * to 1.27x the pass over `large` (the same bytes, half more files), as the machine's disk and
 * page cache served it.
 */
function rgCompared(r: Results): string {
  const [h, c] = [r.hostedCli, r.largeCli];
  return `One \`rg\` pass took ${x(h.rgMs, c.rgMs)} as long on \`hosted\` (${h.info.files.toLocaleString('en')} files, ${mibOf(h.info.bytes)} MiB) as on \`large\` (${c.info.files.toLocaleString('en')} files, ${mibOf(c.info.bytes)} MiB): \`analyze\` took ${x(h.analyze.ms, c.analyze.ms)} as long. A pass that reads its bytes from disk costs both about the same, so \`hosted\`'s ratio is the higher; over cached files their number counts, and it is the lower.`;
}

/** The cause of each missed target, with this run's figures. */
function gaps(r: Results): string[] {
  const out: string[] = [];
  const c = r.largeCli;
  const a = c.analyze.ms;
  if (c.floorRatio > 2 || c.rgRatio > 0.5) {
    out.push(`- ${analyzeGap(r)}`);
  }
  const h = r.hostedCli;
  if (h.rgRatio > c.rgRatio) {
    out.push(
      `- \`analyze\` on \`hosted\` takes ${ms(h.analyze.ms)}, ${xr(h.rgRatio)} one \`rg\` pass, above the ${xr(c.rgRatio)} of \`large\`: it reads ${h.facts.filesRead.length} files (${mibOf(h.facts.bytesRead)} MiB) where \`large\` reads ${c.facts.filesRead.length} (${mibOf(c.facts.bytesRead)} MiB), most of them the ${r.hostedCli.info.nodes} guest Nodes, one file each (the settled NodePools' Machines are left unread, probed). ${rgCompared(r)}`,
    );
  }
  if (c.timeline.ms > 1.5 * a) {
    out.push(
      `- \`timeline\` on \`large\` takes ${ms(c.timeline.ms)}, ${x(c.timeline.ms, a)} \`analyze\` (${ms(a)}), not 1.5x: it runs the same analysis, then gives each of its ${c.timeline.intervals.toLocaleString('en')} intervals the line of its evidence. A file the fast reader read holds no positions, so every file with an interval (each of the ${r.large.nodes} Nodes, for its conditions) is read a second time for the spans of all its keys, where \`analyze\` places only the files of its ${r.facts.findings} findings; the second reads and the garbage they leave are most of the difference.`,
    );
  }
  const g = r.gatherExtra;
  if (g.analyzeMs > 2.5 * g.parseMs) {
    out.push(
      `- \`analyze\` on the gather-extra folder is ${(g.analyzeMs / g.parseMs).toFixed(1)}x one JSON.parse of its ${(g.info.bytes / 1024 ** 2).toFixed(1)} MiB \`machineconfigs.json\` (${ms(g.parseMs)}, Node start included), not 2.5x. Besides that parse, it checks the text's nesting once, reads the other ${g.info.files - 1} files, runs the rules and finds the related location inside the List by scanning two container levels of the text (the List, then its items).`,
    );
  }
  if (g.lsp.hoverP95Ms >= 15) {
    out.push(
      `- Hovers in the gather-extra \`machineconfigs.json\` reach ${ms(g.lsp.hoverP95Ms)} at p95: each walks the List's containers from the root to the position, and a container is scanned once, then remembered: a hover in an item not visited yet scans that item's text.`,
    );
  }
  const l = r.lsp;
  if (l.firstDiagnosticsColdMs >= 500) {
    out.push(
      `- A cold server shows its first diagnostics ${ms(l.firstDiagnosticsColdMs)} after spawn, not under 500 ms: ${ms(l.firstDiagnosticsColdFromReadyMs)} of it after \`initialize\` (the root listed, its files read and the rules run, as \`analyze\` does in ${ms(a)} with Node's start), the rest Node's start and the server's own load.`,
    );
  }
  if (l.firstDiagnosticsWarmFromReadyMs >= 100) {
    out.push(
      `- A second server shows remembered diagnostics ${ms(l.firstDiagnosticsWarmFromReadyMs)} after \`initialize\`, not under 100 ms.`,
    );
  }
  if (Math.max(l.symbolFirstMs, l.symbolP95Ms) >= 50) {
    out.push(
      `- \`workspace/symbol\` takes ${ms(l.symbolFirstMs)} the first time and ${ms(l.symbolP95Ms)} at p95, not under 50 ms: the first lists every indexed file and the items of the Lists already parsed; each compares every object's name and subject with the query.`,
    );
  }
  if (l.hoverP95Ms >= 15) {
    out.push(
      `- Hovers reach ${ms(l.hoverP95Ms)} at p95 (the first of a file ${ms(l.hoverFirstMs)}), not under 15 ms.`,
    );
  }
  if (!flat(l.rssAfterCyclesMiB, l.rssWarmedMiB)) {
    out.push(
      `- Memory grows by ${mib(l.rssAfterCyclesMiB - l.rssWarmedMiB)} over ${l.cycles} open/edit/close cycles after the warm-up, more than 10%.`,
    );
  }
  if (r.diff.jqMs !== undefined && r.diff.cliMs >= r.diff.jqMs) {
    out.push(
      `- The CLI diff takes ${ms(r.diff.cliMs)} against ${ms(r.diff.jqMs)} for \`jq\` + \`diff\`: Node's start alone is ${ms(r.nodeStartMs)}; the comparison itself takes ${ms(r.diff.inProcessMs)} in process (parsing two 1.37 MiB configs, decoding ~800 data URLs, the summary and the diff).`,
    );
  }
  const ar = r.archive;
  if (ar.archiveMs > 1.2 * ar.tarAnalyzeMs) {
    const chunks = Math.round(ar.info.extractedBytes / (16 * 1024));
    out.push(
      `- \`analyze\` on the archive takes ${ms(ar.archiveMs)}, ${x(ar.archiveMs, ar.tarAnalyzeMs)} \`tar -xzf\` then \`analyze\` and ${x(ar.archiveMs, ar.tarMs)} \`tar -xzf\` alone, not 1.2x: its extraction alone takes ${ms(ar.extractMs)} against ${ms(ar.tarMs)}. The extraction is one chain of awaits: each of the ~${chunks.toLocaleString('en')} chunks of 16 KiB gunzip gives (zlib's default \`chunkSize\`) is a round trip to libuv's thread pool and then a \`write\` of its own; each of the ${ar.info.files.toLocaleString('en')} files costs an \`lstat\`, \`open\`, \`futimes\`, \`close\` and \`chmod\` more, each of the ${ar.info.folders.toLocaleString('en')} folders a \`mkdir\` and a \`chmod\`: about half a million round trips, each waking a pool thread and then the event loop, with the decompression waiting on them. \`tar\` makes its system calls from one thread while \`gzip\` decompresses in another process. In a profiling session on this machine (\`bench/archive.ts --phases\`, and variants of \`extract.ts\` in process, two rounds each against \`tar -xzf\` at 39-44 s): as it is, 60-65 s; gunzip with 256 KiB chunks, 37-44 s (one option in \`decompress.ts\`); files of up to 1 MiB written once read, with synchronous calls (\`open\` with mode 0o444, one \`writev\`, \`futimes\`, \`close\`: no \`lstat\`, no \`chmod\`), 43 s; 16 files written at once, 67-71 s (no gain).`,
    );
  }
  if (out.length === 0) out.push('None.');
  return out;
}

export function renderResults(r: Results): string {
  const l = r.lsp;
  const ar = r.archive;
  const full = r.scale.find((s) => s.fraction === 1);
  const perFile = (s: ScalePoint) => (s.ms * 1000) / s.info.files;
  const scaleRows = r.scale.map((s) => {
    const ratio = full ? perFile(s) / perFile(full) : 1;
    return `| ${s.fraction === 1 ? 'all' : s.fraction === 0.5 ? 'half' : 'a quarter'} of \`large\` | ${s.info.files.toLocaleString('en')} | ${ms(s.ms)} | ${perFile(s).toFixed(1)} µs | ${ratio.toFixed(2)}x |`;
  });
  const scaleOk =
    full !== undefined && r.scale.every((s) => Math.abs(perFile(s) / perFile(full) - 1) <= 0.25);
  const growth = (a: number, b: number) => {
    const g = a / b - 1;
    return `${g >= 0 ? '+' : ''}${(g * 100).toFixed(1)}%`;
  };
  const c = r.largeCli;
  const lean = r.leanCli;
  const baselines = (name: string, f: CliFigures) => [
    [
      `floor on \`${name}\`: a new Node process reading once the ${f.facts.filesRead.length} files (${mibOf(f.facts.bytesRead)} MiB) the analysis reads`,
      ms(f.floorMs),
      '1.00x floor',
      '',
    ],
    [`today: one \`rg -uu -c\` pass over \`${name}\``, ms(f.rgMs), '1.00x rg', ''],
  ];
  const rows = [
    ['**Baselines**', '', '', ''],
    ['Node start (`node -e 0`), for scale', ms(r.nodeStartMs), '', ''],
    ...baselines('large', c),
    ...baselines('large-lean-nodes', lean),
    ...baselines('hosted', r.hostedCli),
    [
      "today: the seed's `jq` x2 + `diff -u` over two rendered configs",
      r.diff.jqMs === undefined ? 'n/a' : ms(r.diff.jqMs),
      '1.00x jq+diff',
      '',
    ],
    [
      `floor for JSON: a new Node process reading and \`JSON.parse\`-ing once the gather-extra \`machineconfigs.json\` (${(r.gatherExtra.info.bytes / 1024 ** 2).toFixed(1)} MiB)`,
      ms(r.gatherExtra.parseMs),
      '1.00x JSON.parse',
      '',
    ],
    ['**CLI**', '', '', ''],
    [
      '`analyze` on `large` (real-size nodes), cold new process (Node start included); ratios are the median of the rounds’ ratios (each pair run back to back)',
      ms(c.analyze.ms),
      `${xr(c.rgRatio)} rg, ${xr(c.floorRatio)} floor`,
      `≤ 0.5x rg (issue 43): ${verdict(c.rgRatio <= 0.5)}; ≤ 2x floor: ${verdict(c.floorRatio <= 2)}`,
    ],
    [
      '`analyze` on `large`, peak RSS',
      mib(c.analyze.maxRssMiB),
      `${x(c.analyze.maxRssMiB, peakBeforeIssue43MiB)} the ${peakBeforeIssue43MiB} MiB before issue 43`,
      `≤ 1.2x (issue 43): ${verdict(c.analyze.maxRssMiB <= 1.2 * peakBeforeIssue43MiB)}`,
    ],
    [
      '`analyze` on `large` without the code cache (the first run of a command after an install or upgrade, or `MUST_GATHER_INSPECTOR_CODE_CACHE=0`), in rounds with `analyze` as it runs',
      ms(r.start.uncached.ms),
      `${xr(r.start.uncached.ratio)} analyze`,
      '',
    ],
    [
      '`analyze --jobs 2` on `large`: one read thread beside the main one, in the same rounds',
      `${ms(r.start.twoThreads.ms)}, ${mib(r.start.twoThreads.maxRssMiB)} peak`,
      `${xr(r.start.twoThreads.ratio)} analyze, ${xr(r.start.twoThreads.maxRssRatio)} its peak`,
      'the default stays one thread while this is above 1.00x',
    ],
    [
      `\`timeline --format json\` on \`large\`, cold new process: the same analysis, then its ${c.timeline.intervals.toLocaleString('en')} intervals placed (file:line) and printed`,
      `${ms(c.timeline.ms)}, ${mib(c.timeline.maxRssMiB)} peak`,
      `${x(c.timeline.ms, c.analyze.ms)} analyze`,
      `≤ 1.5x analyze (issue 28): ${verdict(c.timeline.ms <= 1.5 * c.analyze.ms)}`,
    ],
    [
      '`analyze` on `large-lean-nodes` (the preset earlier runs measured), cold new process',
      `${ms(lean.analyze.ms)}, ${mib(lean.analyze.maxRssMiB)} peak`,
      `${xr(lean.rgRatio)} rg, ${xr(lean.floorRatio)} floor`,
      '',
    ],
    [
      `\`analyze\` on \`hosted\` (a hypershift dump: ${r.hostedCli.info.pools} NodePools, ${r.hostedCli.info.machines ?? 0} Machines, ${r.hostedCli.info.nodes} guest nodes), cold new process, each sample paired with an \`rg\` pass over it as on \`large\``,
      `${ms(r.hostedCli.analyze.ms)}, ${mib(r.hostedCli.analyze.maxRssMiB)} peak`,
      `${xr(r.hostedCli.rgRatio)} rg, ${xr(r.hostedCli.floorRatio)} floor`,
      `≤ \`large\`'s ${xr(c.rgRatio)} rg (issue 45): ${verdict(r.hostedCli.rgRatio <= c.rgRatio)}`,
    ],
    [
      '`analyze` on `small`',
      `${ms(r.analyzeSmall.ms)}, ${mib(r.analyzeSmall.maxRssMiB)} peak`,
      '',
      '',
    ],
    [
      '`analyze` on the gather-extra folder (new process; a related location points into the 40 MiB List)',
      `${ms(r.gatherExtra.analyzeMs)}, ${mib(r.gatherExtra.analyzeMaxRssMiB)} peak`,
      `${x(r.gatherExtra.analyzeMs, r.gatherExtra.parseMs)} JSON.parse`,
      `≤ 2.5x JSON.parse (issue 6): ${verdict(r.gatherExtra.analyzeMs <= 2.5 * r.gatherExtra.parseMs)}`,
    ],
    ['**Language server (stdio)**', '', '', ''],
    [
      'spawn to first diagnostics on `machine-config.yaml`, cold',
      ms(l.firstDiagnosticsColdMs),
      `${ms(l.firstDiagnosticsColdFromReadyMs)} after \`initialize\``,
      `< 500 ms: ${verdict(l.firstDiagnosticsColdMs < 500)}`,
    ],
    [
      'first diagnostics from a second server on the analysed folder (warm: remembered diagnostics)',
      `${ms(l.firstDiagnosticsWarmFromReadyMs)} after \`initialize\``,
      `${ms(l.firstDiagnosticsWarmMs)} from spawn; Node start alone ${ms(r.nodeStartMs)}`,
      `< 100 ms after \`initialize\`: ${verdict(l.firstDiagnosticsWarmFromReadyMs < 100)}`,
    ],
    ['start to the whole root analysed, cold', ms(l.indexedColdMs), '', ''],
    [
      `\`workspace/symbol\` "${l.symbolQuery}" (Ctrl+T) after indexing: the first (which lists the objects) / p50 / p95 of ${l.symbolQueries} more; ${l.symbolResults} results, \`${l.symbolTop}\` first`,
      `${ms(l.symbolFirstMs)} / ${ms(l.symbolP50Ms)} / ${ms(l.symbolP95Ms)}`,
      `p50 ${x(l.symbolP50Ms, l.requestFloorMs)} a request answered at once (${ms(l.requestFloorMs)}); first ${x(l.symbolFirstMs, l.findMs)} today's \`find -iname '*${l.symbolQuery}*'\` (${ms(l.findMs)})`,
      `< 50 ms (issue 27), the first included: ${verdict(Math.max(l.symbolFirstMs, l.symbolP95Ms) < 50)}`,
    ],
    [
      "`workspaceSymbol/resolve` of a pod of `core/pods.yaml` (VS Code asks when one is picked): its List's positions read",
      ms(l.symbolResolveMs),
      '',
      '',
    ],
    [
      `hovers on ${l.hoverFiles.map((f) => `\`${f}\``).join(' and ')}, each opened then hovered 101 times: the first of a file (slowest) / p50 / p95 of all ${l.hovers}`,
      `${ms(l.hoverFirstMs)} / ${ms(l.hoverP50Ms)} / ${ms(l.hoverP95Ms)}`,
      '',
      `p95 < 15 ms, first hovers included: ${verdict(l.hoverP95Ms < 15)}`,
    ],
    [
      'start to the gather-extra folder analysed (its 40 MiB List read, a related location in it), cold',
      `${ms(r.gatherExtra.lsp.indexedMs)}, ${mib(r.gatherExtra.lsp.rssIndexedMiB)} RSS after a full GC`,
      `${x(r.gatherExtra.lsp.indexedMs, r.gatherExtra.parseMs)} JSON.parse`,
      '',
    ],
    [
      `hover on rendered config names in that \`machineconfigs.json\`, the first / p95 of ${r.gatherExtra.lsp.hovers} more`,
      `${ms(r.gatherExtra.lsp.hoverFirstMs)} / ${ms(r.gatherExtra.lsp.hoverP95Ms)}`,
      '',
      `p95 < 15 ms: ${verdict(r.gatherExtra.lsp.hoverP95Ms < 15)}`,
    ],
    [
      'server RSS after indexing (each RSS is read after a full GC)',
      mib(l.rssIndexedMiB),
      '',
      `< 300 MiB: ${verdict(l.rssIndexedMiB < 300)}`,
    ],
    [
      'server RSS after 100 warm-up open/edit/close cycles',
      mib(l.rssWarmedMiB),
      `${growth(l.rssWarmedMiB, l.rssIndexedMiB)} on indexing`,
      '',
    ],
    [
      `server RSS after ${l.cycles} more cycles`,
      mib(l.rssAfterCyclesMiB),
      `${growth(l.rssAfterCyclesMiB, l.rssWarmedMiB)} on warm-up, ${growth(l.rssAfterCyclesMiB, l.rssIndexedMiB)} on indexing`,
      `flat within 10% after warm-up: ${verdict(flat(l.rssAfterCyclesMiB, l.rssWarmedMiB))}`,
    ],
    [
      `**Archive (\`large\` as a ${mib(ar.info.bytes / 1024 ** 2)} \`.tar.gz\`, each run into an empty folder)**`,
      '',
      '',
      '',
    ],
    ['`tar -xzf` of the archive', ms(ar.tarMs), '1.00x tar', ''],
    [
      '`tar -xzf`, then `analyze` on the folder it wrote',
      `${ms(ar.tarAnalyzeMs)} (\`analyze\` ${ms(ar.folderAnalyzeMs)})`,
      '1.00x tar+analyze',
      '',
    ],
    [
      '`analyze` on the archive, empty cache (extraction into the cache, then the analysis)',
      `${ms(ar.archiveMs)}, ${mib(ar.archiveMaxRssMiB)} peak`,
      `${x(ar.archiveMs, ar.tarAnalyzeMs)} tar+analyze, ${x(ar.archiveMs, ar.tarMs)} tar`,
      `≤ 1.2x tar+analyze: ${verdict(ar.archiveMs <= 1.2 * ar.tarAnalyzeMs)}`,
    ],
    [
      'the extraction alone (the run above minus `analyze` on the folder)',
      ms(ar.extractMs),
      `${x(ar.extractMs, ar.tarMs)} tar`,
      '',
    ],
    [
      '`analyze` on the archive again (its extraction cached)',
      ms(ar.warmMs),
      `${x(ar.warmMs, ar.folderAnalyzeMs)} \`analyze\` on the folder`,
      '',
    ],
    ['**Rendered-config diff (two 1.37 MiB configs)**', '', '', ''],
    [
      'in process: parse, normalise both, summarise, unified diff',
      ms(r.diff.inProcessMs),
      `${x(r.diff.inProcessMs, r.diff.floorMs)} parse floor`,
      `< 150 ms (issue 6): ${verdict(r.diff.inProcessMs < 150)}`,
    ],
    [
      '`must-gather-inspector diff` as a new process',
      ms(r.diff.cliMs),
      r.diff.jqMs === undefined ? '' : `${x(r.diff.cliMs, r.diff.jqMs)} jq+diff`,
      r.diff.jqMs === undefined
        ? ''
        : `faster than jq+diff (issue 6): ${verdict(r.diff.cliMs < r.diff.jqMs)}`,
    ],
  ];
  return `# Benchmark results

Measured ${r.date} on ${r.cores} cores (${r.cpu}), ${r.memGiB.toFixed(0)} GiB, Node ${r.node}.
Every figure comes from one run of \`npm run bench -- --write\`, on the same generated files;
ratios compare figures of that run. Times are medians of 3 to 7 runs after one warm-up run,
so the OS page cache is warm for every tool alike ("cold" means a new process with no index);
\`analyze\`, its floor, \`rg\` and \`timeline\` are measured in turn, each sample right after an
unmeasured run of the same command. This machine's kernel reclaims file pages that go unused for
a few seconds (DAMON reclaim: about 2.5 GiB stay cached with 21 GiB free), less than one \`rg\`
pass reads, so a command that followed another would run partly from disk; even so, \`analyze\`
on \`large\` varied from 321 to 405 ms across three full runs of nearly the same code on
2026-12-01.

## Reproduce

\`\`\`
sudo apt-get install ripgrep jq   # the baselines; diff is in diffutils
npm install
npm run bench -- --write          # generates .cache/bench/ on first use (about 2 GiB)
\`\`\`

\`npm run bench:generate -- --preset small|large|large-lean-nodes|hosted [--fraction F]\` writes a preset alone. The
archive figures need GNU \`tar\`: the first run also writes \`.cache/bench/large-1.tar.gz\` with
\`tar -czf\` (once, about half a minute), and each archive run extracts the 2 GiB again into a
fresh folder under the system temporary folder, removed after the run. To time only the archive
(\`--runs N\`, and \`--phases\` for the extraction's phases in process):

\`\`\`
npm run build && npx esbuild bench/archive.ts --bundle --platform=node --format=cjs \\
  --outfile=out/bench/archive.js --log-level=warning && node out/bench/archive.js
\`\`\`

## The must-gathers

- \`small\`: ${describe(r.small)}.
- \`large\`: ${describe(r.large)}. Nodes are real-size: about 100 \`status.images\` entries each (two names and a size), ${mibOf(r.largeCli.facts.nodeBytes)} MiB for ${r.large.nodes} Node files.
- \`large-lean-nodes\`: ${describe(r.leanCli.info)}. The same cluster with three images a node (the pause, daemon and proxy images it runs) (${mibOf(r.leanCli.facts.nodeBytes)} MiB of Node files): the preset earlier runs measured, kept so figures stay comparable.
- \`hosted\`: ${describeHosted(r.hostedCli.info)}. A \`hypershift dump\` folder in the fixtures' layout: the management part's per-object files (HostedCluster, NodePools, MachineDeployments, MachineSets, Machines, AWSMachines, the control plane's workloads, flat \`core/pods/logs/*.log\`, the management nodes) and the guest part \`hostedcluster-prod/\` as a must-gather, real-size Nodes each naming its Machine (\`cluster.x-k8s.io/machine\`) and NodePool (\`hypershift.openshift.io/nodePool\`). Its story is the fixture \`hosted-drain-blocked-4.19\`'s (NodePool prod-workers cannot drain a node a PodDisruptionBudget protects), the other 19 NodePools settled: the analysis reports ${r.hostedCli.facts.findings} finding${r.hostedCli.facts.findings === 1 ? '' : 's'} (${r.hostedCli.facts.rules.join(', ')}).

All keep the story of seed 1943289 (the worker pool cannot drain 9 nodes; the machine-config
operator is Degraded); the analysis of \`large\` reports ${r.facts.findings} findings (${r.facts.rules.join(', ')}).

\`large-1.tar.gz\` is \`large\` as support attaches it to a case (\`tar -czf\` of the one folder
\`${r.archive.info.top}\`): ${(r.archive.info.bytes / 1024 ** 2).toFixed(0)} MiB for ${(r.archive.info.extractedBytes / 1024 ** 3).toFixed(2)} GiB in ${r.archive.info.files.toLocaleString('en')} files. \`analyze\` on it reports the same
${r.archive.findings} findings as on the folder \`tar\` writes (checked on every run, cold and warm).

\`gather-extra\` is the CI fixture \`gather-extra-2019850\` (${r.gatherExtra.info.files} files) with its
\`machineconfigs.json\` grown to ${(r.gatherExtra.info.bytes / 1024 ** 2).toFixed(1)} MiB: ${r.gatherExtra.info.items} MachineConfigs, ${r.gatherExtra.info.renderedConfigs} of them rendered (older renders
carrying a user CA bundle as a \`data:,\` URL, DER anchors as \`data:;base64,\` and a gzip'd
\`policy.json\`). The pools still name the fixture's renders: the analysis reports the fixture's
${r.gatherExtra.findings} findings, one with a related location inside the List.

## Figures

| what | measured | ratio | target (issue 18, else as noted) |
| --- | --- | --- | --- |
${rows.map((c) => `| ${c.join(' | ')} |`).join('\n')}

## Where a cold \`analyze\` of \`large\` spends its time

One run under \`node --cpu-prof\` (${ms(r.profile.totalMs)} of samples; the profiler slows it a
little). Each phase is the samples with one of its functions on the stack, so a phase holds what
it calls; Node's own start (${ms(r.nodeStartMs)}) comes before the first sample.

| phase | ms |
| --- | ---: |
${r.profile.phases.map((p) => `| ${p.what} | ${p.ms.toFixed(1)} |`).join('\n')}

## Targets missed, and why

${gaps(r).join('\n')}

## Scaling (\`analyze\`, new process)

| must-gather | files | time | per file | vs all |
| --- | ---: | ---: | ---: | ---: |
${scaleRows.join('\n')}

Per-file time within 25% from a quarter to all of \`large\`: ${verdict(scaleOk)}.
${scaleNote(r.scale)}

## Rendered-config diff detail

${r.diff.header}

${r.diff.table}
`;
}
