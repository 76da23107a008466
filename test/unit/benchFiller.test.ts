import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { writeLog, type LogSpec } from '../../bench/gen/filler';
import { at, plusSeconds } from '../../scripts/fixtures/time';

function fill(spec: LogSpec): { text: string; returned: number } {
  const parts: string[] = [];
  const returned = writeLog({ write: (t) => parts.push(t) }, spec);
  return { text: parts.join(''), returned };
}

const to = at('2021-03-25T12:00:00Z');
const from = plusSeconds(to, -7 * 86400);
const MiB = 1 << 20;

/** Seconds since the epoch, nanoseconds included, of an RFC3339Nano `...Z` stamp. */
function nanosOf(stamp: string): bigint {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(stamp);
  assert.ok(m, `not RFC3339Nano: ${stamp}`);
  const sec = BigInt(Date.parse(`${m[1]}Z`) / 1000);
  return sec * 1_000_000_000n + BigInt((m[2] ?? '').padEnd(9, '0'));
}

describe('bench log filler', () => {
  it('writes the same bytes for a seed, other bytes for another seed', () => {
    const spec = { from, to, bytes: 200_000, seed: 'a', pid: 1 };
    const a = fill(spec).text;
    assert.equal(fill(spec).text, a);
    assert.notEqual(fill({ ...spec, seed: 'b' }).text, a);
  });

  it('stops within a few % of `bytes`, ASCII lines ending in \\n, stamps in [from, to] in order', () => {
    for (const bytes of [3_000, 100_000, 2 * MiB]) {
      const { text, returned } = fill({ from, to, bytes, seed: `size:${bytes}`, pid: 1 });
      assert.equal(returned, text.length);
      assert.ok(Math.abs(text.length - bytes) / bytes < 0.05, `${text.length} vs ${bytes}`);
      assert.ok(!/[^\n\x20-\x7e]/.test(text), 'only printable ASCII and \\n');
      assert.ok(text.endsWith('\n'));
      let last = from;
      for (const line of text.slice(0, -1).split('\n')) {
        const t = nanosOf(line.slice(0, line.indexOf(' ')));
        assert.ok(t >= last && t <= to, line);
        last = t;
        assert.match(line, /^\S+Z [IWE]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ \w+\.go:\d+\] \S/);
      }
    }
  });

  it('stops at `to` when the window is short', () => {
    const { text } = fill({ from, to: plusSeconds(from, 1), bytes: MiB, seed: 'short' });
    assert.ok(text.length > 0 && text.length < MiB);
    const lines = text.slice(0, -1).split('\n');
    assert.ok(nanosOf(lines.at(-1)!.split(' ')[0]!) <= plusSeconds(from, 1));
  });

  it('compresses like real logs: gzip -6 between 7x and 13x', () => {
    for (const journal of [undefined, { host: 'master-0', ident: 'hyperkube' }]) {
      const { text } = fill({ from, to, bytes: 2 * MiB, seed: 'ratio', pid: 4321, journal });
      const ratio = text.length / gzipSync(text, { level: 6 }).length;
      assert.ok(ratio > 7 && ratio < 13, `ratio ${ratio.toFixed(2)}`);
    }
  });

  it('writes journal lines with the short-precise prefix', () => {
    const journal = { host: 'master-0', ident: 'hyperkube' };
    const { text } = fill({ from, to, bytes: 50_000, seed: 'j', pid: 4321, journal });
    for (const line of text.slice(0, -1).split('\n'))
      assert.match(
        line,
        /^[A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d\.\d{6} master-0 hyperkube\[4321\]: [IWE]\d{4} /,
      );
  });
});
