/**
 * Extracts a must-gather archive (tar, tar.gz, tar.xz or zip, told apart by first bytes) into a
 * fresh folder, streaming entry by entry. Archives found inside are extracted next to themselves
 * into `<entry name>!/`, a few levels deep. Only regular files and directories are written;
 * links, devices, FIFOs and paths that would leave the folder are refused with a note. Files end
 * up mode 0o444 and directories 0o555.
 */
import {
  chmodSync,
  closeSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  rmSync,
  unlinkSync,
  writevSync,
} from 'node:fs';
import { lstat, rm, stat, unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import * as tar from 'tar-stream';
import * as yauzl from 'yauzl';
import { ExtractionCancelled } from './cancelled';
import { decompressedStream } from './decompress';
import { isExtractable, mayBeArchive, SNIFF_BYTES, sniffArchive } from './sniff';
import type { ExtractableKind } from './sniff';

/** One entry of an archive being read, tar or zip alike. */
interface Item {
  /** Its name as stored (backslashes of zips already turned into `/`). */
  name: string;
  /** `file`, `directory`, or what else it is (`symlink`, `fifo`, ...). */
  type: string;
  /** Its size as the archive declares it. */
  size: number;
  mtime?: Date;
  /** Why it is refused before anything else is looked at (an encrypted zip entry). */
  refused?: string;
  /** Its contents; read to the end or destroyed. */
  open(): Promise<AsyncIterable<Buffer>>;
  /** Passes it by, reading nothing that is kept. */
  skip(): Promise<void>;
}

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
const RATIO_FLOOR_BYTES = 1024 * 1024;

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

export interface ExtractOptions {
  /** Aborting it stops the extraction at the next chunk or entry with ExtractionCancelled. */
  signal?: AbortSignal;
  /** How far the reading of the archive itself is, in its bytes on disk; called often. */
  progress?: (done: number, total: number) => void;
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
  signal?: AbortSignal;
  /** Bytes of the top archive read so far (for progress). */
  progress?: (done: number) => void;
  /** Directories created (relative keys), to chmod last. */
  dirs: string[];
  dirSet: Set<string>;
}

export async function extractArchive(
  archive: string,
  dest: string,
  bounds: ArchiveBounds,
  note: (message: string) => void,
  options: ExtractOptions = {},
): Promise<ExtractResult> {
  const root = resolve(dest);
  const label = archive.split(/[\\/]/).pop() ?? archive;
  const kind = await sniffArchive(archive);
  if (kind === 'gzip' || kind === 'xz') {
    throw new ArchiveRefused(
      `${label} is ${kind}-compressed but holds no tar (or its data is corrupt)`,
    );
  }
  if (!isExtractable(kind)) {
    throw new ArchiveRefused(`${label} is not a tar, tar.gz, tar.xz or zip archive`);
  }
  const size = (await stat(archive)).size;
  let read = 0;
  const report = options.progress;
  const ctx: Context = {
    dest: root,
    bounds,
    levels: [],
    seen: 0,
    entries: 0,
    bytes: 0,
    notes: [],
    note,
    signal: options.signal,
    progress: report
      ? (n) => {
          read += n;
          report(Math.min(read, size), size);
        }
      : undefined,
    dirs: [],
    dirSet: new Set(),
  };
  ctx.levels.push({ label, compressed: size, bytes: 0 });
  try {
    await extractLevel(archive, kind, [], '', ctx);
  } catch (e) {
    if (e instanceof ArchiveRefused || e instanceof ExtractionCancelled) throw e;
    if (options.signal?.aborted) throw new ExtractionCancelled(label);
    throw new ArchiveRefused(`${label} could not be read: ${message(e)}`);
  }
  for (const d of ctx.dirs) chmodSync(d, 0o555);
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
  kind: ExtractableKind,
  base: string[],
  prefix: string,
  ctx: Context,
): Promise<void> {
  // Only the top archive's reading is progress: nested ones are read from inside the extraction.
  const top = ctx.levels.length === 1;
  if (kind === 'zip') await extractZip(file, base, prefix, ctx, top);
  else await extractTar(file, kind, base, prefix, ctx, top);
}

async function extractTar(
  file: string,
  kind: 'tar' | 'tar.gz' | 'tar.xz',
  base: string[],
  prefix: string,
  ctx: Context,
  top: boolean,
): Promise<void> {
  const compression = kind === 'tar' ? 'none' : kind === 'tar.gz' ? 'gzip' : 'xz';
  const input = decompressedStream(file, compression, top ? ctx.progress : undefined);
  const extract = tar.extract();
  input.output.on('error', (e: Error) => extract.destroy(e));
  input.output.pipe(extract);
  try {
    for await (const entry of extract) await handleEntry(tarItem(entry), base, prefix, ctx);
  } finally {
    input.destroy();
    extract.destroy();
  }
}

type TarEntry = tar.Extract extends AsyncIterable<infer S> ? S : never;

function tarItem(entry: TarEntry): Item {
  const h = entry.header;
  return {
    name: h.name,
    type: h.type ?? 'file',
    size: h.size ?? 0,
    mtime: h.mtime,
    open: () => Promise.resolve(entry as AsyncIterable<Buffer>),
    skip: () => drain(entry),
  };
}

/** yauzl's own decoding of an entry's name (UTF-8 flag, Unicode path field, else CP437). */
const getFileNameLowLevel = (
  yauzl as unknown as {
    getFileNameLowLevel(
      flags: number,
      raw: Buffer,
      extraFields: { id: number; data: Buffer }[],
      strict: boolean,
    ): string;
  }
).getFileNameLowLevel;

/**
 * Reads a zip. yauzl needs random access, so the file is opened as it is (a nested zip is already
 * written inside dest, and is deleted once extracted). Names are decoded here, not by yauzl, so
 * that a bad name refuses its entry and not the whole zip.
 */
async function extractZip(
  file: string,
  base: string[],
  prefix: string,
  ctx: Context,
  top: boolean,
): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, z) => (err ? rej(err) : res(z)),
    );
  });
  let failed: Error | undefined;
  let waiting: ((e: Error) => void) | undefined;
  zip.on('error', (e: Error) => {
    failed ??= e;
    waiting?.(e);
  });
  const next = (): Promise<yauzl.Entry | undefined> =>
    new Promise((res, rej) => {
      if (failed) return rej(failed);
      const done = (e: yauzl.Entry | undefined): void => {
        zip.removeListener('entry', onEntry);
        zip.removeListener('end', onEnd);
        waiting = undefined;
        res(e);
      };
      const onEntry = (e: yauzl.Entry): void => done(e);
      const onEnd = (): void => done(undefined);
      waiting = (e) => {
        zip.removeListener('entry', onEntry);
        zip.removeListener('end', onEnd);
        waiting = undefined;
        rej(e);
      };
      zip.once('entry', onEntry);
      zip.once('end', onEnd);
      zip.readEntry();
    });
  try {
    if (ctx.seen + zip.entryCount > ctx.bounds.maxArchiveEntries) throw tooManyEntries(ctx);
    for (let entry = await next(); entry; entry = await next()) {
      await handleEntry(zipItem(zip, entry), base, prefix, ctx);
      // the central directory's sizes stand for the bytes read
      if (top) ctx.progress?.(entry.compressedSize + 46 + entry.fileNameLength);
    }
  } finally {
    zip.close();
  }
}

const S_IFMT = 0o170000;
const zipTypes: Record<number, string> = {
  0o010000: 'fifo',
  0o020000: 'character-device',
  0o040000: 'directory',
  0o060000: 'block-device',
  0o100000: 'file',
  0o120000: 'symlink',
  0o140000: 'socket',
};

function zipItem(zip: yauzl.ZipFile, entry: yauzl.Entry): Item {
  const raw = entry.fileName as unknown as Buffer; // decodeStrings: false
  const name = getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  let type = mode === 0 ? 'file' : (zipTypes[mode] ?? `mode ${mode.toString(8)}`);
  if (type === 'file' && name.endsWith('/')) type = 'directory';
  return {
    name,
    type,
    size: entry.uncompressedSize,
    mtime: entry.getLastModDate(),
    refused: entry.isEncrypted() ? 'encrypted entries are not extracted' : undefined,
    open: () =>
      new Promise((res, rej) => {
        zip.openReadStream(entry, (err, stream) => (err ? rej(err) : res(stream)));
      }),
    skip: () => Promise.resolve(),
  };
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
  socket: 'sockets are not extracted',
};

async function handleEntry(
  item: Item,
  base: string[],
  prefix: string,
  ctx: Context,
): Promise<void> {
  const shown = JSON.stringify(prefix + item.name);
  checkCancelled(ctx);
  ctx.seen++;
  if (ctx.seen > ctx.bounds.maxArchiveEntries) throw tooManyEntries(ctx);
  const type = item.type;
  const isFile = type === 'file' || type === 'contiguous-file';
  const refuse = async (reason: string): Promise<void> => {
    addNote(ctx, `${shown} not extracted: ${reason}`);
    await item.skip();
  };
  if (!isFile && type !== 'directory') {
    return refuse(refusedTypes[type] ?? `entries of type ${type} are not extracted`);
  }
  if (item.refused !== undefined) return refuse(item.refused);
  const segments = safeSegments(item.name);
  if (typeof segments === 'string') return refuse(segments);
  const rel = [...base, ...segments];
  const target = resolve(ctx.dest, ...rel);
  if (!target.startsWith(ctx.dest + sep)) {
    if (rel.length === 0 && type === 'directory') return item.skip(); // `./`
    return refuse('its path leaves the folder');
  }
  try {
    if (type === 'directory') {
      await ensureDir(rel, ctx);
      await item.skip();
      return;
    }
    await ensureDir(rel.slice(0, -1), ctx);
  } catch (e) {
    return refuse(`could not create its folder (${message(e)})`);
  }
  // the declared size, before anything is written; the bytes written are counted all the same
  checkBounds(item.size, ctx);
  let body: AsyncIterable<Buffer>;
  try {
    body = await item.open();
  } catch (e) {
    return refuse(`it could not be read (${message(e)})`);
  }
  const head = await writeFile(body, target, item.mtime, ctx);
  if (typeof head === 'string') {
    addNote(ctx, `${shown} not extracted: ${head}`);
    return;
  }
  ctx.entries++;
  if (!mayBeArchive(head)) return;
  const kind = await sniffArchive(target, head);
  if (isExtractable(kind)) await extractNested(target, kind, rel, prefix + segments.join('/'), ctx);
}

function tooManyEntries(ctx: Context): ArchiveRefused {
  return new ArchiveRefused(
    `${ctx.levels[0]?.label} refused: it holds more than ${ctx.bounds.maxArchiveEntries} entries`,
  );
}

function tooManyBytes(ctx: Context): ArchiveRefused {
  const gib = (ctx.bounds.maxExtractedBytes / 1024 ** 3).toFixed(1);
  return new ArchiveRefused(
    `${ctx.levels[0]?.label} refused: extracting it would write more than ${ctx.bounds.maxExtractedBytes} bytes (${gib} GiB)`,
  );
}

/** Reads an entry to its end, keeping nothing. */
async function drain(entry: AsyncIterable<unknown>): Promise<void> {
  for await (const chunk of entry) void chunk;
}

/** Creates each missing directory of `rel` under dest; refuses anything but a directory. */
async function ensureDir(rel: string[], ctx: Context): Promise<void> {
  let path = ctx.dest;
  for (const segment of rel) {
    path = path + sep + segment;
    if (ctx.dirSet.has(path)) continue;
    // synchronous: a mkdir takes microseconds, a round trip to the thread pool costs more
    try {
      mkdirSync(path, { mode: 0o755 });
      ctx.dirs.push(path);
      ctx.entries++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!lstatSync(path).isDirectory())
        throw Object.assign(new Error('a file is in the way'), { code: 'ENOTDIR' });
    }
    ctx.dirSet.add(path);
  }
}

/**
 * Bytes gathered before one write. Nearly every must-gather file is smaller, so it is written in
 * one call; writes are synchronous: a round trip to the thread pool per call cost more than the
 * write itself (four system calls a small file, and no lstat or chmod: it is created read-only).
 */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Creates a file exclusively (never through a link), read-only from the start: the descriptor
 * stays writable. A file of the same name is replaced (a later entry of the same name wins).
 */
function createExclusive(target: string): number {
  try {
    return openSync(target, 'wx', 0o444);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !lstatSync(target).isFile()) throw e;
    unlinkSync(target);
    return openSync(target, 'wx', 0o444);
  }
}

/** Stops the extraction once its signal is aborted. */
function checkCancelled(ctx: Context): void {
  if (ctx.signal?.aborted) throw new ExtractionCancelled(ctx.levels[0]?.label ?? 'the archive');
}

/**
 * Writes one file entry, counting its bytes against the bounds as they come. Returns its first
 * bytes, or why it could not be written (the entry is then read to its end all the same).
 */
async function writeFile(
  entry: AsyncIterable<Buffer>,
  target: string,
  mtime: Date | undefined,
  ctx: Context,
): Promise<Buffer | string> {
  let fd: number | undefined;
  let problem: string | undefined;
  let head = Buffer.alloc(0);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Opens the file at its first write (or at the end, for an empty one). */
  const opened = (): number | undefined => {
    if (problem !== undefined) return undefined;
    try {
      fd ??= createExclusive(target);
      return fd;
    } catch (e) {
      problem = `could not create it (${message(e)})`;
      return undefined;
    }
  };
  const flush = (): void => {
    const out = pending.length > 0 ? opened() : undefined;
    if (out !== undefined) {
      try {
        writevSync(out, pending);
      } catch (e) {
        problem = `could not write it (${message(e)})`;
      }
    }
    pending = [];
    pendingBytes = 0;
  };
  try {
    for await (const chunk of entry) {
      const b = chunk as Buffer;
      checkCancelled(ctx);
      if (problem !== undefined) continue;
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, b.subarray(0, SNIFF_BYTES - head.length)]);
      count(b.length, ctx);
      pending.push(b);
      pendingBytes += b.length;
      if (pendingBytes >= WRITE_BATCH_BYTES) flush();
    }
    flush();
    const out = opened();
    if (out !== undefined && mtime) {
      try {
        futimesSync(out, mtime, mtime);
      } catch {
        // the time is a courtesy
      }
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (problem !== undefined) {
    if (fd !== undefined) rmSync(target, { force: true });
    return problem;
  }
  return head;
}

/** Adds written bytes to every open level and checks the bounds, innermost archive first. */
function count(n: number, ctx: Context): void {
  ctx.bytes += n;
  for (const level of ctx.levels) level.bytes += n;
  checkBounds(0, ctx);
}

/** Throws if `more` bytes on top of those written would pass a bound. */
function checkBounds(more: number, ctx: Context): void {
  if (ctx.bytes + more > ctx.bounds.maxExtractedBytes) throw tooManyBytes(ctx);
  const ratio = ctx.bounds.maxCompressionRatio;
  for (let depth = ctx.levels.length - 1; depth >= 0; depth--) {
    const level = ctx.levels[depth];
    if (!level) continue;
    const bytes = level.bytes + more;
    if (bytes <= RATIO_FLOOR_BYTES || bytes <= ratio * level.compressed) continue;
    const why = `it expands more than ${ratio} times its compressed size of ${level.compressed} bytes (a compression bomb?)`;
    if (depth === 0) throw new ArchiveRefused(`${level.label} refused: ${why}`);
    throw new NestedSkip(depth, why);
  }
}

/** Extracts an archive entry into `<name>!/` and removes it, or keeps it with a note. */
async function extractNested(
  file: string,
  kind: ExtractableKind,
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
    await extractLevel(file, kind, outRel, `${display}!/`, ctx);
  } catch (e) {
    if (e instanceof ArchiveRefused || e instanceof ExtractionCancelled) throw e;
    checkCancelled(ctx);
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
