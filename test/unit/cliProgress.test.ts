import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terminalProgress } from '../../server/src/cli/progress';

/** A stand-in for process.stderr that keeps what is written. */
function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const s = {
    isTTY,
    text: '',
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

describe('terminal progress', () => {
  it('draws a percentage on one line on a TTY, once per percent, and clears it', () => {
    const tty = stream(true);
    const p = terminalProgress('extracting must-gather.tar.gz', tty);
    p.update(0, 200);
    p.update(1, 200);
    p.update(100, 200);
    p.update(200, 200);
    p.done();
    assert.equal(
      tty.text,
      '\rextracting must-gather.tar.gz 0%\rextracting must-gather.tar.gz 50%\rextracting must-gather.tar.gz 100%\r\x1b[2K',
    );
  });

  it('writes nothing when stderr is piped', () => {
    const pipe = stream(false);
    const p = terminalProgress('extracting x', pipe);
    p.update(5, 10);
    p.done();
    assert.equal(pipe.text, '');
  });
});
