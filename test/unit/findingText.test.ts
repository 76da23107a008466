/**
 * The message contract (issue 26): every finding's `message` is one plain sentence a list shows
 * whole; the explanation lives in `detail` (Markdown), printed by the CLI under the message
 * with `--verbose`, and carried by the JSON.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { Finding } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { docPage } from '../../server/src/rules/rule';
import { runCli } from '../support/cli';
import { examplesDir, fixturesDir, repoRoot, samples } from '../support/fixtures';
import { assertShortMessage } from '../support/ruleTester';

/** Every finding of every fixture and example, with the root it came from. */
async function everyFinding(): Promise<{ root: string; finding: Finding }[]> {
  const cache = new ParsedFileCache();
  const out: { root: string; finding: Finding }[] = [];
  for (const dir of [fixturesDir, examplesDir]) {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      for (const root of await discoverRoots(join(dir, e.name))) {
        const a = await analyzeRoot(root, analysisContext({ cache }));
        for (const finding of a.findings) out.push({ root: e.name, finding });
      }
    }
  }
  return out;
}

describe('finding text', () => {
  it('every finding on every fixture has a short plain message, and every rule finding a detail', async () => {
    const all = await everyFinding();
    assert.ok(all.length > 100, `${all.length} findings`);
    const rulesSeen = new Set<string>();
    for (const { root, finding: f } of all) {
      assertShortMessage(f);
      rulesSeen.add(f.rule);
      // A file that does not parse says all in its message; every rule explains itself.
      if (f.rule === 'yaml-invalid') continue;
      assert.ok(
        (f.detail ?? '').trim().length > 0,
        `${f.rule} on ${f.subject} in ${root}: no detail`,
      );
      assert.ok(!f.detail!.startsWith(f.message), `${f.rule}: the detail repeats the message`);
      assert.ok(existsSync(join(repoRoot, docPage(f.rule))), `${f.rule} has a rule page`);
    }
    assert.ok(rulesSeen.size >= 20, `${rulesSeen.size} rules seen`);
  });

  it('CLI text prints the detail indented under the message with --verbose, not by default nor with --brief; JSON has both', () => {
    const full = runCli('analyze', samples.workerBlocksMco, '--verbose').stdout;
    const plain = runCli('analyze', samples.workerBlocksMco).stdout;
    const brief = runCli('analyze', samples.workerBlocksMco, '--brief').stdout;
    const json = JSON.parse(
      runCli('analyze', samples.workerBlocksMco, '--format', 'json').stdout,
    ) as {
      findings: { rule: string; message: string; detail?: string }[];
    };
    const blocked = json.findings.find((f) => f.rule === 'mco-blocked-by-non-required-pool')!;
    assert.ok(blocked.detail, 'JSON carries the detail');
    const firstDetailLine = blocked.detail.trim().split('\n')[0]!;
    assert.ok(
      full.includes(`             ${firstDetailLine}`),
      'the detail is indented under its finding',
    );
    assert.ok(!plain.includes(firstDetailLine), 'no detail by default');
    assert.ok(!brief.includes(firstDetailLine), '--brief prints no detail');
    for (const text of [full, plain, brief]) {
      const line = text.split('\n').find((l) => l.includes('[mco-blocked-by-non-required-pool]'))!;
      assert.ok(line.includes(blocked.message), 'the message is on the finding line');
    }
  });
});
