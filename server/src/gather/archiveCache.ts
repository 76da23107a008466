/**
 * Archives are extracted once, into a cache outside the archive's folder: keyed by the
 * archive's path, size, mtime and a hash of its first and last MiB, written to a temporary
 * folder and renamed when complete, reused on the next open, evicted least recently used past a
 * size cap. Nothing is ever written beside or inside the archive.
 */
import { codeCacheFolder } from '../cacheDir';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  open,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ArchiveBounds, ExtractOptions } from './archive/extract';
import type { Limits } from '../limits';

export interface CacheEntry {
  key: string;
  archive: string;
  size: number;
  mtimeMs: number;
  bytes: number;
  /** The extracted tree. */
  root: string;
  lastUsed: Date;
}

const mib = 1024 * 1024;
const complete = 'meta.json';

/** The cache key of an archive as it is now. */
async function archiveKey(archive: string): Promise<string> {
  const path = resolve(archive);
  const st = await stat(path);
  const hash = createHash('sha256').update(`${path}\0${st.size}\0${st.mtimeMs}\0`);
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(mib, st.size));
    await fh.read(head, 0, head.length, 0);
    hash.update(head);
    if (st.size > mib) {
      const tail = Buffer.alloc(Math.min(mib, st.size - mib));
      await fh.read(tail, 0, tail.length, st.size - tail.length);
      hash.update(tail);
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The extracted tree of an archive: from the cache when the archive is unchanged, else
 * extracted now (a changed archive's stale copy is evicted first). A cancelled or failed
 * extraction leaves nothing in the cache.
 */
export async function openArchive(
  archive: string,
  cacheDir: string,
  bounds: ArchiveBounds,
  capBytes: number,
  note: (m: string) => void,
  options: ExtractOptions = {},
): Promise<string> {
  const path = resolve(archive);
  const key = await archiveKey(path);
  const dir = join(cacheDir, key);
  if (existsSync(join(dir, complete))) {
    const now = new Date();
    await utimes(join(dir, complete), now, now).catch(() => undefined);
    return join(dir, 'root');
  }
  await mkdir(cacheDir, { recursive: true });
  for (const e of await listCache(cacheDir)) {
    if (e.archive === path && e.key !== key) {
      note(`${path} changed since it was extracted: its stale copy is removed`);
      await removeTree(join(cacheDir, e.key));
    }
  }
  const tmp = await mkdtemp(join(cacheDir, `.tmp-${key}-`));
  try {
    await mkdir(join(tmp, 'root'));
    const st = await stat(path);
    // Loaded when an archive is opened: the tar, zip and xz libraries cost every start else.
    const { extractArchive } = await import('./archive/extract');
    const result = await extractArchive(path, join(tmp, 'root'), bounds, note, options);
    const meta = { archive: path, size: st.size, mtimeMs: st.mtimeMs, bytes: result.bytes };
    await writeFile(join(tmp, complete), JSON.stringify(meta) + '\n');
    await rename(tmp, dir);
  } catch (err) {
    await removeTree(tmp);
    throw err;
  }
  await evict(cacheDir, capBytes, key, note);
  return join(dir, 'root');
}

/** The cache entry of an archive as it is now, if it was extracted already. */
export async function cachedRoot(archive: string, cacheDir: string): Promise<string | undefined> {
  const dir = join(cacheDir, await archiveKey(archive));
  return existsSync(join(dir, complete)) ? join(dir, 'root') : undefined;
}

/**
 * The archive a folder is the extracted tree of, when it is the top of a complete cache entry
 * (`<cache>/<key>/root` beside its `meta.json`): what names a root that the cache's own folder
 * names cannot.
 */
export async function archiveOfExtraction(folder: string): Promise<string | undefined> {
  if (basename(folder) !== 'root') return undefined;
  try {
    const meta = JSON.parse(
      await readFile(join(dirname(folder), complete), { encoding: 'utf8', flag: 'r' }),
    ) as { archive?: unknown };
    return typeof meta.archive === 'string' ? meta.archive : undefined;
  } catch {
    return undefined;
  }
}

/** Every complete entry of the cache, most recently used first. */
export async function listCache(cacheDir: string): Promise<CacheEntry[]> {
  if (!existsSync(cacheDir)) return [];
  const out: CacheEntry[] = [];
  for (const name of readdirSync(cacheDir)) {
    if (name.startsWith('.')) continue;
    const metaFile = join(cacheDir, name, complete);
    try {
      const meta = JSON.parse(await readFile(metaFile, 'utf8')) as Omit<
        CacheEntry,
        'key' | 'root' | 'lastUsed'
      >;
      out.push({
        ...meta,
        key: name,
        root: join(cacheDir, name, 'root'),
        lastUsed: statSync(metaFile).mtime,
      });
    } catch {
      // Not a complete entry (an interrupted extraction of another process): left alone.
    }
  }
  return out.sort((a, b) => b.lastUsed.getTime() - a.lastUsed.getTime());
}

/** Removes every entry (and interrupted extractions) of the cache. */
export async function clearCache(cacheDir: string): Promise<number> {
  if (!existsSync(cacheDir)) return 0;
  const names = readdirSync(cacheDir);
  for (const name of names) await removeTree(join(cacheDir, name));
  // The CLI's code cache goes too, but it is no archive's.
  return names.filter((n) => n !== codeCacheFolder).length;
}

/** Least recently used entries go until the cache fits its cap; the one just used stays. */
async function evict(
  cacheDir: string,
  capBytes: number,
  keep: string,
  note: (m: string) => void,
): Promise<void> {
  const entries = await listCache(cacheDir);
  let total = entries.reduce((n, e) => n + e.bytes, 0);
  for (const e of [...entries].reverse()) {
    if (total <= capBytes) break;
    if (e.key === keep) continue;
    note(`archive cache over its cap: removing the extraction of ${e.archive}`);
    await removeTree(join(cacheDir, e.key));
    total -= e.bytes;
  }
}

/** Extracted trees are read-only: make them writable to their owner again, then remove them. */
async function removeTree(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    try {
      chmodSync(d, 0o755);
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) stack.push(join(d, e.name));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  await rm(dir, { recursive: true, force: true });
}

/** The extraction bounds from the user's limits. */
export function archiveBoundsFrom(l: Limits): ArchiveBounds {
  return {
    maxExtractedBytes: l.maxExtractedGiB * 1024 ** 3,
    maxArchiveEntries: l.maxArchiveEntries,
    maxCompressionRatio: l.maxCompressionRatio,
    maxArchiveNesting: l.maxArchiveNesting,
  };
}
