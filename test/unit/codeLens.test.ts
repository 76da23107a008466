import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { listMachineConfigs } from '../../server/src/analysis/loadMachineConfigs';
import { poolCodeLenses } from '../../server/src/features/codeLens';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { parseText } from '../../server/src/yaml/parse';
import { poolFile, resourceFile, samples } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';

async function lenses(scenario: string, pool: string) {
  const { snapshot } = await loadFixture(scenario);
  const [root] = await discoverRoots(scenario);
  const configs = await listMachineConfigs(await buildIndex(root!), new ParsedFileCache());
  const file = resourceFile(scenario, poolFile(pool));
  const parsed = parseText(readFileSync(file, 'utf8'));
  return { lenses: poolCodeLenses(snapshot, file, parsed, configs), text: parsed.text.split('\n') };
}

describe('pool code lenses', () => {
  it('compare the current and target configs of a pool that is rolling out (seed 2019850)', async () => {
    const { lenses: ls, text } = await lenses(samples.levelEarly, 'master');
    assert.equal(ls.length, 2);
    for (const l of ls) {
      assert.equal(l.command?.command, 'mustGatherInspector.compareRenderedConfigs');
      assert.equal(l.command?.title, 'Compare current ↔ target rendered config');
      const arg = l.command?.arguments?.[0] as { a: string; b: string };
      assert.deepEqual(
        [arg.a, arg.b],
        [
          'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a',
          'rendered-master-ebc4fc8c7b6a155d86684204394e4930',
        ],
      );
    }
    assert.match(
      text[ls[0]!.range.start.line]!,
      /name: rendered-master-ebc4fc8c7b6a155d86684204394e4930/,
      'on spec.configuration.name',
    );
    assert.match(
      text[ls[1]!.range.start.line]!,
      /name: rendered-master-78d48a9fbc8ba6a746040c11f8335d1a/,
      'on status.configuration.name',
    );
  });

  it('compare an updated pool with its previous config (healthy 4.10)', async () => {
    const { lenses: ls } = await lenses(samples.healthy, 'worker');
    assert.equal(ls.length, 2);
    const arg = ls[0]!.command?.arguments?.[0] as { a: string; b: string };
    assert.equal(ls[0]!.command?.title, 'Compare with the previous rendered config');
    assert.notEqual(arg.a, arg.b);
    assert.match(arg.a, /^rendered-worker-/);
  });
});
