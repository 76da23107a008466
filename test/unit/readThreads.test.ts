/**
 * Read threads (issue 43): an analysis that reads and parses files on other threads gives
 * exactly what the main thread alone gives, on every fixture and sample; a thread that cannot
 * start or that fails costs its files a read on the main thread, never a finding; `--jobs` and
 * the environment choose how many threads there are.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { ReadPool } from '../../server/src/gather/readPool';
import { readThreads } from '../../server/src/limits';
import {
  toReported,
  toReportedCauses,
  toReportedSummaries,
} from '../../server/src/reports/reported';
import { runCli } from '../support/cli';
import { examplesDir, fixturesDir, repoRoot, samples } from '../support/fixtures';

const workerFile = join(repoRoot, 'dist', 'readWorker.js');

/** Every fixture and sample folder that holds a gather. */
const folders = [fixturesDir, examplesDir].flatMap((d) =>
  readdirSync(d)
    .map((n) => join(d, n))
    .filter((p) => statSync(p).isDirectory()),
);

/** What a front end shows of an analysis: findings placed, causes, first looks; what was read. */
async function shown(folder: string, pool?: ReadPool): Promise<string> {
  const ctx = analysisContext(pool ? { pool } : {});
  const analyses: RootAnalysis[] = [];
  for (const root of await discoverRoots(folder)) analyses.push(await analyzeRoot(root, ctx));
  return JSON.stringify({
    findings: toReported(folder, analyses, ctx.cache),
    causes: toReportedCauses(folder, analyses, ctx.cache),
    summaries: toReportedSummaries(folder, analyses),
    read: analyses.map((a) => a.filesRead),
    errors: analyses.map((a) => a.internalErrors),
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'mgi-threads-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('read threads', () => {
  it('give exactly what one thread gives, on every fixture and sample', async () => {
    assert.ok(folders.length > 30, `${folders.length} folders`);
    const lines: string[] = [];
    const pool = new ReadPool({ workerFile, threads: 3, log: (l) => lines.push(l) });
    try {
      for (const folder of folders) {
        assert.equal(await shown(folder, pool), await shown(folder), folder);
      }
    } finally {
      await pool.close();
    }
    assert.deepEqual(lines, [], 'no thread failed');
  });

  it('read on the main thread when no thread can start, and say so once', async () => {
    const lines: string[] = [];
    const pool = new ReadPool({
      workerFile: join(tmp, 'no-such-worker.js'),
      threads: 2,
      log: (l) => lines.push(l),
    });
    try {
      assert.equal(
        await shown(samples.workerBlocksMco, pool),
        await shown(samples.workerBlocksMco),
      );
      assert.equal(
        await shown(samples.apiserverCrashLoop, pool),
        await shown(samples.apiserverCrashLoop),
      );
    } finally {
      await pool.close();
    }
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^reading on the main thread only: a read thread failed/);
    assert.equal(pool.helpers, 0);
  });

  it('read again on the main thread the files of a thread that stops mid-read', async () => {
    // A thread that takes reads and never answers, and dies on its second request.
    const dying = join(tmp, 'dying-worker.js');
    writeFileSync(
      dying,
      `const { parentPort } = require('node:worker_threads');
       let n = 0;
       parentPort.on('message', () => { if (++n === 2) process.exit(3); });`,
    );
    const lines: string[] = [];
    const pool = new ReadPool({ workerFile: dying, threads: 2, log: (l) => lines.push(l) });
    try {
      assert.equal(
        await shown(samples.workerBlocksMco, pool),
        await shown(samples.workerBlocksMco),
      );
    } finally {
      await pool.close();
    }
    assert.ok(lines.length >= 1, 'the stop is said');
  });

  it('end when idle, and read again when asked', async () => {
    const pool = new ReadPool({ workerFile, threads: 2, idleMs: 50 });
    try {
      const first = await shown(samples.levelEarly, pool);
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(await shown(samples.levelEarly, pool), first);
    } finally {
      await pool.close();
    }
  });
});

describe('how many read threads', () => {
  it('takes --jobs, else the environment, else one; never more than the cores', () => {
    const env = { MUST_GATHER_INSPECTOR_JOBS: '3' };
    assert.equal(readThreads(2, env, 8), 2);
    assert.equal(readThreads(undefined, env, 8), 3);
    assert.equal(readThreads(undefined, {}, 8), 1);
    assert.equal(readThreads(undefined, { MUST_GATHER_INSPECTOR_JOBS: 'many' }, 8), 1);
    assert.equal(readThreads(6, {}, 2), 2);
    assert.equal(readThreads(undefined, env, 1), 1);
  });

  it('refuses a --jobs that is no whole number from 1, and analyzes the same with any', () => {
    for (const bad of ['0', 'two', '-1', '1.5']) {
      const r = runCli('analyze', samples.workerBlocksMco, '--jobs', bad);
      assert.equal(r.code, 2, bad);
      assert.match(r.stderr, /--jobs takes a whole number of threads from 1/);
    }
    const one = runCli('analyze', samples.workerBlocksMco, '--format', 'json', '--jobs', '1');
    const two = runCli('analyze', samples.workerBlocksMco, '--format', 'json', '--jobs', '2');
    assert.equal(one.code, 1);
    assert.equal(two.code, one.code);
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, '');
  });
});
