import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { repoRoot, samples } from '../support/fixtures';
import { file, makeTar, makeWritable, mustGather } from '../support/archives';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';
import type { ProgressParams } from './lspClient';
import { listing } from '../support/listing';

const work = mkdtempSync(join(tmpdir(), 'mgi-lsp-archive-'));
after(() => {
  makeWritable(work);
  rmSync(work, { recursive: true, force: true });
});

/** A case folder holding the sample's must-gather as support receives it. */
function caseFolder(name: string): { folder: string; archive: string } {
  const folder = join(work, name);
  mkdirSync(folder, { recursive: true });
  const archive = join(folder, 'must-gather.tar.gz');
  const sample = samples.workerBlocksMco;
  const r = spawnSync('tar', ['-czf', archive, '-C', dirname(sample), basename(sample)]);
  assert.equal(r.status, 0, r.stderr?.toString());
  writeFileSync(join(folder, 'case-notes.txt'), 'customer says the upgrade hangs\n');
  return { folder, archive };
}

/** The findings the CLI reports for the same archive, to compare with what is published. */
function cliFindingCount(archive: string, cacheDir: string): number {
  const r = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'dist', 'cli.js'),
      'analyze',
      archive,
      '--format',
      'json',
      '--cache-dir',
      cacheDir,
    ],
    { encoding: 'utf8' },
  );
  return (JSON.parse(r.stdout) as { findings: unknown[] }).findings.length;
}

/** A tar.gz of 60 log files of 6,000 lines: read in many chunks, so it can be cancelled. */
async function bigArchive(): Promise<Buffer> {
  const logs = Array.from({ length: 60 }, (_, i) =>
    file(
      `must-gather.local.1/namespaces/ns/pods/p/logs/${i}.log`,
      Array.from({ length: 6000 }, (_, j) => `I1201 pod-${i} line ${j * 7919}`).join('\n'),
    ),
  );
  return gzipSync(await makeTar([...mustGather, ...logs]));
}

describe('archives over stdio', () => {
  it('extracts an archive found in a workspace folder into the cache and publishes its findings', async () => {
    const { folder, archive } = caseFolder('case-03912345');
    const cacheDir = join(work, 'cache-auto');
    const before = listing(folder);
    const lsp = await LspClient.start([folder], {}, [], {
      initializationOptions: { cacheDir },
      workspaceFolders: true,
    });
    try {
      const published = await lsp.waitFor(
        'diagnostics inside the extracted archive',
        () => {
          const inCache = [...lsp.diagnostics]
            .filter(([uri]) => fileURLToPath(uri).startsWith(cacheDir + sep))
            .flatMap(([, d]) => d);
          return inCache.length > 0 ? inCache : undefined;
        },
        30000,
      );
      await lsp.idle();
      const total = [...lsp.diagnostics].flatMap(([, d]) => d).length;
      assert.equal(total, cliFindingCount(archive, join(work, 'cache-cli')));
      assert.ok(published.some((d) => d.code === 'mco-blocked-by-non-required-pool'));
      assert.deepEqual(listing(folder), before, 'nothing is written beside the archive');
      assert.ok(lsp.logs.some((l) => l.startsWith('must-gather.tar.gz: extracted into ')));
      // The update status names the must-gather by the archive, never by the cache's path.
      const status = (await lsp.connection.sendRequest('mustGatherInspector/updateStatus', {})) as {
        roots: { root: string; place?: string }[];
      };
      const extracted = status.roots.find((r) => r.root.startsWith(cacheDir + sep));
      assert.ok(extracted, 'a root in the cache');
      const inside = extracted.root.slice(extracted.root.indexOf(`${sep}root${sep}`) + 6);
      assert.ok(inside.startsWith(basename(samples.workerBlocksMco)), inside);
      assert.equal(extracted.place, `${archive}!/${inside.split(sep).join('/')}`);
      // indexing, then extracting, then indexing the archive's tree, each with a percentage
      const titles = lsp.progress.flatMap((p) => (p.value.kind === 'begin' ? [p.value.title] : []));
      assert.deepEqual(titles, [
        'Indexing must-gathers',
        'Extracting must-gather.tar.gz',
        'Indexing must-gathers',
      ]);
      const last = lsp.progress.filter((p) => p.value.kind === 'report').at(-1);
      assert.deepEqual(
        { percentage: last?.value.percentage, message: last?.value.message },
        { percentage: 100, message: '1/1 must-gathers' },
      );
    } finally {
      await lsp.stop();
    }
  });

  it('with openArchives false, lists archives and extracts one on request, with progress', async () => {
    const { folder, archive } = caseFolder('case-offer');
    const cacheDir = join(work, 'cache-offer');
    const lsp = await LspClient.start([folder], {}, [], {
      initializationOptions: { cacheDir, openArchives: false },
    });
    const progress = lsp.progress;
    try {
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(
        readdirSync(join(work)).includes('cache-offer'),
        false,
        'nothing extracted unasked',
      );
      const listed = await lsp.connection.sendRequest('mustGatherInspector/archives');
      assert.deepEqual(listed, { archives: [{ path: archive }] });
      const opened = (await lsp.connection.sendRequest('mustGatherInspector/openArchive', {
        path: archive,
      })) as { root: string; name: string; notes: string[] };
      assert.equal(opened.name, 'must-gather.tar.gz');
      assert.ok(opened.root.startsWith(cacheDir + sep), opened.root);
      assert.ok(statSync(join(opened.root, basename(samples.workerBlocksMco))).isDirectory());
      assert.deepEqual(opened.notes, []);
      const begin = progress.find(
        (p) => p.value.kind === 'begin' && p.value.title?.startsWith('Extracting'),
      );
      assert.equal(begin?.value.title, 'Extracting must-gather.tar.gz');
      assert.equal(begin?.value.cancellable, true);
      assert.ok(progress.some((p) => p.token === begin?.token && p.value.kind === 'end'));
      const again = (await lsp.connection.sendRequest('mustGatherInspector/openArchive', {
        path: archive,
      })) as { root: string };
      assert.equal(again.root, opened.root, 'the second open reuses the cache');
      assert.deepEqual(await lsp.connection.sendRequest('mustGatherInspector/archives'), {
        archives: [{ path: archive, extracted: opened.root }],
      });
    } finally {
      await lsp.stop();
    }
  });

  it('cancelled from its progress, an extraction answers an error and leaves no cache', async () => {
    const folder = join(work, 'case-cancel');
    mkdirSync(folder);
    const archive = join(folder, 'must-gather.tar.gz');
    writeFileSync(archive, await bigArchive());
    const cacheDir = join(work, 'cache-cancel');
    const lsp = await LspClient.start([folder], {}, [], {
      initializationOptions: { cacheDir, openArchives: false },
    });
    lsp.connection.onNotification('$/progress', (p: ProgressParams) => {
      if (p.value.kind === 'begin' && p.value.title?.startsWith('Extracting')) {
        lsp.send('window/workDoneProgress/cancel', { token: p.token });
      }
    });
    try {
      await assert.rejects(
        lsp.connection.sendRequest('mustGatherInspector/openArchive', { path: archive }),
        /extraction of must-gather\.tar\.gz was cancelled/,
      );
      assert.deepEqual(readdirSync(cacheDir), []);
    } finally {
      await lsp.stop();
    }
  });

  it('reports on the client’s own progress token, and a cancelled request leaves no cache', async () => {
    const folder = join(work, 'case-client-token');
    mkdirSync(folder);
    const archive = join(folder, 'must-gather.tar.gz');
    writeFileSync(archive, await bigArchive());
    const cacheDir = join(work, 'cache-client-token');
    const lsp = await LspClient.start([folder], {}, [], {
      initializationOptions: { cacheDir, openArchives: false },
    });
    const progress = lsp.progress;
    try {
      const done = (await lsp.connection.sendRequest('mustGatherInspector/openArchive', {
        path: archive,
        workDoneToken: 'open-1',
      })) as { root: string };
      const mine = progress.filter((p) => p.token === 'open-1').map((p) => p.value.kind);
      assert.equal(mine[0], 'begin');
      assert.ok(mine.includes('report'));
      assert.equal(mine.at(-1), 'end');
      makeWritable(cacheDir);
      rmSync(cacheDir, { recursive: true, force: true });
      mkdirSync(cacheDir);
      assert.ok(done.root.startsWith(cacheDir + sep));

      const source = new CancellationTokenSource();
      lsp.connection.onNotification('$/progress', (p: ProgressParams) => {
        if (p.token === 'open-2' && p.value.kind === 'begin') source.cancel();
      });
      await assert.rejects(
        lsp.connection.sendRequest(
          'mustGatherInspector/openArchive',
          { path: archive, workDoneToken: 'open-2' },
          source.token,
        ),
      );
      // the server finishes its clean-up after it has answered
      await lsp.waitFor('the cancellation to be logged', () =>
        lsp.logs.some((l) => l.includes('was cancelled')) ? true : undefined,
      );
      assert.deepEqual(readdirSync(cacheDir), []);
    } finally {
      await lsp.stop();
    }
  });
});
