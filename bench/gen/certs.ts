/**
 * Look-alike PEM certificates: DER-shaped random bodies (`MII...`), base64 in 64-column lines,
 * between BEGIN/END markers. Bundles grow by appending, as a user CA bundle does over time.
 */
import { createHash } from 'node:crypto';

function derBytes(seed: string, n: number): Buffer {
  const out = Buffer.alloc(n);
  let filled = 0;
  for (let i = 0; filled < n; i++) {
    const block = createHash('sha512').update(`${seed}#${i}`).digest();
    filled += block.copy(out, filled);
  }
  // SEQUENCE with a two-byte length: every real certificate starts `MII`.
  out[0] = 0x30;
  out[1] = 0x82;
  out.writeUInt16BE(n - 4, 2);
  return out;
}

export function pemCertificate(seed: string, bytes: number): string {
  const b64 = derBytes(seed, bytes).toString('base64');
  let body = '';
  for (let i = 0; i < b64.length; i += 64) body += `${b64.slice(i, i + 64)}\n`;
  return `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`;
}

const pools = new Map<string, string[]>();

/** The first `n` certificates of the cluster's CA pool, concatenated. */
export function caBundle(seed: string, n: number): string {
  let pool = pools.get(seed);
  if (!pool) pools.set(seed, (pool = []));
  while (pool.length < n) {
    const i = pool.length;
    // Real CA certificates are 0.9 to 2 KiB of DER.
    const size =
      900 + (createHash('md5').update(`${seed}:size:${i}`).digest().readUInt16BE(0) % 1100);
    pool.push(pemCertificate(`${seed}:ca:${i}`, size));
  }
  return pool.slice(0, n).join('');
}
