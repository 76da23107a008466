/**
 * A file opened once for a read: its kind, size and mtime from the open file (`fstat`), so a
 * read costs an open, an fstat, the reads and a close, without a `stat` before them (a cold
 * analysis of a hosted cluster opens 500 Node files and probes 500 Machines).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export interface OpenedFile {
  fd: number;
  isFile: boolean;
  size: number;
  mtimeMs: number;
}

/**
 * Non-blocking, so that opening a FIFO (a hostile gather) returns at once, to be refused as no
 * regular file; a regular file reads the same either way. (Windows has no such flag.)
 */
const openFlags = constants.O_RDONLY | (process.platform === 'win32' ? 0 : constants.O_NONBLOCK);

/** Opens `path` for reading; throws as `openSync` does (the caller closes `fd`). */
export function openForRead(path: string): OpenedFile {
  const fd = openSync(path, openFlags);
  try {
    const st = fstatSync(fd);
    return { fd, isFile: st.isFile(), size: st.size, mtimeMs: st.mtimeMs };
  } catch (err) {
    closeQuietly(fd);
    throw err;
  }
}

/** Up to `n` bytes from the file's start (fewer when it is shorter). */
export function readOpened(fd: number, n: number): Buffer {
  const buf = Buffer.allocUnsafe(n);
  let got = 0;
  while (got < n) {
    const r = readSync(fd, buf, got, n - got, got);
    if (r === 0) break;
    got += r;
  }
  return got < n ? buf.subarray(0, got) : buf;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closing is best effort here: the error being thrown is the one to report.
  }
}
