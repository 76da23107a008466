/**
 * The benchmark's file writer. It extends the fixtures' `Tree` (so `writeMustGather` can write
 * into it) but skips the per-file YAML round trip, which is too slow for tens of thousands of
 * files: only the first object of each kind is parsed back and compared. Logs are streamed in
 * chunks, never held whole in memory.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import { toGoYaml } from '../../scripts/fixtures/goyaml';
import type { JsonObject, JsonValue } from '../../scripts/fixtures/json';
import { Tree } from '../../scripts/fixtures/write';

/** What a log generator writes into: `write` takes ASCII text. */
export interface Sink {
  write(text: string): void;
}

const CHUNK = 1 << 20;

export class BenchTree extends Tree {
  fileCount = 0;
  byteCount = 0;
  /** Kinds whose first object was parsed back (`Pod`, `List:Pod`, `MachineConfig:rendered`, ...). */
  readonly checked: string[] = [];
  private readonly dirs = new Set<string>();

  /** Creates `dir`, level by level from the nearest folder known to exist. */
  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    const parent = dirname(dir);
    if (parent !== dir && !this.dirs.has(parent)) this.ensureDir(parent);
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    this.dirs.add(dir);
  }

  override text(rel: string, content: string | Buffer): void {
    const path = join(this.root, rel);
    this.ensureDir(dirname(path));
    writeFileSync(path, content);
    this.fileCount++;
    this.byteCount += typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  }

  override yaml(rel: string, value: JsonObject): void {
    const text = emitYaml(value);
    const key = kindKey(value);
    if (!this.checked.includes(key)) {
      const back: unknown = parse(text);
      if (!isDeepStrictEqual(back, value)) throw new Error(`YAML round trip differs for ${rel}`);
      this.checked.push(key);
    }
    this.text(rel, text);
  }

  /** Streams a file: `fill` writes ASCII text into the sink, flushed in 1 MiB chunks. */
  stream(rel: string, fill: (sink: Sink) => void): void {
    const path = join(this.root, rel);
    this.ensureDir(dirname(path));
    const fd = openSync(path, 'w');
    let buf = '';
    let bytes = 0;
    const sink: Sink = {
      write(text: string) {
        buf += text;
        if (buf.length >= CHUNK) {
          bytes += writeSync(fd, buf);
          buf = '';
        }
      },
    };
    try {
      fill(sink);
      if (buf.length > 0) bytes += writeSync(fd, buf);
    } finally {
      closeSync(fd);
    }
    this.fileCount++;
    this.byteCount += bytes;
  }
}

/** Long single-line strings that yaml.v2 writes as plain scalars (data URLs, base64). */
const plainSafe = /^[A-Za-z][A-Za-z0-9\-_.~$&+,/:;=?@%]*$/;
const LONG = 4096;

/**
 * `toGoYaml`, with a shortcut for huge plain strings: the emitter handles them a character at a
 * time, so they are swapped for short placeholders and put back into the text afterwards. Only
 * strings without spaces, quotes, `#` or line breaks qualify: yaml.v2 writes those plain, on one
 * line, exactly as they are.
 */
function emitYaml(value: JsonObject): string {
  const long: string[] = [];
  const swap = (v: JsonValue): JsonValue => {
    if (typeof v === 'string') {
      if (v.length < LONG || !plainSafe.test(v)) return v;
      long.push(v);
      return `benchplaceholder${long.length - 1}x`;
    }
    if (Array.isArray(v)) return v.map(swap);
    if (v !== null && typeof v === 'object') {
      const out: JsonObject = {};
      for (const [k, x] of Object.entries(v)) out[k] = swap(x);
      return out;
    }
    return v;
  };
  const swapped = swap(value);
  const text = toGoYaml(swapped);
  if (long.length === 0) return text;
  return text.replace(/benchplaceholder(\d+)x/g, (_, i: string) => long[Number(i)] ?? '');
}

function kindKey(value: JsonObject): string {
  const kind = String(value.kind);
  if (kind === 'List') {
    const items = value.items;
    const first = Array.isArray(items) ? items[0] : undefined;
    const inner = first && typeof first === 'object' && !Array.isArray(first) ? first.kind : '-';
    return `List:${String(inner)}`;
  }
  const md = value.metadata as JsonObject | undefined;
  if (kind === 'MachineConfig' && String(md?.name).startsWith('rendered-'))
    return 'MachineConfig:rendered';
  return kind;
}
