import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { decodeContents, decodeSource } from '../../server/src/machineconfig/dataUrl';
import { isRedactedSource, isRedactionMarker } from '../../server/src/machineconfig/redaction';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

describe('Ignition data URL decoding', () => {
  it('decodes percent-escaped text (data:, and data:text/plain,)', () => {
    assert.deepEqual(decodeSource('data:,%5Bmain%5D%0Aplugins=keyfile%0A', undefined), {
      kind: 'text',
      text: '[main]\nplugins=keyfile\n',
    });
    assert.deepEqual(decodeSource('data:text/plain,a%20b%C3%A9', undefined), {
      kind: 'text',
      text: 'a bé',
    });
  });

  it('decodes base64 with and without a charset', () => {
    assert.deepEqual(decodeSource(`data:text/plain;charset=utf-8;base64,${b64('héllo\n')}`, ''), {
      kind: 'text',
      text: 'héllo\n',
    });
    assert.deepEqual(decodeSource(`data:;base64,${b64('x=1')}`, undefined), {
      kind: 'text',
      text: 'x=1',
    });
  });

  it('gunzips after base64 when compression is gzip', () => {
    const source = `data:;base64,${b64(gzipSync('NODE_SIZING_ENABLED=false\n'))}`;
    assert.ok(source.startsWith('data:;base64,H4sI'));
    assert.deepEqual(decodeContents({ source, compression: 'gzip' }), {
      kind: 'text',
      text: 'NODE_SIZING_ENABLED=false\n',
    });
  });

  it('decodes percent-escapes byte by byte when the text path cannot: NUL, raw non-ASCII, gzip', () => {
    const nul = Buffer.from('a\0b');
    assert.deepEqual(decodeSource('data:,a%00b', undefined), {
      kind: 'binary',
      size: 3,
      sha256: createHash('sha256').update(nul).digest('hex'),
    });
    // Raw (unescaped) non-ASCII characters count as their UTF-8 bytes.
    assert.deepEqual(decodeSource('data:,caf\u00e9%20%E2%9C%93', undefined), {
      kind: 'text',
      text: 'caf\u00e9 \u2713',
    });
    // A lone surrogate is not text: it decodes as U+FFFD, like any other invalid character.
    assert.deepEqual(decodeSource('data:,x\ud800', undefined), { kind: 'text', text: 'x\ufffd' });
    // Percent-escaped gzip bytes (no base64) are decoded to bytes, then gunzipped.
    const gz = gzipSync('pause_image = "x"\n');
    const escaped = [...gz].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    assert.deepEqual(decodeContents({ source: `data:,${escaped}`, compression: 'gzip' }), {
      kind: 'text',
      text: 'pause_image = "x"\n',
    });
  });

  it('treats a missing source as an empty file', () => {
    assert.deepEqual(decodeContents({}), { kind: 'text', text: '' });
    assert.deepEqual(decodeContents(undefined), { kind: 'text', text: '' });
  });

  it('reports binary contents by size and sha256', () => {
    const bytes = Buffer.from([0x00, 0xff, 0x10, 0x80]);
    const d = decodeSource(`data:;base64,${b64(bytes)}`, undefined);
    assert.deepEqual(d, {
      kind: 'binary',
      size: 4,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    // Invalid UTF-8 without NUL is binary too.
    assert.equal(decodeSource('data:,%C3%28', undefined).kind, 'binary');
  });

  it('returns invalid, never throws, on bad input', () => {
    const why = (s: string, c?: string) => {
      const d = decodeSource(s, c);
      return d.kind === 'invalid' ? d.reason : `not invalid: ${d.kind}`;
    };
    assert.match(why('data:;base64,@@@not-base64'), /bad base64/);
    assert.match(why('data:;base64,QUJD\u00e9'), /bad base64/);
    assert.match(why('data:,100%zz'), /bad percent-escape/);
    assert.match(why('data:,50%'), /bad percent-escape/);
    assert.match(why(`data:;base64,${b64('not gzip at all')}`, 'gzip'), /corrupt gzip/);
    const truncated = gzipSync('hello world, hello world').subarray(0, 12);
    assert.match(why(`data:;base64,${b64(truncated)}`, 'gzip'), /corrupt gzip/);
    assert.match(why('https://example.com/file'), /remote URL not fetched/);
    assert.match(why('s3://bucket/key'), /remote URL not fetched/);
    assert.match(why('/etc/passwd'), /not a data URL/);
    assert.match(why('data:no-comma'), /not a data URL/);
    assert.match(why('data:,x', 'xz'), /unsupported compression/);
  });

  it('stops a gzip bomb at the cap', () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MiB of zeros, ~64 KiB gzipped
    assert.ok(bomb.length < 1024 * 1024);
    const source = `data:;base64,${b64(bomb)}`;
    const d = decodeSource(source, 'gzip');
    assert.equal(d.kind, 'invalid');
    assert.match(d.kind === 'invalid' ? d.reason : '', /over the 16777216 byte cap/);
    const small = decodeSource(`data:;base64,${b64(gzipSync('a'.repeat(2000)))}`, 'gzip', {
      maxOutputBytes: 1000,
    });
    assert.match(small.kind === 'invalid' ? small.reason : '', /over the 1000 byte cap/);
  });
});

describe('redaction markers', () => {
  it('recognises whole-value markers, with or without a kept length', () => {
    for (const m of [
      'REDACTED',
      '<redacted>',
      '[REDACTED]',
      '***REDACTED***',
      'REDACTED 1234 bytes',
      '<REDACTED: 12 chars>',
      ' redacted\n',
    ]) {
      assert.ok(isRedactionMarker(m), m);
    }
    for (const m of ['# REDACTED later', 'password=REDACTED', '', 'redacted-by-policy.conf x']) {
      assert.ok(!isRedactionMarker(m), m);
    }
  });

  it('recognises redacted sources: data:,REDACTED, base64 of a marker, a bare marker', () => {
    assert.ok(isRedactedSource('data:,REDACTED'));
    assert.ok(isRedactedSource('data:text/plain,%3CREDACTED%3E'));
    assert.ok(isRedactedSource('REDACTED'));
    assert.ok(!isRedactedSource('data:,hello'));
  });
});
