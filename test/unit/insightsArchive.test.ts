import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { makeTar } from '../support/archives';
import type { Item } from '../support/archives';
import { samples } from '../support/fixtures';
import { runCli } from '../support/cli';
import { listing } from '../support/listing';

const work = mkdtempSync(join(tmpdir(), 'mgi-insights-archive-'));
const cacheDir = join(work, 'cache');
after(() => rmSync(work, { recursive: true, force: true }));

const run = (...args: string[]) => runCli(...args, '--cache-dir', cacheDir);

/** Every file below a folder, relative, sorted. */
function files(root: string, rel = ''): string[] {
  return readdirSync(join(root, rel))
    .sort()
    .flatMap((n) => {
      const r = rel ? `${rel}/${n}` : n;
      return statSync(join(root, r)).isDirectory() ? files(root, r) : [r];
    });
}

/**
 * The archive as the operator writes it (`diskrecorder.go`): gzip over tar, one regular entry
 * per record at the top (no folder entries, no `./`), mode 0640, the capture time as mtime.
 */
async function insightsArchive(): Promise<Buffer> {
  const mtime = new Date('2024-04-09T16:22:05Z');
  const items: Item[] = files(samples.insights).map((rel) => ({
    header: { name: rel, mode: 0o640, mtime },
    body: readFileSync(join(samples.insights, rel)),
  }));
  return gzipSync(await makeTar(items));
}

interface Reported {
  rule: string;
  file: string;
  line: number;
  message: string;
  detail?: string;
}

describe('an Insights archive through the CLI', () => {
  const name = 'insights-2024-04-09-162205.tar.gz';
  const dir = join(work, 'case-04123456');
  const archive = join(dir, name);

  it('gives the findings of the folder it holds, named inside the archive, with ages from its name', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(archive, await insightsArchive());
    const before = listing(dir);
    const r = run('analyze', archive, '--format', 'json');
    assert.equal(r.code, 1, r.stderr);
    const fromArchive = (JSON.parse(r.stdout) as { findings: Reported[] }).findings;
    const fromFolder = (
      JSON.parse(run('analyze', samples.insights, '--format', 'json').stdout) as {
        findings: Reported[];
      }
    ).findings;
    assert.deepEqual(
      fromArchive.map((f) => `${f.rule} ${f.line}`).sort(),
      fromFolder.map((f) => `${f.rule} ${f.line}`).sort(),
    );
    const pool = fromArchive.find((f) => f.rule === 'pool-degraded')!;
    assert.equal(pool.file, `${name}!/config/machineconfigpools/worker.json`);
    // The archive's name is its gather time: ages appear, which the bare folder cannot give.
    assert.match(`${pool.message}\n${pool.detail ?? ''}`, /\(1h18m before the gather\)/);
    const inFolder = fromFolder.find((f) => f.rule === 'pool-degraded')!;
    assert.doesNotMatch(`${inFolder.message}\n${inFolder.detail ?? ''}`, /before the gather/);
    assert.deepEqual(listing(dir), before, 'nothing written beside the archive');
  });

  it('without a telling name, has no gather time and says so', async () => {
    const renamed = join(dir, 'archive.tar.gz');
    writeFileSync(renamed, await insightsArchive());
    // Verbose: the details are where an age would be worded.
    const r = run('analyze', renamed, '--group', 'file', '--verbose');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no gather time/);
    assert.doesNotMatch(r.stdout, /before the gather/);
    assert.match(r.stdout, /archive\.tar\.gz!\/config\/machineconfigpools\/worker\.json/);
  });
});
