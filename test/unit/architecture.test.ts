/**
 * ARCHITECTURE.md is the map a newcomer follows: it names every folder of the server and the
 * client, and everything it cites is in the repository (no page outside it, no path that moved).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/fixtures';

const map = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');

function folders(rel: string): string[] {
  return readdirSync(join(repoRoot, rel))
    .filter((n) => statSync(join(repoRoot, rel, n)).isDirectory())
    .flatMap((n) => [`${rel}/${n}`, ...folders(`${rel}/${n}`)]);
}

/** Repository paths the page cites: in code spans or as link targets. */
function citedPaths(): string[] {
  const spans = [...map.matchAll(/`([^`\s]+)`/g), ...map.matchAll(/\]\(([^)\s#]+)/g)].map(
    (m) => m[1]!,
  );
  const top = /^(server|client|test|scripts|docs|bench|\.ci)\//;
  // Placeholders (`rules/<id>.ts`) and globs name a pattern, not a file.
  return spans.filter((s) => top.test(s) && !/[<>*{]/.test(s)).map((s) => s.replace(/[:,]$/, ''));
}

describe('ARCHITECTURE.md', () => {
  it('names every folder under server/src and client/src', () => {
    const all = [...folders('server/src'), ...folders('client/src')];
    assert.ok(all.length > 15, `${all.length} folders`);
    assert.deepEqual(
      all.filter((f) => !map.includes(`${f}/`)),
      [],
    );
  });

  it('cites nothing outside the repository', () => {
    assert.doesNotMatch(map, /\.\.\/shared|\]\(\.\.\/|`\.\.\/|\/work\/|\/home\/|\/tmp\//);
  });

  it('cites only paths that exist', () => {
    const cited = citedPaths();
    assert.ok(cited.length > 20, `${cited.length} paths cited`);
    assert.deepEqual(
      cited.filter((p) => !existsSync(join(repoRoot, p.replace(/\/$/, '')))),
      [],
    );
  });
});
