/**
 * A file's bytes, decompressed as they are read: gzip by Node's zlib, xz by `xz-decompress`
 * (xz-embedded compiled to WebAssembly and inlined in its JavaScript, so the bundle stays one
 * universal file with no native module).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import type * as Xz from 'xz-decompress';

/** `xz-decompress`, loaded on first use: its WebAssembly module costs every start else. */
function xz(): typeof Xz {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
  return require('xz-decompress') as typeof Xz;
}

export type Compression = 'none' | 'gzip' | 'xz';

export interface Decompressed {
  /** The decompressed bytes; an error on the file or in the data is raised here. */
  output: Readable;
  /** Stops reading (the file is closed). */
  destroy(): void;
}

/** @param onRead told the count of every chunk read from the file (compressed bytes). */
export function decompressedStream(
  file: string,
  compression: Compression,
  onRead?: (bytes: number) => void,
): Decompressed {
  const src = createReadStream(file, { highWaterMark: 256 * 1024 });
  if (onRead) src.on('data', (chunk) => onRead(chunk.length));
  if (compression === 'none') return { output: src, destroy: () => src.destroy() };
  if (compression === 'gzip') {
    // 256 KiB chunks, not zlib's 16 KiB: a sixteenth of the chunks to hand on and write
    const gunzip = createGunzip({ chunkSize: 256 * 1024 });
    src.on('error', (e) => gunzip.destroy(e));
    src.pipe(gunzip);
    return {
      output: gunzip,
      destroy: () => {
        src.destroy();
        gunzip.destroy();
      },
    };
  }
  const web = Readable.toWeb(src) as unknown as ReadableStream<Uint8Array>;
  const output = Readable.fromWeb(
    new (xz().XzReadableStream)(web) as unknown as WebReadableStream<Uint8Array>,
  );
  return {
    output,
    destroy: () => {
      output.destroy();
      src.destroy();
    },
  };
}
