/**
 * Decodes an Ignition file's `contents` the way the MCO does (`DecodeIgnitionFileContents`):
 * parse the RFC 2397 data URL (base64 or percent-escaped), then gunzip when
 * `compression: gzip`. Must-gather content is untrusted, so this never throws and never
 * inflates past a cap (a gzip bomb costs one `invalid` result, not the process).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { rec, str } from '../model/access';

export type Decoded =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; size: number; sha256: string }
  | { kind: 'invalid'; reason: string };

export interface DecodeOptions {
  /** Largest decoded (and gunzipped) size accepted, in bytes. */
  maxOutputBytes?: number;
}

export const defaultMaxOutputBytes = 16 * 1024 * 1024;

/** Decodes an Ignition `contents` object (`{ source, compression }`). No source is an empty file. */
export function decodeContents(contents: unknown, options: DecodeOptions = {}): Decoded {
  const c = rec(contents);
  const source = str(c?.source);
  if (source === undefined) return { kind: 'text', text: '' };
  return decodeSource(source, str(c?.compression), options);
}

export function decodeSource(
  source: string,
  compression: string | undefined,
  options: DecodeOptions = {},
): Decoded {
  const cap = options.maxOutputBytes ?? defaultMaxOutputBytes;
  const bytes = dataUrlBytes(source);
  if (!Buffer.isBuffer(bytes)) return bytes;
  if (compression === undefined || compression === '') return classify(bytes, cap);
  if (compression !== 'gzip') {
    return { kind: 'invalid', reason: `unsupported compression "${compression}"` };
  }
  try {
    return classify(gunzipSync(bytes, { maxOutputLength: cap }), cap);
  } catch (err) {
    // zlib reports the cap as a RangeError with this code; anything else is a broken stream.
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return overCap(cap);
    return { kind: 'invalid', reason: `corrupt gzip data (${(err as Error).message})` };
  }
}

/** The payload bytes of a data URL, or why there are none. */
function dataUrlBytes(source: string): Buffer | Extract<Decoded, { kind: 'invalid' }> {
  if (!/^data:/i.test(source)) {
    // Ignition can fetch http(s), s3, gs, tftp and arn sources; we never reach the network.
    if (/^(https?|s3|gs|tftp|arn):/i.test(source)) {
      return { kind: 'invalid', reason: 'remote URL not fetched' };
    }
    return { kind: 'invalid', reason: 'not a data URL' };
  }
  const comma = source.indexOf(',');
  if (comma < 0) return { kind: 'invalid', reason: 'not a data URL (no comma)' };
  const meta = source.slice(5, comma);
  const body = source.slice(comma + 1);
  const unescaped = percentDecode(body);
  if (unescaped === undefined) return { kind: 'invalid', reason: 'bad percent-escape' };
  if (!/;base64$/i.test(meta)) return unescaped;
  // Base64 payloads may legally carry percent-escapes and line breaks; the alphabet must hold.
  const b64 = unescaped.toString('latin1').replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    return { kind: 'invalid', reason: 'bad base64' };
  }
  return Buffer.from(b64, 'base64');
}

/** Percent-decoding to bytes (not to UTF-8 text: payloads may be binary). */
function percentDecode(s: string): Buffer | undefined {
  if (!s.includes('%')) return Buffer.from(s, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch === 0x25) {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      out.push(parseInt(hex, 16));
      i += 2;
    } else if (ch < 0x80) {
      out.push(ch);
    } else {
      // A raw non-ASCII character: keep its UTF-8 bytes.
      const cp = s.codePointAt(i) ?? ch;
      for (const b of Buffer.from(String.fromCodePoint(cp), 'utf8')) out.push(b);
      if (cp > 0xffff) i++;
    }
  }
  return Buffer.from(out);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function classify(bytes: Buffer, cap: number): Decoded {
  if (bytes.length > cap) return overCap(cap);
  if (!bytes.includes(0)) {
    try {
      return { kind: 'text', text: utf8.decode(bytes) };
    } catch {
      // not UTF-8: binary
    }
  }
  return {
    kind: 'binary',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

function overCap(cap: number): Decoded {
  return { kind: 'invalid', reason: `decoded contents over the ${cap} byte cap` };
}
