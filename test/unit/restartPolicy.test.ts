import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RestartPolicy } from '../../client/src/restartPolicy';

describe('server crash policy', () => {
  it('restarts, tells the user on the first crash only, and gives up when crashes pile up', () => {
    const p = new RestartPolicy(3, 60_000);
    assert.equal(p.onCrash(0), 'restart-and-tell');
    assert.equal(p.onCrash(1_000), 'restart');
    assert.equal(p.onCrash(2_000), 'restart');
    assert.equal(p.onCrash(3_000), 'give-up');
  });

  it('forgets crashes older than the window, and still tells only once', () => {
    const p = new RestartPolicy(2, 60_000);
    assert.equal(p.onCrash(0), 'restart-and-tell');
    assert.equal(p.onCrash(10_000), 'restart');
    assert.equal(p.onCrash(200_000), 'restart');
    assert.equal(p.onCrash(210_000), 'restart');
    assert.equal(p.onCrash(215_000), 'give-up');
  });
});
