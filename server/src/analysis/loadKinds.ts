/**
 * Reading typed objects from indexed files: the document itself or the items of a `kind: List`,
 * single-object files preferred over a List of the same objects; every problem one
 * `yaml-invalid` (analysis/fileProblems).
 */

import type { ParsedFileCache, ReadMode, ReadResult } from '../gather/fileCache';
import type { IndexedFile } from '../gather/gatherIndex';
import { arr, rec, str } from '../model/access';
import type { Json } from '../model/access';
import type { KubeObject, ObjectSource } from '../model/kubeObject';
import type { Finding } from '../core/finding';
import { fileProblem, probeProblem, wrongKind } from './fileProblems';

type Ctor<T> = new (raw: Json, source: ObjectSource) => T;

export interface LoadContext {
  cache: ParsedFileCache;
  problems: Finding[];
  filesRead: string[];
}

/** Files of a kind the analysis owns but does not parse: only their first bytes are checked. */
export async function probeKind(
  ctx: LoadContext,
  files: IndexedFile[],
  kind: string,
): Promise<void> {
  const results = await Promise.all(files.map((f) => ctx.cache.probe(f.path)));
  // Not in filesRead: that list is what was parsed (a problem found here is cleared by the next
  // analysis like any other).
  files.forEach((f, i) => {
    const problem = probeProblem(f.path, f.rel, results[i]!, kind);
    if (problem) ctx.problems.push(problem);
  });
}

export async function loadKind<T extends KubeObject>(
  ctx: LoadContext,
  files: IndexedFile[],
  ctor: Ctor<T>,
  kind: string,
  mode: ReadMode = 'yaml',
  /** Lists of several kinds: items of another kind are left out (not an error). */
  onlyKind = false,
): Promise<T[]> {
  const singles = files.filter((f) => !f.list);
  // `oc adm inspect` writes a List beside the single files of the same objects
  // (clusteroperators.yaml beside clusteroperators/*.yaml): read Lists only when they are alone.
  const lists = singles.length > 0 ? [] : files.filter((f) => f.list);
  const byKey = new Map<string, T>();
  const add = (o: T, replace: boolean) => {
    const key = `${o.namespace ?? ''}/${o.name}`;
    if (replace || !byKey.has(key)) byKey.set(key, o);
  };
  for (const objs of await readAll(ctx, singles, mode, kind)) {
    for (const [raw, source] of objs) add(new ctor(raw, source), true);
  }
  for (const objs of await readAll(ctx, lists, mode, kind)) {
    for (const [raw, source] of objs) {
      if (onlyKind && (str(raw.kind) ?? kind) !== kind) continue;
      add(new ctor(raw, source), false);
    }
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The objects of several files, read at once (on every read thread) and taken in the files'
 * order, so that problems and the files read come out the same whichever read ends first.
 */
async function readAll(
  ctx: LoadContext,
  files: IndexedFile[],
  mode: ReadMode,
  expectedKind: string,
): Promise<[Json, ObjectSource][][]> {
  const reads = await Promise.all(files.map((f) => ctx.cache.get(f.path, mode)));
  return files.map((f, i) => objectsIn(ctx, f, reads[i]!, expectedKind));
}

/** The objects in one file: the document itself, or the items of a `kind: List`. */
export async function readObjects(
  ctx: LoadContext,
  f: IndexedFile,
  mode: ReadMode,
  expectedKind: string,
): Promise<[Json, ObjectSource][]> {
  return objectsIn(ctx, f, await ctx.cache.get(f.path, mode), expectedKind);
}

function objectsIn(
  ctx: LoadContext,
  f: IndexedFile,
  r: ReadResult,
  expectedKind: string,
): [Json, ObjectSource][] {
  ctx.filesRead.push(f.path);
  const problem = fileProblem(f.path, f.rel, r, true);
  if (problem) ctx.problems.push(problem);
  if (!r.ok || (problem && r.parsed.problems.length === 0)) return [];
  const out: [Json, ObjectSource][] = [];
  r.parsed.docs.forEach((d, doc) => {
    const obj = rec(d.value);
    if (!obj) return;
    const kind = str(obj.kind) ?? '';
    if (kind.endsWith('List') && Array.isArray(obj.items)) {
      arr(obj.items).forEach((item, i) => {
        const o = rec(item);
        if (o) out.push([o, { file: f.path, doc, base: `/items/${i}` }]);
      });
    } else if (kind !== '' && kind !== expectedKind) {
      // A Pod in clusteroperators/ is not a ClusterOperator: say so once, read nothing of it.
      ctx.problems.push(wrongKind(f.path, f.rel, kind, expectedKind));
    } else {
      out.push([obj, { file: f.path, doc, base: '' }]);
    }
  });
  return out;
}
