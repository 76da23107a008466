import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runFuzz } from '../fuzz/fuzz';
import { mutationKinds } from '../fuzz/mutate';
import { repoRoot } from '../support/fixtures';

describe('fuzz', () => {
  it('survives 300 seeded mutations of the fixtures through analysis, hovers and the diff', async () => {
    const r = await runFuzz({
      iterations: 300,
      seed: 20261130,
      outDir: join(repoRoot, 'test-results', 'fuzz'),
      repoRoot,
    });
    const report = r.failures
      .map((f) => `${f.dir}\n  ${f.error.split('\n').slice(0, 4).join('\n  ')}`)
      .join('\n');
    assert.equal(r.failures.length, 0, `failing inputs:\n${report}`);
    assert.equal(r.iterations, 300);
    for (const k of mutationKinds) assert.ok(r.kinds[k] > 0, `no ${k} mutation ran`);
  });
});
