/**
 * Decodes an Ignition file's `contents` the way the MCO does (`DecodeIgnitionFileContents`):
 * parse the RFC 2397 data URL (base64 or percent-escaped), then gunzip when
 * `compression: gzip`. Must-gather content is untrusted, so this never throws and never
 * inflates past a cap (a gzip bomb costs one `invalid` result, not the process).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { defaultLimits, mib } from '../limits';
import type { Limits } from '../limits';
import { rec, str } from '../model/access';

export type Decoded =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; size: number; sha256: string }
  | { kind: 'invalid'; reason: string };

export interface DecodeOptions {
  /** Largest decoded (and gunzipped) size accepted, in bytes. */
  maxOutputBytes?: number;
}

export const defaultMaxOutputBytes = defaultLimits.maxDecompressedMiB * mib;

/** The decode bounds from the user's limits (`maxDecompressedMiB`). */
export function decodeOptionsFrom(limits: Limits): DecodeOptions {
  return { maxOutputBytes: limits.maxDecompressedMiB * mib };
}

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
  const plain = compression === undefined || compression === '';
  const bytes = dataUrlBytes(source, plain);
  if (!Buffer.isBuffer(bytes)) {
    if (bytes.kind === 'text' && overCapText(bytes.text, cap)) return overCap(cap);
    return bytes;
  }
  if (plain) return classify(bytes, cap);
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

/** The payload bytes of a data URL (or its text, when that was quicker), or why there are none. */
function dataUrlBytes(
  source: string,
  textOk: boolean,
): Buffer | Extract<Decoded, { kind: 'invalid' | 'text' }> {
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
  if (badEscape.test(body)) return { kind: 'invalid', reason: 'bad percent-escape' };
  if (!/;base64$/i.test(meta)) {
    return (textOk ? percentDecodedText(body) : undefined) ?? percentDecode(body);
  }
  // Base64 payloads may legally carry percent-escapes and line breaks; the alphabet must hold.
  const raw = body.includes('%') ? percentDecode(body).toString('latin1') : body;
  const b64 = /\s/.test(raw) ? raw.replace(/\s/g, '') : raw;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    return { kind: 'invalid', reason: 'bad base64' };
  }
  return Buffer.from(b64, 'base64');
}

const badEscape = /%(?![0-9A-Fa-f]{2})/;
const loneSurrogate = /\p{Cs}/u;

/**
 * The common case, natively: escapes of UTF-8 text without NUL. Anything else (binary bytes,
 * lone surrogates) returns undefined and goes through `percentDecode`.
 */
function percentDecodedText(s: string): Extract<Decoded, { kind: 'text' }> | undefined {
  if (loneSurrogate.test(s)) return undefined;
  let text: string;
  try {
    text = s.includes('%') ? decodeURIComponent(s) : s;
  } catch {
    return undefined; // escapes of bytes that are not UTF-8
  }
  return text.includes('\0') ? undefined : { kind: 'text', text };
}

/** Percent-decoding to bytes (not to UTF-8 text: payloads may be binary); escapes are valid. */
function percentDecode(s: string): Buffer {
  const raw = Buffer.from(s, 'utf8');
  const out = Buffer.allocUnsafe(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b === 0x25) {
      out[n++] = parseInt(String.fromCharCode(raw[i + 1] as number, raw[i + 2] as number), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
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

/** Whether a text's UTF-8 size passes the cap (counted only when it could). */
function overCapText(text: string, cap: number): boolean {
  return text.length > cap || (text.length * 3 > cap && Buffer.byteLength(text) > cap);
}

function overCap(cap: number): Decoded {
  return { kind: 'invalid', reason: `decoded contents over the ${cap} byte cap` };
}
