/**
 * Every object of one analysed root, for "go to any object": single-object files by their path
 * alone (`oc adm inspect` names each file after its object), and the items of List files the
 * analysis already parsed (a List nobody read is not parsed just to list its names). Built once
 * per analysis, on the first search.
 */
import type { RootAnalysis } from '../../analysis/analyze';
import type { IndexedFile } from '../../gather/gatherIndex';
import { arr, path, rec, str } from '../../model/access';
import type { ParsedFile } from '../../yaml/parse';
import { kindOf, kindRank } from './kinds';

export interface ObjectEntry {
  /** `<kind>/<name>`, `<kind>/<namespace>/<name>` when namespaced: what findings call it. */
  subject: string;
  name: string;
  /** The short kind (`co`, `mcp`, …). */
  kind: string;
  /** LSP `SymbolKind`. */
  symbol: number;
  /** The root (its path) the object belongs to. */
  root: string;
  file: string;
  doc: number;
  /** `''` for a file that is the object, `/items/N` for a List's item. */
  pointer: string;
  /** Lower-cased `name` and `subject`, and the kind's rank: what a search compares. */
  readonly lname: string;
  readonly lsubject: string;
  readonly rank: number;
}

/** The last parse of a file, without reading it (`ParsedFileCache.peek`). */
export type Peek = (file: string) => ParsedFile | undefined;

/** Items read from one List: a pod List of every node's daemon is a few hundred. */
const maxItemsPerList = 10_000;
/** Objects listed per root, whatever its Lists hold. */
const maxObjects = 200_000;

const tables = new WeakMap<RootAnalysis, ObjectEntry[]>();

/** The objects of an analysis, listed on first use and kept while the analysis is the latest. */
export function objectsOf(analysis: RootAnalysis, peek: Peek): readonly ObjectEntry[] {
  let t = tables.get(analysis);
  if (!t) {
    t = listObjects(analysis.index.root.path, analysis.index.files, peek);
    tables.set(analysis, t);
  }
  return t;
}

export function listObjects(
  root: string,
  files: readonly IndexedFile[],
  peek: Peek,
): ObjectEntry[] {
  const out: ObjectEntry[] = [];
  for (const f of files) {
    const r = f.resource;
    if (f.list || r.name === undefined) continue;
    out.push(entry(root, f.path, 0, '', kindOf(undefined, r.group, r.plural), r.namespace, r.name));
  }
  // A List beside the files of its objects (which the analysis then leaves unread) repeats them.
  const singles = new Set(out.map((e) => e.subject));
  for (const f of files) {
    // Events are what happened to objects, not objects to go to (hovers list them).
    if (!f.list || f.resource.plural === 'events') continue;
    const parsed = peek(f.path);
    if (!parsed) continue;
    for (const [doc, d] of parsed.docs.entries()) {
      const value = rec(d.value);
      if (!value) continue;
      const items = value.items;
      // A List file holding one object (an MCN written alone, gather-extra's clusterversion.json).
      const objects = Array.isArray(items)
        ? arr(items)
            .slice(0, maxItemsPerList)
            .map((v, i) => [v, `/items/${i}`] as const)
        : [[value, ''] as const];
      for (const [v, pointer] of objects) {
        if (out.length >= maxObjects) return out;
        const item = rec(v);
        const name = str(path(item, 'metadata', 'name'));
        if (!item || !name) continue;
        const k = kindOf(str(item.kind), f.resource.group, f.resource.plural);
        const ns = str(path(item, 'metadata', 'namespace')) ?? f.resource.namespace;
        const e = entry(root, f.path, doc, pointer, k, ns, name);
        if (!singles.has(e.subject)) out.push(e);
      }
    }
  }
  return out;
}

function entry(
  root: string,
  file: string,
  doc: number,
  pointer: string,
  k: { short: string; symbol: number },
  namespace: string | undefined,
  name: string,
): ObjectEntry {
  // A Namespace is itself, not an object in itself.
  const ns = namespace !== undefined && k.short !== 'ns' ? `${namespace}/` : '';
  const subject = `${k.short}/${ns}${name}`;
  return {
    subject,
    name,
    kind: k.short,
    symbol: k.symbol,
    root,
    file,
    doc,
    pointer,
    lname: name.toLowerCase(),
    lsubject: subject.toLowerCase(),
    rank: kindRank(k.short),
  };
}
