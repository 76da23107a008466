/**
 * Extracts a must-gather archive (tar or gzip-compressed tar, told apart by first bytes) into a
 * fresh folder, streaming entry by entry. Archives found inside are extracted next to themselves
 * into `<entry name>!/`, a few levels deep. Only regular files and directories are written;
 * links, devices, FIFOs and paths that would leave the folder are refused with a note. Files end
 * up mode 0o444 and directories 0o555.
 */
import { createReadStream } from 'node:fs';
import { chmod, lstat, mkdir, open, rm, stat, unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { isGzipHead, SNIFF_BYTES, sniffArchive, type ArchiveKind } from './sniff';

/** One entry of a tar being read (tar-stream does not export its type). */
type Entry = tar.Extract extends AsyncIterable<infer S> ? S : never;

export interface ArchiveBounds {
  /** Bytes written in all, nested archives' contents included. */
  maxExtractedBytes: number;
  /** Entries read in all, nested archives' entries included. */
  maxArchiveEntries: number;
  /** Extracted bytes over the archive's size on disk; for the whole and per nested archive. */
  maxCompressionRatio: number;
  /** Levels of archives inside archives that are extracted; deeper ones are kept as files. */
  maxArchiveNesting: number;
}

export const DEFAULT_ARCHIVE_BOUNDS: ArchiveBounds = {
  maxExtractedBytes: 200 * 1024 ** 3,
  maxArchiveEntries: 2_000_000,
  maxCompressionRatio: 100,
  maxArchiveNesting: 3,
};

/**
 * The ratio bound applies once this many bytes came out of an archive, so that a small archive
 * of very repetitive text is not taken for a bomb.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ExtractResult {
  /** Regular files and directories written. */
  entries: number;
  /** Bytes of the regular files kept (nested archives that were extracted are not kept). */
  bytes: number;
  /** One line per refused or skipped entry; each was also passed to `note`. */
  notes: string[];
}

/** The whole archive is refused (a total bound passed, or it is no tar); `message` says why. */
export class ArchiveRefused extends Error {
  override readonly name = 'ArchiveRefused';
}

/** One archive being read: the top one (index 0) or a nested one. */
interface Level {
  /** Its path relative to dest, for messages. */
  label: string;
  /** Its size on disk. */
  compressed: number;
  /** Bytes written so far from it, its nested archives included. */
  bytes: number;
}

/** Stops one nested archive (level `depth`) without stopping the rest. */
class NestedSkip extends Error {
  constructor(
    readonly depth: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface Context {
  dest: string;
  bounds: ArchiveBounds;
  levels: Level[];
  /** Entry headers read, refused ones included. */
  seen: number;
  entries: number;
  bytes: number;
  notes: string[];
  note: (message: string) => void;
  /** Directories created (relative keys), to chmod last. */
  dirs: string[];
  dirSet: Set<string>;
}

export async function extractArchive(
  archive: string,
  dest: string,
  bounds: ArchiveBounds,
  note: (message: string) => void,
): Promise<ExtractResult> {
  const root = resolve(dest);
  const label = archive.split(/[\\/]/).pop() ?? archive;
  const kind = await sniffArchive(archive);
  if (kind !== 'tar' && kind !== 'tar.gz') {
    throw new ArchiveRefused(`${label} is not a tar or gzip-compressed tar archive`);
  }
  const ctx: Context = {
    dest: root,
    bounds,
    levels: [],
    seen: 0,
    entries: 0,
    bytes: 0,
    notes: [],
    note,
    dirs: [],
    dirSet: new Set(),
  };
  const size = (await stat(archive)).size;
  ctx.levels.push({ label, compressed: size, bytes: 0 });
  try {
    await extractLevel(archive, kind === 'tar.gz', [], '', ctx);
  } catch (e) {
    if (e instanceof ArchiveRefused) throw e;
    throw new ArchiveRefused(`${label} could not be read: ${message(e)}`);
  }
  for (const d of ctx.dirs) await chmod(d, 0o555);
  return { entries: ctx.entries, bytes: ctx.bytes, notes: ctx.notes };
}

function addNote(ctx: Context, message: string): void {
  ctx.notes.push(message);
  ctx.note(message);
}

function message(e: unknown): string {
  if (e instanceof Error) return (e as NodeJS.ErrnoException).code ?? e.message;
  return String(e);
}

/** Reads one archive, writing its entries under `base` (segments relative to dest). */
async function extractLevel(
  file: string,
  gzip: boolean,
  base: string[],
  prefix: string,
  ctx: Context,
): Promise<void> {
  const src = createReadStream(file);
  const extract = tar.extract();
  const gunzip = gzip ? createGunzip() : undefined;
  const fail = (e: Error): void => {
    extract.destroy(e);
  };
  src.on('error', fail);
  if (gunzip) {
    gunzip.on('error', fail);
    src.pipe(gunzip).pipe(extract);
  } else {
    src.pipe(extract);
  }
  try {
    for await (const entry of extract) await handleEntry(entry, base, prefix, ctx);
  } finally {
    src.destroy();
    gunzip?.destroy();
    extract.destroy();
  }
}

/** Why a name cannot be written, or its segments. */
function safeSegments(name: string): string[] | string {
  if (name.includes('\0')) return 'its name holds a NUL byte';
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) {
    return 'its path is absolute';
  }
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return 'its path has a ".." segment and could leave the folder';
  return segments;
}

const refusedTypes: Record<string, string> = {
  symlink: 'links are not extracted',
  link: 'links are not extracted',
  'character-device': 'device files are not extracted',
  'block-device': 'device files are not extracted',
  fifo: 'FIFOs are not extracted',
};

async function handleEntry(
  entry: Entry,
  base: string[],
  prefix: string,
  ctx: Context,
): Promise<void> {
  const header = entry.header;
  const shown = JSON.stringify(prefix + header.name);
  ctx.seen++;
  if (ctx.seen > ctx.bounds.maxArchiveEntries) {
    throw new ArchiveRefused(
      `${ctx.levels[0]?.label} refused: it holds more than ${ctx.bounds.maxArchiveEntries} entries`,
    );
  }
  const type = header.type ?? 'file';
  const isFile = type === 'file' || type === 'contiguous-file';
  const refuse = async (reason: string): Promise<void> => {
    addNote(ctx, `${shown} not extracted: ${reason}`);
    await drain(entry);
  };
  if (!isFile && type !== 'directory') {
    return refuse(refusedTypes[type] ?? `entries of type ${type} are not extracted`);
  }
  const segments = safeSegments(header.name);
  if (typeof segments === 'string') return refuse(segments);
  const rel = [...base, ...segments];
  const target = resolve(ctx.dest, ...rel);
  if (!target.startsWith(ctx.dest + sep)) {
    if (rel.length === 0 && type === 'directory') return drain(entry); // `./`
    return refuse('its path leaves the folder');
  }
  try {
    if (type === 'directory') {
      await ensureDir(rel, ctx);
      await drain(entry);
      return;
    }
    await ensureDir(rel.slice(0, -1), ctx);
  } catch (e) {
    return refuse(`could not create its folder (${message(e)})`);
  }
  const size = header.size ?? 0;
  if (ctx.bytes + size > ctx.bounds.maxExtractedBytes) throw tooManyBytes(ctx);
  const head = await writeFile(entry, target, header.mtime, ctx);
  if (typeof head === 'string') {
    addNote(ctx, `${shown} not extracted: ${head}`);
    return;
  }
  ctx.entries++;
  if (!isGzipHead(head) && head.length < 262) return;
  const kind = await sniffArchive(target, head);
  if (kind === 'tar' || kind === 'tar.gz') {
    await extractNested(target, kind, rel, prefix + segments.join('/'), ctx);
  }
}

function tooManyBytes(ctx: Context): ArchiveRefused {
  const gib = (ctx.bounds.maxExtractedBytes / 1024 ** 3).toFixed(1);
  return new ArchiveRefused(
    `${ctx.levels[0]?.label} refused: extracting it would write more than ${ctx.bounds.maxExtractedBytes} bytes (${gib} GiB)`,
  );
}

/** Reads an entry to its end, keeping nothing. */
async function drain(entry: Entry): Promise<void> {
  for await (const chunk of entry) void chunk;
}

/** Creates each missing directory of `rel` under dest; refuses anything but a directory. */
async function ensureDir(rel: string[], ctx: Context): Promise<void> {
  let path = ctx.dest;
  for (const segment of rel) {
    path = path + sep + segment;
    if (ctx.dirSet.has(path)) continue;
    try {
      await mkdir(path, { mode: 0o755 });
      ctx.dirs.push(path);
      ctx.entries++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const st = await lstat(path);
      if (!st.isDirectory())
        throw Object.assign(new Error('a file is in the way'), { code: 'ENOTDIR' });
    }
    ctx.dirSet.add(path);
  }
}

/**
 * Writes one file entry (never through a link: the file is created exclusively), counting its
 * bytes against the bounds. Returns its first bytes, or why it could not be written (the entry is
 * then read to its end all the same).
 */
async function writeFile(
  entry: Entry,
  target: string,
  mtime: Date | undefined,
  ctx: Context,
): Promise<Buffer | string> {
  let problem: string | undefined;
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    const existing = await lstat(target).catch(() => undefined);
    if (existing?.isFile()) await unlink(target); // a later entry of the same name wins
    fh = await open(target, 'wx', 0o600);
  } catch (e) {
    problem = `could not create it (${message(e)})`;
  }
  const headChunks: Buffer[] = [];
  let headLength = 0;
  try {
    for await (const chunk of entry) {
      const b = chunk as Buffer;
      if (problem !== undefined || !fh) continue;
      if (headLength < SNIFF_BYTES) {
        headChunks.push(b.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(b.length, SNIFF_BYTES - headLength);
      }
      count(b.length, ctx);
      try {
        await fh.write(b);
      } catch (e) {
        problem = `could not write it (${message(e)})`;
      }
    }
    if (fh && problem === undefined) {
      if (mtime) await fh.utimes(mtime, mtime).catch(() => undefined);
    }
  } finally {
    await fh?.close();
  }
  if (problem !== undefined) {
    if (fh) await rm(target, { force: true });
    return problem;
  }
  await chmod(target, 0o444);
  return Buffer.concat(headChunks);
}

/** Adds written bytes to every open level and checks the bounds, innermost archive first. */
function count(n: number, ctx: Context): void {
  ctx.bytes += n;
  for (const level of ctx.levels) level.bytes += n;
  if (ctx.bytes > ctx.bounds.maxExtractedBytes) throw tooManyBytes(ctx);
  const ratio = ctx.bounds.maxCompressionRatio;
  for (let depth = ctx.levels.length - 1; depth >= 0; depth--) {
    const level = ctx.levels[depth];
    if (!level || level.bytes <= RATIO_FLOOR_BYTES || level.bytes <= ratio * level.compressed) {
      continue;
    }
    const why = `it expands more than ${ratio} times its compressed size of ${level.compressed} bytes (a compression bomb?)`;
    if (depth === 0) throw new ArchiveRefused(`${level.label} refused: ${why}`);
    throw new NestedSkip(depth, why);
  }
}

/** Extracts an archive entry into `<name>!/` and removes it, or keeps it with a note. */
async function extractNested(
  file: string,
  kind: ArchiveKind,
  rel: string[],
  display: string,
  ctx: Context,
): Promise<void> {
  const depth = ctx.levels.length;
  const label = rel.join('/');
  const shown = JSON.stringify(display);
  if (depth > ctx.bounds.maxArchiveNesting) {
    addNote(
      ctx,
      `${shown} kept as it is, not extracted: archives are extracted ${ctx.bounds.maxArchiveNesting} levels deep at most`,
    );
    return;
  }
  const last = rel[rel.length - 1] ?? '';
  const outRel = [...rel.slice(0, -1), `${last}!`];
  const out = resolve(ctx.dest, ...outRel);
  if (await lstat(out).catch(() => undefined)) {
    addNote(ctx, `${shown} kept as it is, not extracted: ${JSON.stringify(display + '!')} exists`);
    return;
  }
  const saved = { entries: ctx.entries, dirs: ctx.dirs.length };
  const size = (await stat(file)).size;
  const level: Level = { label, compressed: size, bytes: 0 };
  ctx.levels.push(level);
  let skipped: string | undefined;
  try {
    await ensureDir(outRel, ctx);
    await extractLevel(file, kind === 'tar.gz', outRel, `${display}!/`, ctx);
  } catch (e) {
    if (e instanceof ArchiveRefused) throw e;
    if (e instanceof NestedSkip && e.depth !== depth) throw e;
    skipped = e instanceof NestedSkip ? e.reason : `it could not be read (${message(e)})`;
  } finally {
    ctx.levels.pop();
  }
  if (skipped === undefined) {
    // its contents replace it
    await unlink(file);
    uncount(size, ctx);
    ctx.entries--;
    return;
  }
  uncount(level.bytes, ctx);
  ctx.entries = saved.entries;
  for (const d of ctx.dirs.splice(saved.dirs)) ctx.dirSet.delete(d);
  await rm(out, { recursive: true, force: true });
  for (const d of [...ctx.dirSet]) if (d === out || d.startsWith(out + sep)) ctx.dirSet.delete(d);
  addNote(ctx, `${shown} kept as it is, not extracted: ${skipped}`);
}

function uncount(n: number, ctx: Context): void {
  ctx.bytes -= n;
  for (const level of ctx.levels) level.bytes -= n;
}
