/**
 * Only the archive measurement of the benchmark (`large` as a `.tar.gz`; see measure/archive.ts),
 * quicker to rerun than `npm run bench`: `--runs N` (3 by default). `--phases` also times, in
 * this process and once each after a warm-up read, where the extraction's time goes: reading the
 * file, gunzip alone, gunzip and the tar parser with every entry drained, and the extraction the
 * CLI runs (server/src/gather/archive/extract.ts) into an empty folder, against `gzip -dc`.
 * Build first (`npm run build`: the CLI is dist/cli.js).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { DEFAULT_ARCHIVE_BOUNDS, extractArchive } from '../server/src/gather/archive/extract';
import { ensureArchive } from './gen/archive';
import { ensureGenerated } from './gen/ensure';
import { measureArchive } from './measure/archive';
import type { ArchiveBench } from './measure/archive';
import { repo, runProcess } from './measure/proc';

const outRoot = join(repo, '.cache', 'bench');
const cli = join(repo, 'dist', 'cli.js');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

async function timed(what: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await what();
  return performance.now() - t;
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of stream) void chunk;
}

function removeTree(dir: string): void {
  spawnSync('chmod', ['-R', 'u+w', dir]);
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

/** Where the extraction's time goes, one run each: [what, ms]. */
async function phases(archive: string, work: string): Promise<[string, number][]> {
  const out: [string, number][] = [];
  await drain(createReadStream(archive)); // warm-up: the archive in the page cache
  out.push([
    'read the `.tar.gz` (stream, nothing kept)',
    await timed(() => drain(createReadStream(archive))),
  ]);
  out.push([
    '`gzip -dc` to /dev/null (new process)',
    runProcess('sh', ['-c', `gzip -dc '${archive}' > /dev/null`]).ms,
  ]);
  out.push([
    'gunzip alone (zlib stream, 16 KiB chunks)',
    await timed(() => drain(createReadStream(archive).pipe(createGunzip()))),
  ]);
  out.push([
    'gunzip + tar-stream, every entry drained',
    await timed(async () => {
      const extract = tar.extract();
      const parsed = pipeline(createReadStream(archive), createGunzip(), extract);
      for await (const entry of extract) await drain(entry);
      await parsed;
    }),
  ]);
  const dest = mkdtempSync(join(work, 'extract-'));
  try {
    out.push([
      '`extractArchive` (what the CLI runs) into an empty folder',
      await timed(() => extractArchive(archive, dest, DEFAULT_ARCHIVE_BOUNDS, () => undefined)),
    ]);
  } finally {
    removeTree(dest);
  }
  return out;
}

function table(r: ArchiveBench): string {
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const row = (what: string, ms: number, ratio = '') => `| ${what} | ${ms.toFixed(0)} | ${ratio} |`;
  return [
    `\`${r.info.path}\`: ${(r.info.bytes / 1024 ** 2).toFixed(0)} MiB, ${r.info.files} files; medians of ${r.runs} rounds after one warm-up round`,
    '',
    '| what | ms | ratio |',
    '| --- | ---: | --- |',
    row('(a) `tar -xzf`', r.tarMs, '1.00x tar'),
    row('`analyze` on the folder tar wrote', r.folderAnalyzeMs),
    row('(c) `tar -xzf`, then `analyze` on the folder', r.tarAnalyzeMs, '1.00x tar+analyze'),
    row(
      '(b) `analyze` on the archive, empty cache',
      r.archiveMs,
      `${x(r.archiveMs, r.tarAnalyzeMs)} tar+analyze, ${x(r.archiveMs, r.tarMs)} tar`,
    ),
    row(
      'the extraction alone (b minus `analyze` on the folder)',
      r.extractMs,
      `${x(r.extractMs, r.tarMs)} tar`,
    ),
    row('(d) `analyze` on the archive again, cache filled', r.warmMs),
  ].join('\n');
}

async function main(): Promise<void> {
  const runs = Number(arg('--runs') ?? 3);
  const large = ensureGenerated('large', 1, outRoot);
  const info = ensureArchive(large, outRoot);
  const work = mkdtempSync(join(tmpdir(), 'mgi-bench-'));
  try {
    mkdirSync(work, { recursive: true });
    if (process.argv.includes('--phases')) {
      console.log('| phase | ms |\n| --- | ---: |');
      for (const [what, ms] of await phases(info.path, work))
        console.log(`| ${what} | ${ms.toFixed(0)} |`);
      console.log();
    }
    console.log(table(measureArchive(cli, info, join(work, 'archive'), runs)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
