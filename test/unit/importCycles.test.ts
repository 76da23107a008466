/**
 * Imports point down: no file of the server, the client or the timeline page reaches itself again
 * through its imports. Lint's `import-x/no-cycle` sees value imports; this sees `import type` and
 * re-exports too, which a reader following the code meets all the same.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/fixtures';

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return tsFiles(p);
    return n.endsWith('.ts') ? [p] : [];
  });
}

/** The repository files a file imports or re-exports, by relative specifier. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const [, spec] of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/g,
  )) {
    const base = resolve(dirname(file), spec!);
    const hit = [`${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c));
    if (hit) out.push(hit);
  }
  return out;
}

/** One cycle of the graph, as repository paths, or undefined. */
function findCycle(files: string[]): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of importsOf(f)) {
      if (state.get(g) === 'open') return [...stack.slice(stack.indexOf(g)), g];
      if (!state.has(g)) {
        const c = visit(g);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of files) {
    if (state.has(f)) continue;
    const c = visit(f);
    if (c) return c.map((p) => relative(repoRoot, p));
  }
  return undefined;
}

describe('import graph', () => {
  const dirs = ['server/src', 'client/src', 'client/webview'].map((d) => join(repoRoot, d));
  const files = dirs.flatMap(tsFiles);

  it('reads the whole tree', () => assert.ok(files.length > 200, `${files.length} files`));

  it('has no cycle, type-only imports and re-exports included', () =>
    assert.equal(findCycle(files)?.join(' → '), undefined));

  it('would see one: two files taking a type from each other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mgi-cycle-'));
    try {
      const a = join(dir, 'treeModel.ts');
      const b = join(dir, 'beforeUpdate.ts');
      // The circle issue 41 removed: beforeUpdate took TreeItemModel's type from treeModel.
      writeFileSync(
        a,
        "import { beforeUpdateItem } from './beforeUpdate';\nexport interface TreeItemModel { id: string }\n",
      );
      writeFileSync(
        b,
        "import type { TreeItemModel } from './treeModel';\nexport function beforeUpdateItem(): TreeItemModel | undefined { return undefined; }\n",
      );
      assert.equal(findCycle([a, b])?.length, 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
