import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { decodeOptionsFrom, decodeSource } from '../../server/src/machineconfig/dataUrl';
import { defaultLimits, limitNames, limitRanges, limitsFrom } from '../../server/src/limits';
import { defaultParseLimits, parseText } from '../../server/src/yaml/parse';
import { pathAt } from '../../server/src/yaml/pathAt';
import { copyFixture } from '../support/copyFixture';
import { repoRoot, resourceFile, samples } from '../support/fixtures';

const cli = join(repoRoot, 'dist', 'cli.js');

describe('limits on the work per file', () => {
  it('are settings with the same names, defaults and ranges as the code', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
    };
    const props = pkg.contributes.configuration.properties;
    const declared = Object.keys(props)
      .filter((k) => k.startsWith('mustGatherInspector.limits.'))
      .map((k) => k.slice('mustGatherInspector.limits.'.length));
    assert.deepEqual(declared.sort(), [...limitNames].sort());
    for (const n of limitNames) {
      const p = props[`mustGatherInspector.limits.${n}`];
      assert.equal(p?.default, defaultLimits[n], n);
      assert.deepEqual([p?.minimum, p?.maximum], limitRanges[n], n);
    }
  });

  it('reads settings, reporting unknown names and bad values once each', () => {
    const warnings: string[] = [];
    const l = limitsFrom(
      { maxFileSizeMiB: 2, maxAliasCount: -1, nope: 3, maxNestingDepth: 'x' },
      (m) => warnings.push(m),
    );
    assert.deepEqual(l, { ...defaultLimits, maxFileSizeMiB: 2 });
    assert.equal(warnings.length, 3);
    assert.match(warnings.join('\n'), /unknown limit "nope"/);
    assert.match(warnings.join('\n'), /maxAliasCount must be a whole number from 0/);
  });

  it('refuses a document nested deeper than maxNestingDepth, and survives any depth', () => {
    const deep = (n: number) =>
      `${'a:\n'.replace(/^/, '')}${Array.from({ length: n }, (_, i) => `${'  '.repeat(i + 1)}k:`).join('\n')} 1\n`;
    const ok = parseText(deep(50));
    assert.deepEqual(ok.problems, []);
    const tooDeep = parseText(deep(300));
    assert.equal(tooDeep.docs[0]?.value, null);
    assert.match(
      tooDeep.problems[0]?.message ?? '',
      /nested more than 200 levels deep.*maxNestingDepth/,
    );
    // Far past any stack: still one problem, no exception.
    const flow = '['.repeat(200_000) + ']'.repeat(200_000);
    const f = parseText(flow, { ...defaultParseLimits, maxDepth: 5000 });
    assert.equal(f.problems.length >= 1, true);
    assert.match(f.problems[0]?.message ?? '', /nested/);
    // Ten million brackets (20 MB) are refused from the text, before any parser builds them.
    const huge = parseText('['.repeat(10_000_000) + ']'.repeat(10_000_000));
    assert.match(huge.problems[0]?.message ?? '', /nested more than 200 levels deep/);
    assert.deepEqual(huge.docs, []);
    // Brackets inside strings (and escaped quotes) are not nesting.
    const inString = `{"a": "${'['.repeat(500)}\\"${'{'.repeat(500)}", "b": [1]}`;
    const j = parseText(inString);
    assert.deepEqual(j.problems, []);
    assert.deepEqual((j.docs[0]?.value as { b: number[] }).b, [1]);
    const y = parseText(`a: '${'['.repeat(500)}'\nb: 1\n`);
    assert.deepEqual(y.problems, []);
    // ...nor in plain text, in `oc` YAML or not (a comment sends this to the full parser), and
    // the position tree of such a file builds (the fuzz found it refused after the value read).
    for (const t of [
      `kind: X\nstatus:\n  message: see ${'['.repeat(250)} here\n`,
      `kind: X # note\nstatus:\n  message: see ${'{'.repeat(250)} here\n`,
    ]) {
      const p = parseText(t);
      assert.deepEqual(p.problems, [], t.slice(0, 30));
      assert.equal(pathAt(p, t.indexOf('message') + 2)?.path.join('/'), 'status/message');
    }
  });

  it('caps decoded MachineConfig contents at maxDecompressedMiB', () => {
    const text = 'x'.repeat(2 * 1024 * 1024);
    const capped = decodeOptionsFrom({ ...defaultLimits, maxDecompressedMiB: 1 });
    assert.equal(decodeSource(`data:,${text}`, undefined, capped).kind, 'invalid');
    assert.equal(decodeSource(`data:,${text}`, undefined).kind, 'text');
  });

  it('the CLI takes --limit: a file over maxFileSizeMiB is one finding naming the setting', () => {
    const copy = copyFixture(samples.levelEarly);
    try {
      const node = resourceFile(copy.path, 'cluster-scoped-resources/core/nodes');
      const big = join(node, 'ip-10-0-1-1.ec2.internal.yaml');
      writeFileSync(
        big,
        `kind: Node\nmetadata:\n  name: big\n  annotations:\n    x: "${'y'.repeat(1.5 * 1024 * 1024)}"\n`,
      );
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [cli, 'analyze', copy.path, '--format', 'json', ...args], {
          encoding: 'utf8',
        });
      const r = run('--limit', 'maxFileSizeMiB=1');
      const findings = (JSON.parse(r.stdout) as { findings: { rule: string; message: string }[] })
        .findings;
      const invalid = findings.filter((f) => f.rule === 'yaml-invalid');
      assert.equal(invalid.length, 1);
      assert.match(
        invalid[0]?.message ?? '',
        /1\.5 MiB, over the 1\.0 MiB parse limit \(mustGatherInspector\.limits\.maxFileSizeMiB\)/,
      );
      assert.ok(
        findings.some((f) => f.rule === 'mco-level-before-required-pools'),
        'the rest is analysed',
      );
      const bad = run('--limit', 'maxFileSizeMiB=0');
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /maxFileSizeMiB must be a whole number from 1 to 1024/);
      assert.equal(run('--limit', 'nope=1').status, 2);
    } finally {
      copy.remove();
    }
  });
});
