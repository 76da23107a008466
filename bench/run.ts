/**
 * `npm run bench`: generates (or reuses) the must-gather presets and measures, in one run and
 * on the same files, the inspector against the floor and against what engineers run today.
 * Prints a table; `--write` also writes bench/results.md. `--quick` skips the scaling runs.
 * The archive runs come last: each writes the 2 GiB must-gather out of its `.tar.gz` again.
 */
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ensureGenerated } from './gen/ensure';
import type { GeneratedInfo } from './gen/ensure';
import { ensureArchive } from './gen/archive';
import type { PresetName } from './gen/presets';
import { analyzeRun, measureCli, measureStart } from './measure/cli';
import { profileAnalyze } from './measure/profile';
import { measureArchive } from './measure/archive';
import { measureDiff } from './measure/diff';
import { measureGatherExtra } from './measure/gatherExtra';
import { measureLsp } from './measure/lsp';
import { has, medianRun, repo, runProcess } from './measure/proc';
import { renderResults } from './measure/report';
import type { Results, ScalePoint } from './measure/report';

const node = process.execPath;
const cli = join(repo, 'dist', 'cli.js');
const outRoot = join(repo, '.cache', 'bench');

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  for (const tool of ['rg', 'jq', 'diff']) {
    if (!has(tool))
      throw new Error(`${tool} is needed (Debian: apt-get install ripgrep jq diffutils)`);
  }
  const gen = (preset: PresetName, fraction: number): GeneratedInfo => {
    log(`generating or reusing ${preset} x${fraction}`);
    return ensureGenerated(preset, fraction, outRoot);
  };
  const small = gen('small', 1);
  const large = gen('large', 1);
  const lean = gen('large-lean-nodes', 1);
  const hosted = gen('hosted', 1);
  const scaling: [number, GeneratedInfo][] = quick
    ? []
    : [
        [0.25, gen('large', 0.25)],
        [0.5, gen('large', 0.5)],
      ];

  log('node start');
  const nodeStart = medianRun(5, () => runProcess(node, ['-e', '0']));

  const tmp = mkdtempSync(join(tmpdir(), 'mgi-bench-'));
  try {
    log('large: floor, rg and analyze in turn');
    const largeCli = await measureCli(cli, large, join(tmp, 'files-large'));
    log('large-lean-nodes: floor, rg and analyze in turn');
    const leanCli = await measureCli(cli, lean, join(tmp, 'files-lean'));
    log('hosted: floor, rg and analyze in turn');
    const hostedCli = await measureCli(cli, hosted, join(tmp, 'files-hosted'));
    const facts = largeCli.facts;
    log('large: analyze without the code cache, and with one read thread, in turn');
    const start = measureStart(cli, large.dir);
    log('large: one analyze under --cpu-prof, for where its time goes');
    const profile = profileAnalyze(cli, large.dir);
    if (leanCli.facts.findings !== facts.findings)
      throw new Error(
        `large-lean-nodes gives ${leanCli.facts.findings} findings, large ${facts.findings}: the nodes' images changed the analysis`,
      );
    const analyzeSmall = medianRun(3, analyzeRun(cli, small.dir));
    const scale: ScalePoint[] = [];
    for (const [fraction, g] of scaling) {
      log(`scaling ${fraction}`);
      scale.push({ fraction, info: g, ms: medianRun(5, analyzeRun(cli, g.dir)).ms });
    }
    scale.push({ fraction: 1, info: large, ms: largeCli.analyze.ms });
    log('gather-extra with a 40 MiB machineconfigs.json (generating or reusing)');
    const gatherExtra = await measureGatherExtra(cli, outRoot, join(tmp, 'storage-gather-extra'));
    log('language server');
    const lsp = await measureLsp(
      large.dir,
      facts.operatorFile,
      facts.poolFile,
      facts.nodeFile,
      join(tmp, 'storage'),
    );
    log('diff');
    const diff = measureDiff();
    log('large as a .tar.gz (tar -czf when missing)');
    const archiveInfo = ensureArchive(large, outRoot);
    log('archive: tar -xzf, analyze on the archive, cold and warm cache (about 2 GiB per run)');
    const archive = measureArchive(cli, archiveInfo, join(tmp, 'archive'));

    const results: Results = {
      date: new Date().toISOString().slice(0, 10),
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memGiB: totalmem() / 1024 ** 3,
      node: process.version,
      small,
      large,
      facts,
      nodeStartMs: nodeStart.ms,
      largeCli,
      leanCli,
      hostedCli,
      start,
      profile,
      analyzeSmall: { ms: analyzeSmall.ms, maxRssMiB: analyzeSmall.maxRssMiB ?? 0 },
      scale,
      gatherExtra,
      lsp,
      diff,
      archive,
    };
    const md = renderResults(results);
    console.log(md);
    if (process.argv.includes('--write')) writeFileSync(join(repo, 'bench', 'results.md'), md);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
