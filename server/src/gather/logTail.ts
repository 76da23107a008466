/**
 * Reads the end of a pod log, plain or gzipped (`current.log.gz` from `REDUCE_LOGS`, rotated
 * `0.log.<time>.gz`, gather-extra's `*.log.gz`), told by its first bytes, not its name. At most
 * `maxBytes` of text are kept; the lines before them are counted so that positions still name
 * the file's own lines. Memory stays bounded whatever the file's size.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';

interface LogTail {
  text: string;
  /** Whole lines before `text` that were counted, not kept. */
  skippedLines: number;
  /** Bytes (of the log's text, once gunzipped) before `text`. */
  skippedBytes: number;
  gzipped: boolean;
}

export type LogTailResult = { ok: true; log: LogTail } | { ok: false; error: string };

export interface LogTailBounds {
  maxBytes: number;
  /** Gunzipped bytes per compressed byte past which a `.gz` is refused (real logs: 8 to 15). */
  maxRatio: number;
}

const chunkBytes = 1024 * 1024;

export async function readLogTail(path: string, bounds: LogTailBounds): Promise<LogTailResult> {
  try {
    const fh = await open(path, 'r');
    let size: number;
    let magic: Buffer;
    try {
      size = (await fh.stat()).size;
      magic = Buffer.alloc(2);
      await fh.read(magic, 0, 2, 0);
      if (!(magic[0] === 0x1f && magic[1] === 0x8b)) return await plainTail(fh, size, bounds);
    } finally {
      await fh.close();
    }
    return await gzipTail(path, size, bounds);
  } catch (err) {
    return {
      ok: false,
      error: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    };
  }
}

type Handle = Awaited<ReturnType<typeof open>>;

async function plainTail(fh: Handle, size: number, bounds: LogTailBounds): Promise<LogTailResult> {
  const start = Math.max(0, size - bounds.maxBytes);
  let skippedLines = 0;
  // The head is only counted, a MiB at a time.
  const buf = Buffer.alloc(Math.min(chunkBytes, Math.max(start, 1)));
  for (let at = 0; at < start; ) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, start - at), at);
    if (bytesRead === 0) break;
    skippedLines += countNewlines(buf.subarray(0, bytesRead));
    at += bytesRead;
  }
  const tail = Buffer.alloc(size - start);
  let got = 0;
  while (got < tail.length) {
    const { bytesRead } = await fh.read(tail, got, tail.length - got, start + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return finish([tail.subarray(0, got)], start, skippedLines, false);
}

async function gzipTail(path: string, size: number, bounds: LogTailBounds): Promise<LogTailResult> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let skippedBytes = 0;
  let skippedLines = 0;
  let total = 0;
  const maxTotal = Math.max(size, 1) * bounds.maxRatio;
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  const source = createReadStream(path, { highWaterMark: chunkBytes });
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxTotal) {
        return {
          ok: false,
          error: `gunzips to more than ${bounds.maxRatio} times its size (mustGatherInspector.limits.maxCompressionRatio): not read as a log`,
        };
      }
      kept.push(chunk);
      keptBytes += chunk.length;
      // Drop whole chunks from the front while the rest still covers the bound.
      while (kept.length > 1 && keptBytes - (kept[0] as Buffer).length >= bounds.maxBytes) {
        const first = kept.shift() as Buffer;
        keptBytes -= first.length;
        skippedBytes += first.length;
        skippedLines += countNewlines(first);
      }
    }
  } catch (err) {
    return { ok: false, error: `is not valid gzip: ${(err as Error).message}` };
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  // The kept chunks may pass the bound by up to one chunk: cut the excess off the front.
  let joined = Buffer.concat(kept);
  if (joined.length > bounds.maxBytes) {
    const cut = joined.length - bounds.maxBytes;
    skippedLines += countNewlines(joined.subarray(0, cut));
    skippedBytes += cut;
    joined = joined.subarray(cut);
  }
  return finish([joined], skippedBytes, skippedLines, true);
}

/** A tail that starts inside a line drops that partial line: positions stay whole lines. */
function finish(
  parts: Buffer[],
  skippedBytes: number,
  skippedLines: number,
  gzipped: boolean,
): LogTailResult {
  let bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  if (skippedBytes > 0) {
    const nl = bytes.indexOf(0x0a);
    const cut = nl === -1 ? bytes.length : nl + 1;
    if (nl !== -1) skippedLines += 1;
    skippedBytes += cut;
    bytes = bytes.subarray(cut);
  }
  if (bytes.subarray(0, 8192).includes(0)) return { ok: false, error: 'file is binary, not a log' };
  return { ok: true, log: { text: bytes.toString('utf8'), skippedLines, skippedBytes, gzipped } };
}

function countNewlines(b: Buffer): number {
  let n = 0;
  for (let i = b.indexOf(0x0a); i !== -1; i = b.indexOf(0x0a, i + 1)) n++;
  return n;
}
