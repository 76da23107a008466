import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { impactOf } from '../../../server/src/analysis/insights';
import { allRuleIds, rules } from '../../../server/src/rules/registry';
import { repoRoot, samples } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { loadFixture } from '../../support/snapshot';

describe('rule registry', () => {
  it('has unique kebab-case ids with summaries', () => {
    const ids = rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const r of rules) {
      assert.match(r.id, /^[a-z]+(-[a-z0-9]+)+$/);
      assert.ok(r.summary.length > 10);
    }
  });

  it('finds no warning or error on a healthy cluster', async () => {
    const { snapshot: s } = await loadFixture(samples.healthy);
    const serious = rules
      .flatMap((r) => r.check(s, ruleContext))
      .filter((f) => f.severity === 'error' || f.severity === 'warning');
    assert.deepEqual(serious, []);
  });

  it('says for every rule what its findings mean for the update (its Update Health impact)', () => {
    for (const r of rules) assert.ok(impactOf[r.id] !== undefined, r.id);
  });

  it('has a test file per rule', () => {
    for (const r of rules) {
      assert.ok(existsSync(join(repoRoot, 'test', 'unit', 'rules', `${r.id}.test.ts`)), r.id);
    }
  });
});

describe('rule documentation and settings', () => {
  it('every rule has a doc page and is listed in the settings schema', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: {
        configuration: { properties: Record<string, { propertyNames?: { enum: string[] } }> };
      };
    };
    const listed =
      pkg.contributes.configuration.properties['mustGatherInspector.rules']?.propertyNames?.enum;
    assert.deepEqual(listed, allRuleIds());
    for (const id of allRuleIds()) {
      const page = readFileSync(join(repoRoot, 'docs', 'rules', `${id}.md`), 'utf8');
      assert.ok(page.startsWith(`# \`${id}\``), id);
    }
  });
});
