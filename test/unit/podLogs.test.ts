import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { toReported } from '../../server/src/reports/reported';
import type { ReportedFinding } from '../../server/src/reports/reported';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { readLogTail } from '../../server/src/gather/logTail';
import { containerLogs } from '../../server/src/gather/podLogs';
import { classifyMustGatherPath } from '../../server/src/gather/resourcePath';
import { defaultLimits } from '../../server/src/limits';
import { positionAt } from '../../server/src/yaml/positions';
import { fixturesDir, samples, updates } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';
import { tempTree } from '../support/tempTree';

const reduced = join(fixturesDir, 'update-stalled-reduced-logs');

async function analyzeFolder(folder: string, maxLogMiB = defaultLimits.maxLogMiB) {
  const ctx = analysisContext({ limits: { ...defaultLimits, maxLogMiB } });
  const analyses = await Promise.all((await discoverRoots(folder)).map((r) => analyzeRoot(r, ctx)));
  return toReported(folder, analyses, ctx.cache);
}

/** The text of a log, gunzipped when it is gzip. */
function logText(file: string): string {
  const bytes = readFileSync(file);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

function cvoFinding(findings: ReportedFinding[]): ReportedFinding {
  const f = findings.find((x) => x.rule === 'cvo-waiting-on-operator');
  assert.ok(f, 'cvo-waiting-on-operator is reported');
  return f;
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesBelow(p) : [p];
  });
}

describe('pod logs: gzipped, rotated and previous', () => {
  it('reports cvo-waiting-on-operator on its line of a gzipped current.log.gz', async () => {
    const findings = await analyzeFolder(reduced);
    const f = cvoFinding(findings);
    assert.match(f.file, /cluster-version-operator\/logs\/current\.log\.gz$/);
    const line = logText(join(reduced, f.file)).split('\n')[f.line - 1];
    assert.match(line ?? '', /Result of work: \[Cluster operator machine-config is degraded\]$/);
    // The same gather with plain logs says the same thing, about the same line of text.
    const plain = cvoFinding(await analyzeFolder(updates.stalled));
    assert.equal(f.message, plain.message);
    assert.equal(line, logText(join(updates.stalled, plain.file)).split('\n')[plain.line - 1]);
  });

  it('gives the same findings, but for where the CVO log lies, as the plain-log gather', async () => {
    const key = (f: ReportedFinding) => `${f.rule} ${f.subject} ${f.message}`;
    const a = (await analyzeFolder(reduced)).map(key).sort();
    const b = (await analyzeFolder(updates.stalled)).map(key).sort();
    assert.deepEqual(a, b);
  });

  it('reads rotated logs newest first, and their results oldest first across the files', async () => {
    const { snapshot } = await loadFixture(reduced);
    assert.equal(snapshot.cvoLogs.length, 1);
    const log = snapshot.cvoLogs[0]!;
    assert.match(log.file, /current\.log\.gz$/);
    const files = [...new Set(log.results.map((r) => r.file.replace(/^.*\/logs\//, '')))];
    assert.deepEqual(
      files.map((f) => f.replace(/\d{8}-\d{6}/, '<t>')),
      ['rotated/0.log.<t>.gz', 'rotated/0.log.<t>', 'current.log.gz'],
    );
    const times = log.results.map((r) => r.time!.getTime());
    assert.deepEqual(
      times,
      [...times].sort((x, y) => x - y),
    );
    // Nothing is lost in the split: as many results as the single current.log holds.
    const { snapshot: plain } = await loadFixture(updates.stalled);
    assert.equal(log.results.length, plain.cvoLogs[0]!.results.length);
  });

  it("orders one container's files: current, rotated by time (latest first), previous", () => {
    const dir = 'namespaces/openshift-cluster-version/pods/cvo-1/cvo/cvo/logs';
    const paths = [
      `${dir}/previous.insecure.log`,
      `${dir}/rotated/0.log.20240409-152235.gz`,
      `${dir}/current.log.gz`,
      `${dir}/rotated/0.log.20240409-155212`,
      `${dir}/rotated/1.log.20240409-160001`,
    ];
    for (const p of paths) assert.equal(classifyMustGatherPath(p).kind, 'log', p);
    const [c, ...rest] = containerLogs(paths);
    assert.equal(rest.length, 0);
    assert.deepEqual(c!.container, {
      namespace: 'openshift-cluster-version',
      pod: 'cvo-1',
      container: 'cvo',
    });
    assert.deepEqual(
      c!.files.map((f) => f.path.slice(dir.length + 1)),
      [
        'current.log.gz',
        'rotated/1.log.20240409-160001',
        'rotated/0.log.20240409-155212',
        'rotated/0.log.20240409-152235.gz',
        'previous.insecure.log',
      ],
    );
  });

  it("knows the Insights archive names of a container's logs", () => {
    const dir = 'config/pod/openshift-machine-config-operator/logs/machine-config-daemon-2hhwl';
    const [c, ...rest] = containerLogs([
      `${dir}/machine-config-daemon_previous.log`,
      `${dir}/machine-config-daemon_current.log`,
    ]);
    assert.equal(rest.length, 0);
    assert.deepEqual(c!.container, {
      namespace: 'openshift-machine-config-operator',
      pod: 'machine-config-daemon-2hhwl',
      container: 'machine-config-daemon',
    });
    assert.deepEqual(
      c!.files.map((f) => f.instance),
      ['current', 'previous'],
    );
  });

  it('reads gather-extra pod logs gzipped, with the previous container first', async () => {
    const t = tempTree();
    try {
      cpSync(samples.gatherExtra, t.path, { recursive: true });
      const log = filesBelow(t.path).find((p) =>
        /\/pods\/openshift-cluster-version_.*\.log$/.test(p),
      );
      assert.ok(log);
      const text = readFileSync(log, 'utf8');
      const lines = text.split('\n');
      // The previous container logged up to the first result; the running one the rest.
      const half = lines.findIndex((l) => l.includes('Result of work')) + 1;
      writeFileSync(
        log.replace(/\.log$/, '_previous.log.gz'),
        gzipSync(lines.slice(0, half).join('\n') + '\n'),
      );
      writeFileSync(`${log}.gz`, gzipSync(lines.slice(half).join('\n')));
      renameSync(log, `${log}.bak`);
      const findings = await analyzeFolder(t.path);
      const f = cvoFinding(findings);
      assert.match(f.file, /_cluster-version-operator\.log\.gz$/);
      assert.match(
        logText(join(t.path, f.file)).split('\n')[f.line - 1] ?? '',
        /Result of work: \[.*machine-config/,
      );
      const { snapshot } = await loadFixture(t.path);
      assert.match(snapshot.cvoLogs[0]!.results[0]!.file, /_previous\.log\.gz$/);
    } finally {
      t.remove();
    }
  });

  it('says once why a broken current.log.gz is not read, and still reads the rotated files', async () => {
    const t = tempTree();
    try {
      cpSync(reduced, t.path, { recursive: true });
      const gz = filesBelow(t.path).find((p) =>
        p.endsWith('cluster-version-operator/logs/current.log.gz'),
      );
      assert.ok(gz);
      writeFileSync(gz, readFileSync(gz).subarray(0, 40));
      const findings = await analyzeFolder(t.path);
      const broken = findings.filter((f) => f.rule === 'yaml-invalid');
      assert.equal(broken.length, 1);
      assert.match(
        broken[0]!.message,
        /current\.log\.gz: is not valid gzip: .*; its lines are not read/,
      );
      assert.match(cvoFinding(findings).file, /logs\/rotated\/0\.log\.\d{8}-\d{6}$/);
    } finally {
      t.remove();
    }
  });

  it('reads only the end of a log over maxLogMiB, with the lines before it counted', async () => {
    const t = tempTree();
    try {
      const root = 'namespaces/openshift-cluster-version';
      cpSync(updates.stalled, t.path, { recursive: true });
      const log = filesBelow(t.path).find(
        (p) => p.includes(`${root}/pods/`) && p.endsWith('/logs/current.log'),
      );
      assert.ok(log);
      // 3 MiB of older lines before the real log: over a 1 MiB bound.
      const filler = Array.from(
        { length: 24_000 },
        (_, i) =>
          `2024-04-09T10:00:00.${String(i).padStart(9, '0')}Z I0409 10:00:00.000000       1 sync_worker.go:549] Running sync 4.15.3 (force=false) on generation 6 in state Updating at attempt ${i}\n`,
      ).join('');
      const real = readFileSync(log, 'utf8');
      writeFileSync(log, filler + real);
      const bounded = cvoFinding(await analyzeFolder(t.path, 1));
      const before = filler.split('\n').length - 1;
      const plain = cvoFinding(await analyzeFolder(updates.stalled));
      assert.equal(bounded.line, plain.line + before, 'the line counts the lines not read');
      writeFileSync(`${log}.gz`, gzipSync(filler + real));
      renameSync(log, `${log}.bak`);
      const gz = cvoFinding(await analyzeFolder(t.path, 1));
      assert.equal(gz.line, bounded.line);
    } finally {
      t.remove();
    }
  });
});

describe('readLogTail', () => {
  const bounds = { maxBytes: 1000, maxRatio: 100 };

  it('keeps whole lines within the bound and counts the rest, plain and gzipped alike', async () => {
    const t = tempTree();
    try {
      const text = Array.from({ length: 500 }, (_, i) => `line ${i} ${'x'.repeat(i % 37)}\n`).join(
        '',
      );
      const plain = t.write('current.log', text);
      const gz = join(t.path, 'current.log.gz');
      writeFileSync(gz, gzipSync(text));
      for (const file of [plain, gz]) {
        const r = await readLogTail(file, bounds);
        assert.ok(r.ok);
        assert.ok(r.log.text.length <= bounds.maxBytes);
        assert.ok(text.endsWith(r.log.text));
        const first = Number(/^line (\d+) /.exec(r.log.text)?.[1]);
        assert.equal(r.log.skippedLines, first, file);
        assert.equal(r.log.gzipped, file === gz);
        // A position in the kept text names the file's own line.
        const cache = new ParsedFileCache({
          maxAliasCount: 1,
          maxDocuments: 1,
          maxDepth: 8,
          maxFileBytes: 1,
          maxEntries: 4,
          maxLogBytes: bounds.maxBytes,
          maxLogRatio: bounds.maxRatio,
        });
        const c = await cache.get(file, 'log');
        assert.ok(c.ok);
        assert.equal(positionAt(c.parsed, 0).line, first);
      }
    } finally {
      t.remove();
    }
  });

  it('refuses a gzip bomb, a binary log and broken gzip with one reason each', async () => {
    const t = tempTree();
    try {
      const bomb = join(t.path, 'bomb.log.gz');
      writeFileSync(bomb, gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x61)));
      const b = await readLogTail(bomb, { maxBytes: 1 << 20, maxRatio: 100 });
      assert.ok(!b.ok && /gunzips to more than 100 times/.test(b.error));
      const bin = t.write('bin.log', 'ok\n\0\x01\x02');
      const n = await readLogTail(bin, bounds);
      assert.deepEqual(n, { ok: false, error: 'file is binary, not a log' });
      const broken = join(t.path, 'broken.log.gz');
      writeFileSync(broken, gzipSync('some text\n'.repeat(100)).subarray(0, 30));
      const k = await readLogTail(broken, bounds);
      assert.ok(!k.ok && /not valid gzip/.test(k.error), JSON.stringify(k));
    } finally {
      t.remove();
    }
  });
});
