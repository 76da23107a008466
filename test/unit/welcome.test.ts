import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/fixtures';

interface Contributes {
  commands: { command: string }[];
  viewsWelcome: { view: string; contents: string; when: string }[];
}

describe('the welcome view when no must-gather is found', () => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: Contributes;
  };
  const welcome = pkg.contributes.viewsWelcome.find(
    (w) => w.view === 'mustGatherInspector.upgradeStatus',
  )!;

  it('offers a way on: open an archive, read the supported layouts, reindex', () => {
    assert.equal(welcome.when, '!mustGatherInspector.hasMustGather');
    const linked = [...welcome.contents.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);
    assert.deepEqual(linked, [
      'mustGatherInspector.openArchive',
      'mustGatherInspector.showSupportedLayouts',
      'mustGatherInspector.reindex',
    ]);
  });

  it('links only commands the extension contributes', () => {
    const contributed = new Set(pkg.contributes.commands.map((c) => c.command));
    for (const m of welcome.contents.matchAll(/\]\(command:([\w.]+)\)/g)) {
      assert.ok(contributed.has(m[1]!), m[1]);
    }
  });
});
