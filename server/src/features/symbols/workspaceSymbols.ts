/**
 * `workspace/symbol`: the objects of every root that match what the user typed, by subject
 * (`co/machine-config`) or bare name, best first. Exact names come before prefixes, prefixes
 * before substrings and substrings before scattered letters (VS Code's own fuzzy filter keeps
 * those too); within one quality the update's objects (cv, co, mcp, node, mc, …) come before
 * namespaces and pods, then shorter names. Nothing is read: the objects are `objects.ts`'s list.
 */
import { pathToFileURL } from 'node:url';
import type { WorkspaceSymbol } from 'vscode-languageserver';
import { spanOf, positionAt } from '../../yaml/positions';
import type { ObjectEntry, Peek } from './objects';

/** Results per search: VS Code shows a few dozen; more only costs the transfer. */
const maxResults = 200;

/** How well an object matches a lower-cased query, 0 best; undefined when it does not. */
function quality(e: ObjectEntry, q: string): number | undefined {
  if (q === '' || e.lname === q || e.lsubject === q) return 0;
  if (e.lname.startsWith(q) || e.lsubject.startsWith(q)) return 1;
  if (e.lname.includes(q)) return 2;
  if (e.lsubject.includes(q)) return 3;
  return inOrder(q, e.lsubject) ? 4 : undefined;
}

/** Whether every character of `q` occurs in `s`, in order. */
function inOrder(q: string, s: string): boolean {
  let at = 0;
  for (const c of q) {
    at = s.indexOf(c, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** The best `max` objects of every root for `query`, best first. */
export function matchObjects(
  tables: readonly (readonly ObjectEntry[])[],
  query: string,
  max = maxResults,
): ObjectEntry[] {
  const q = query.trim().toLowerCase();
  const byQuality: ObjectEntry[][] = [[], [], [], [], []];
  for (const t of tables) {
    for (const e of t) {
      const m = quality(e, q);
      if (m !== undefined) byQuality[m]!.push(e);
    }
  }
  const out: ObjectEntry[] = [];
  // Only the qualities that fill the results are sorted.
  for (const group of byQuality) {
    if (out.length >= max) break;
    group.sort(
      (a, b) =>
        a.rank - b.rank ||
        a.name.length - b.name.length ||
        (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0) ||
        (a.root < b.root ? -1 : a.root > b.root ? 1 : 0),
    );
    out.push(...group.slice(0, max - out.length));
  }
  return out;
}

/** Where a symbol's List item is, for a client that resolves ranges when one is picked. */
interface SymbolData {
  file: string;
  doc: number;
  pointer: string;
}

const fileStart = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The LSP symbols of matched objects; `containerName` is the root's place (`placeOf`). A file
 * that is the object opens at its start. A List's item is placed in the parse that listed it:
 * at once, or, when `resolve` (the client resolves `location.range`), only once it is picked,
 * since the positions of a List of hundreds of pods cost a reading of its text.
 */
export function toWorkspaceSymbols(
  found: readonly ObjectEntry[],
  placeOf: ReadonlyMap<string, string>,
  peek: Peek,
  resolve: boolean,
): WorkspaceSymbol[] {
  // Most results of a search share a few files (a pod List): each URI is made once.
  const uris = new Map<string, string>();
  return found.map((e) => {
    let uri = uris.get(e.file);
    if (uri === undefined) uris.set(e.file, (uri = pathToFileURL(e.file).href));
    const base = {
      name: e.subject,
      kind: e.symbol as WorkspaceSymbol['kind'],
      containerName: placeOf.get(e.root) ?? e.root,
    };
    if (e.pointer === '') return { ...base, location: { uri, range: fileStart } };
    const data: SymbolData = { file: e.file, doc: e.doc, pointer: e.pointer };
    if (resolve) return { ...base, location: { uri }, data };
    return { ...base, location: { uri, range: itemRange(data, peek) } };
  });
}

/** The start of a List's item, from the file's last parse (its start when there is none). */
function itemRange(d: SymbolData, peek: Peek): typeof fileStart {
  const parsed = peek(d.file);
  if (!parsed || !parsed.docs[d.doc]) return fileStart;
  const [s] = spanOf(parsed, d.doc, d.pointer);
  const p = positionAt(parsed, s);
  return { start: p, end: p };
}

/** A symbol `toWorkspaceSymbols` left for the client to resolve, with its range. */
export function resolveSymbol(symbol: WorkspaceSymbol, peek: Peek): WorkspaceSymbol {
  const d = symbol.data as Partial<SymbolData> | undefined;
  if (
    !d ||
    typeof d.file !== 'string' ||
    typeof d.doc !== 'number' ||
    typeof d.pointer !== 'string'
  )
    return symbol;
  const range = itemRange({ file: d.file, doc: d.doc, pointer: d.pointer }, peek);
  return { ...symbol, location: { uri: symbol.location.uri, range } };
}
