import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGoTime, parseTimestampFile } from '../../server/src/gather/timestamp';

describe('gather timestamp', () => {
  it('reads a Go time.Time line and ignores the monotonic suffix', () => {
    const d = parseGoTime('2022-03-24 17:41:05.914616431 +0000 UTC m=+0.133100000');
    assert.equal(d?.toISOString(), '2022-03-24T17:41:05.914Z');
  });

  it('applies a non-UTC offset', () => {
    assert.equal(
      parseGoTime('2021-03-25 14:20:41 +0200 CEST')?.toISOString(),
      '2021-03-25T12:20:41.000Z',
    );
  });

  it('takes the first (start) line of the file', () => {
    const t = parseTimestampFile(
      '\n2021-03-25 12:20:41.127346152 +0000 UTC m=+0.081516043\n2021-03-25 12:24:03.548219735 +0000 UTC m=+202.5\n',
    );
    assert.equal(t?.toISOString(), '2021-03-25T12:20:41.127Z');
  });

  it('returns undefined for anything else', () => {
    assert.equal(parseTimestampFile('not a time\n'), undefined);
    assert.equal(parseTimestampFile(''), undefined);
  });
});
