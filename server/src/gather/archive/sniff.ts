/** Tells archives apart by their first bytes, never by their names. */
import { open } from 'node:fs/promises';
import { decompressedStream } from './decompress';

/**
 * `tar`: a plain tar; `tar.gz` / `tar.xz`: gzip or xz wrapping a tar; `gzip` / `xz`: either
 * wrapping anything else; `zip`: a zip (its first local header, or the end record of an empty zip).
 */
export type ArchiveKind = 'tar' | 'tar.gz' | 'tar.xz' | 'gzip' | 'xz' | 'zip' | 'other';

/** The kinds that are extracted. */
export type ExtractableKind = 'tar' | 'tar.gz' | 'tar.xz' | 'zip';

export function isExtractable(kind: ArchiveKind): kind is ExtractableKind {
  return kind === 'tar' || kind === 'tar.gz' || kind === 'tar.xz' || kind === 'zip';
}

/** Bytes needed to see the `ustar` magic of a tar's first header. */
export const SNIFF_BYTES = 512;

function isGzipHead(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The xz stream header magic: `FD 37 7A 58 5A 00`. */
function isXzHead(head: Uint8Array): boolean {
  const magic = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
  return head.length >= magic.length && magic.every((b, i) => head[i] === b);
}

/** Whether a head may start an archive (cheap: no decompression). */
export function mayBeArchive(head: Uint8Array): boolean {
  return isGzipHead(head) || isXzHead(head) || isZipHead(head) || isTarHead(head);
}

/** `PK\x03\x04` (a local file header) or `PK\x05\x06` (the end record of an empty zip). */
function isZipHead(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return (head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06);
}

/** `ustar` at offset 257 (POSIX `ustar\0` and GNU `ustar ` alike). */
function isTarHead(head: Uint8Array): boolean {
  return head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar';
}

/** The kind of a file from its head (the first SNIFF_BYTES bytes, or fewer if it is shorter). */
export async function sniffArchive(file: string, head?: Uint8Array): Promise<ArchiveKind> {
  const first = head ?? (await readHead(file));
  if (isTarHead(first)) return 'tar';
  if (isZipHead(first)) return 'zip';
  if (isGzipHead(first)) return isTarHead(await decompressedHead(file, 'gzip')) ? 'tar.gz' : 'gzip';
  if (isXzHead(first)) return isTarHead(await decompressedHead(file, 'xz')) ? 'tar.xz' : 'xz';
  return 'other';
}

async function readHead(file: string): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The first SNIFF_BYTES decompressed bytes of a file; fewer if it is short or corrupt. */
async function decompressedHead(file: string, compression: 'gzip' | 'xz'): Promise<Buffer> {
  const stream = decompressedStream(file, compression);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream.output) {
      const b = chunk as Buffer;
      chunks.push(b);
      length += b.length;
      if (length >= SNIFF_BYTES) break;
    }
  } catch {
    // corrupt or truncated: judge by what came out
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}
