import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ExtractionCancelled } from '../../server/src/gather/archive/cancelled';
import { DEFAULT_ARCHIVE_BOUNDS } from '../../server/src/gather/archive/extract';
import { cachedRoot, openArchive } from '../../server/src/gather/archiveCache';
import { file, makeTar, mustGather, setup, tree } from '../support/archives';

/** A tar.gz of the small must-gather plus enough log lines to be read in many chunks. */
async function bigArchive(): Promise<Buffer> {
  const logs = Array.from({ length: 40 }, (_, i) => {
    const lines = Array.from(
      { length: 4000 },
      (_, j) => `I1201 12:${String(j % 60).padStart(2, '0')}:00 pod-${i} line ${j * 7919}`,
    );
    return file(`must-gather.local.1/namespaces/ns/pods/p/logs/${i}.log`, lines.join('\n'));
  });
  return gzipSync(await makeTar([...mustGather, ...logs]));
}

const open = (
  archive: string,
  cacheDir: string,
  options: Parameters<typeof openArchive>[5] = {},
): Promise<string> =>
  openArchive(archive, cacheDir, DEFAULT_ARCHIVE_BOUNDS, 1024 ** 3, () => {}, options);

describe('archive extraction: progress and cancellation', () => {
  it('reports progress in the archive bytes, rising to the whole', async () => {
    const data = await bigArchive();
    const { root, archive } = setup('must-gather.tar.gz', data);
    const seen: [number, number][] = [];
    await open(archive, join(root, 'cache'), {
      progress: (done, total) => seen.push([done, total]),
    });
    assert.ok(seen.length > 1, `progress was called ${seen.length} time(s)`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]![0] >= seen[i - 1]![0]);
    assert.ok(seen.every(([, total]) => total === data.length));
    assert.deepEqual(seen.at(-1), [data.length, data.length]);
  });

  it('cancelled, it leaves no half cache and the archive as it was; the next open extracts', async () => {
    const data = await bigArchive();
    const { root, archive } = setup('must-gather.tar.gz', data);
    const cacheDir = join(root, 'cache');
    const before = statSync(archive).mtimeMs;
    const abort = new AbortController();
    let calls = 0;
    await assert.rejects(
      open(archive, cacheDir, {
        signal: abort.signal,
        progress: () => {
          if (++calls === 2) abort.abort();
        },
      }),
      (e: Error) => {
        assert.ok(e instanceof ExtractionCancelled, String(e));
        assert.equal(e.message, 'extraction of must-gather.tar.gz was cancelled');
        return true;
      },
    );
    assert.deepEqual(readdirSync(cacheDir), [], 'no entry and no temporary folder is left');
    assert.equal(await cachedRoot(archive, cacheDir), undefined);
    assert.deepEqual(readFileSync(archive), data);
    assert.equal(statSync(archive).mtimeMs, before);
    assert.deepEqual(tree(join(root, 'in')), ['must-gather.tar.gz']);

    const extracted = await open(archive, cacheDir);
    assert.equal(await cachedRoot(archive, cacheDir), extracted);
    assert.ok(existsSync(join(extracted, 'must-gather.local.1/namespaces/ns/pods/p/logs/39.log')));
  });

  it('an already aborted signal writes nothing', async () => {
    const { root, archive } = setup('must-gather.tar.gz', await bigArchive());
    const cacheDir = join(root, 'cache');
    await assert.rejects(
      open(archive, cacheDir, { signal: AbortSignal.abort() }),
      ExtractionCancelled,
    );
    assert.deepEqual(readdirSync(cacheDir), []);
  });
});
