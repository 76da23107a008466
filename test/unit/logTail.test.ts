/** The lines of a failing container's log read first: its last error lines, else its last lines. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorTail } from '../../server/src/model/logTail';

describe('errorTail', () => {
  it('keeps the last three error lines, oldest first, each with its place', () => {
    const text = [
      'I0324 17:37:50.1 1 server.go:10] starting',
      'E0324 17:37:51.2 1 a.go:1] first error',
      'W0324 17:37:51.3 1 b.go:2] a warning',
      'E0324 17:37:51.4 1 c.go:3] second error',
      'F0324 17:37:52.5 1 d.go:4] fatal: cannot load key',
      'E0324 17:37:52.6 1 e.go:5] unable to serve',
      'I0324 17:37:52.7 1 main.go:9] exiting',
      '',
    ].join('\n');
    const tail = errorTail(text);
    assert.deepEqual(
      tail.map((l) => l.text),
      [
        'E0324 17:37:51.4 1 c.go:3] second error',
        'F0324 17:37:52.5 1 d.go:4] fatal: cannot load key',
        'E0324 17:37:52.6 1 e.go:5] unable to serve',
      ],
    );
    for (const l of tail) assert.equal(text.slice(l.span[0], l.span[1]), l.text);
  });

  it('keeps the last lines when none looks like an error, and cuts a huge line', () => {
    const long = 'x'.repeat(10_000);
    const tail = errorTail(`one\ntwo\r\nthree\n${long}\n`);
    assert.deepEqual(
      tail.map((l) => l.text.length),
      [3, 5, 300],
    );
    assert.equal(errorTail('').length, 0);
  });

  it('reads only the end of a long log', () => {
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `E0101 00:00:00 ${i} error number ${i}`,
    );
    const tail = errorTail(lines.join('\n'));
    assert.deepEqual(
      tail.map((l) => l.text.endsWith('99999')),
      [false, false, true],
    );
  });
});

describe('errorTail on stamped and logfmt logs', () => {
  it('prefers an error line to a warning that quotes an error, under oc’s timestamps', () => {
    const text = [
      '2022-03-24T17:31:40.1Z level=info ts=x msg="starting"',
      '2022-03-24T17:31:49.0Z level=warn ts=x msg="watch ended with: an error on the server"',
      '2022-03-24T17:31:50.0Z level=error ts=x msg="sync failed" err="context deadline exceeded"',
      '2022-03-24T17:31:51.0Z level=info ts=x msg="still here"',
    ].join('\n');
    assert.deepEqual(
      errorTail(text).map((l) => /level=\w+/.exec(l.text)?.[0]),
      ['level=error'],
    );
  });
});
