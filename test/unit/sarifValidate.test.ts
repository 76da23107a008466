import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { examplesDir, fixturesDir } from '../support/fixtures';
import { validateSarif } from '../support/multitool';
import { sarifInputs, sarifOf, severalClusters } from '../support/sarif';

/**
 * The warnings left, by rule: SARIF2005 asks for the tool's `informationUri`, and the package
 * names no home page (README, "SARIF for code-scanning tools"). A new one fails here.
 */
const expectedWarnings = ['SARIF2005'];

describe('analyze --format sarif as Microsoft’s SARIF multitool validates it', () => {
  const work = mkdtempSync(join(tmpdir(), 'mgi-multitool-'));
  const several = severalClusters();
  after(() => {
    rmSync(work, { recursive: true, force: true });
    several.remove();
  });

  it('finds no error, and only the expected warnings, on every fixture, sample and several clusters', async () => {
    // Each fixture and sample alone, the folders that hold them all, and several clusters copied.
    const targets = [...sarifInputs, fixturesDir, examplesDir, several.path];
    assert.ok(targets.length >= 20, `${targets.length} inputs`);
    const files = targets.map((_, i) => join(work, `${String(i).padStart(2, '0')}.sarif`));
    const queue = targets.map((t, i) => [t, files[i]!] as const);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        writeFileSync(next[1], (await sarifOf(next[0])).text);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, availableParallelism()) }, worker));

    const results = validateSarif(files, work);
    const show = (r: (typeof results)[number]) => `${r.file}: ${r.ruleId} ${r.message}`;
    const errors = results.filter((r) => r.level === 'error');
    assert.deepEqual(errors.map(show), [], 'no error');
    const warnings = results.filter((r) => r.level === 'warning');
    assert.deepEqual([...new Set(warnings.map((r) => r.ruleId))].sort(), expectedWarnings);
    // Once per log: every file was read. This matters: given a log it cannot deserialize (a
    // `level` of "info"), multitool 5.7.0 reports nothing at all for any file of the invocation.
    assert.deepEqual(
      warnings.map((r) => r.file).sort(),
      files.map((f) => pathToFileURL(f).href).sort(),
    );
  });
});
