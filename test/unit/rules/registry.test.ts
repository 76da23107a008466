import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allRuleIds, allRuleMeta, rules } from '../../../server/src/rules/registry';
import { docPage } from '../../../server/src/rules/rule';
import { generatedFiles } from '../../../scripts/generate/files';
import { repoRoot, samples } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { loadFixture } from '../../support/snapshot';

const rulesDir = join(repoRoot, 'server', 'src', 'rules');

describe('rule registry', () => {
  it('lists every rule once, by id, each in the file its id names, and no other file beside them', () => {
    const ids = rules.map((r) => r.meta.id);
    assert.deepEqual(ids, [...ids].sort(), 'sorted by id');
    assert.equal(new Set(ids).size, ids.length);
    // Every file of server/src/rules but the framework (rule.ts, registry.ts) is a rule named by
    // its id, built-in ones included; what rules share lives in common/.
    const files = readdirSync(rulesDir, { withFileTypes: true })
      .filter((e) => e.isFile() && !['rule.ts', 'registry.ts'].includes(e.name))
      .map((e) => e.name);
    assert.deepEqual(
      files.sort(),
      allRuleIds()
        .map((id) => `${id}.ts`)
        .sort(),
    );
    for (const m of allRuleMeta()) {
      assert.match(m.id, /^[a-z]+(-[a-z0-9]+)+$/);
      const src = readFileSync(join(rulesDir, `${m.id}.ts`), 'utf8');
      assert.ok(src.includes(`id: '${m.id}'`), `${m.id}.ts defines it`);
    }
  });

  it('keeps each rule to itself: no rule and no shared helper imports a rule', () => {
    // Judgement two rules share lives in model/ or analysis/, text they share in common/.
    const ruleFiles = new Set(allRuleIds().map((id) => `${id}`));
    const sources = [
      ...allRuleIds().map((id) => join(rulesDir, `${id}.ts`)),
      ...readdirSync(join(rulesDir, 'common')).map((f) => join(rulesDir, 'common', f)),
    ];
    for (const file of sources) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const name = spec!.split('/').pop()!;
        assert.ok(
          !(ruleFiles.has(name) && (spec!.startsWith('./') || spec!.startsWith('../'))),
          `${file} imports rule ${spec}`,
        );
      }
    }
  });

  it('has a complete definition for every rule: description, explanation, levels, impact, reads', () => {
    for (const m of allRuleMeta()) {
      assert.ok(m.description.length > 10 && !m.description.includes('\n'), m.id);
      assert.ok(m.explanation.length > 20, m.id);
      assert.ok(m.levels.includes(m.defaultSeverity) || m.levels.length > 0, m.id);
      assert.ok(m.reads.length > 0, m.id);
      for (const e of m.explains ?? []) {
        assert.ok(allRuleIds().includes(e.rule) && e.rule !== m.id, `${m.id} explains ${e.rule}`);
      }
    }
  });

  it('finds no warning or error on a healthy cluster', async () => {
    const { snapshot: s } = await loadFixture(samples.healthy);
    const serious = rules
      .flatMap((r) => r.check(s, ruleContext))
      .filter((f) => f.severity === 'error' || f.severity === 'warning');
    assert.deepEqual(serious, []);
  });

  it('has a test file and a doc page per rule', () => {
    for (const id of allRuleIds()) {
      if (id !== 'yaml-invalid') {
        assert.ok(existsSync(join(repoRoot, 'test', 'unit', 'rules', `${id}.test.ts`)), id);
      }
      const page = readFileSync(join(repoRoot, docPage(id)), 'utf8');
      assert.ok(page.startsWith(`# \`${id}\``), id);
    }
  });
});

describe('files generated from the rules (npm run generate)', () => {
  it('the README rules table and the settings schema are in sync with the definitions', () => {
    for (const f of generatedFiles(repoRoot)) {
      assert.equal(
        readFileSync(join(repoRoot, f.path), 'utf8'),
        f.text,
        `${f.path} is stale: run npm run generate`,
      );
    }
  });

  it('the settings schema names every rule id', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: {
        configuration: {
          properties: Record<string, { propertyNames?: { enum: string[] }; properties?: object }>;
        };
      };
    };
    const setting = pkg.contributes.configuration.properties['mustGatherInspector.rules'];
    assert.deepEqual(setting?.propertyNames?.enum, allRuleIds());
    assert.deepEqual(Object.keys(setting?.properties ?? {}), allRuleIds());
  });
});
