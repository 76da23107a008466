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
import { analysisFacts, writeList } from './measure/analysis';
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

function analyzeRun(dir: string) {
  // Exit 1 means "findings at error level", which these must-gathers have.
  return () => runProcess(node, [cli, 'analyze', dir, '--format', 'json'], [0, 1]);
}

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  for (const tool of ['rg', 'jq', 'diff']) {
    if (!has(tool))
      throw new Error(`${tool} is needed (Debian: apt-get install ripgrep jq diffutils)`);
  }
  const gen = (preset: 'small' | 'large', fraction: number): GeneratedInfo => {
    log(`generating or reusing ${preset} x${fraction}`);
    return ensureGenerated(preset, fraction, outRoot);
  };
  const small = gen('small', 1);
  const large = gen('large', 1);
  const scaling: [number, GeneratedInfo][] = quick
    ? []
    : [
        [0.25, gen('large', 0.25)],
        [0.5, gen('large', 0.5)],
      ];

  log('node start');
  const nodeStart = medianRun(5, () => runProcess(node, ['-e', '0']));

  log('what the analysis reads (in process)');
  const facts = await analysisFacts(large.dir);
  const tmp = mkdtempSync(join(tmpdir(), 'mgi-bench-'));
  try {
    const list = join(tmp, 'files');
    writeList(list, facts.filesRead);
    log('floor');
    const floor = medianRun(5, () =>
      runProcess(node, [join(repo, 'bench/support/read-files.cjs'), list]),
    );
    log('rg');
    const rg = medianRun(3, () =>
      runProcess(
        'rg',
        [
          '-uu',
          '--no-messages',
          '-c',
          'machineconfiguration.openshift.io/state: Degraded',
          large.dir,
        ],
        [0, 1],
      ),
    );
    log('analyze');
    const analyzeLarge = medianRun(5, analyzeRun(large.dir));
    const analyzeSmall = medianRun(3, analyzeRun(small.dir));
    const scale: ScalePoint[] = [];
    for (const [fraction, g] of scaling) {
      log(`scaling ${fraction}`);
      scale.push({ fraction, info: g, ms: medianRun(5, analyzeRun(g.dir)).ms });
    }
    scale.push({ fraction: 1, info: large, ms: analyzeLarge.ms });
    log('gather-extra with a 40 MiB machineconfigs.json (generating or reusing)');
    const gatherExtra = await measureGatherExtra(cli, outRoot, join(tmp, 'storage-gather-extra'));
    log('language server');
    const lsp = await measureLsp(
      large.dir,
      facts.operatorFile,
      facts.poolFile,
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
      floorMs: floor.ms,
      rgMs: rg.ms,
      analyzeLarge: { ms: analyzeLarge.ms, maxRssMiB: analyzeLarge.maxRssMiB ?? 0 },
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
