/**
 * `textDocument/documentSymbol` for a resource file (the Outline, breadcrumbs, Ctrl+Shift+O):
 * the object, or each item of a List, named `<kind>/<name>` as findings name it, and under it
 * what a reader looks for: its conditions by type (status and reason in `detail`), an
 * operator's versions, the update history, a pool's (or a MachineConfigNode's) configurations,
 * the machine-config daemon's annotations on a node. From the parse the cache holds (an open
 * editor's text); positions from `positions.ts`.
 */
import type { DocumentSymbol } from 'vscode-languageserver';
import { clip } from '../../core/text';
import type { ResourcePath } from '../../gather/resourcePath';
import { arr, path, rec, str } from '../../model/access';
import type { Json } from '../../model/access';
import type { ParsedFile } from '../../yaml/parse';
import { join } from '../../yaml/pointer';
import { positionAt, spanOf } from '../../yaml/positions';
import { kindOf } from './kinds';

/** Items of one List given a symbol each (a pod List is a few hundred). */
const maxItems = 5000;
/** Entries of one array (conditions, versions, history) given a symbol each. */
const maxEntries = 100;
const detailMax = 120;

// LSP's SymbolKind numbers.
const kindProperty = 7;
const kindField = 8;
const kindConstant = 14;
const kindEnumMember = 22;
const kindEvent = 24;

const mcd = 'machineconfiguration.openshift.io/';
/** The daemon's annotations on a Node (and the image ones of on-cluster layering). */
const daemonAnnotations = [
  'currentConfig',
  'desiredConfig',
  'state',
  'reason',
  'currentImage',
  'desiredImage',
];

/**
 * @param resource where the index found the file: the kind of an object written without one
 *   (an Insights archive's `config/version.json`).
 */
export function documentSymbols(parsed: ParsedFile, resource?: ResourcePath): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const at = (doc: number) => (ptr: string) => spanOf(parsed, doc, ptr);
  for (const [doc, d] of parsed.docs.entries()) {
    const value = rec(d.value);
    if (!value) continue;
    const items = value.items;
    if (Array.isArray(items)) {
      for (const [i, item] of items.slice(0, maxItems).entries()) {
        const s = objectSymbol(parsed, at(doc), rec(item), `/items/${i}`, resource);
        if (s) out.push(s);
      }
    } else {
      const s = objectSymbol(parsed, at(doc), value, '', resource);
      if (s) out.push(s);
    }
  }
  return out;
}

type SpanAt = (ptr: string) => [number, number];

function objectSymbol(
  parsed: ParsedFile,
  spanAt: SpanAt,
  obj: Json | undefined,
  base: string,
  resource: ResourcePath | undefined,
): DocumentSymbol | undefined {
  const name = str(path(obj, 'metadata', 'name'));
  if (!obj || !name) return undefined;
  const kind = str(obj.kind);
  const k = kindOf(kind, resource?.group ?? '', resource?.plural ?? '');
  const ns = str(path(obj, 'metadata', 'namespace'));
  const whole = spanAt(base);
  const range: [number, number] = base === '' && whole[1] === 0 ? [0, parsed.text.length] : whole;
  const symbol = (
    label: string,
    detail: string | undefined,
    symbolKind: number,
    span: [number, number],
    selection: [number, number] = span,
  ): DocumentSymbol => ({
    name: label,
    ...(detail ? { detail: clip(detail, detailMax) } : {}),
    kind: symbolKind as DocumentSymbol['kind'],
    range: rangeOf(parsed, span),
    selectionRange: rangeOf(parsed, within(selection, span)),
  });
  const children: DocumentSymbol[] = [];
  // `ptr` (and `select`, what the cursor lands on) are relative to the object, of keys that
  // need no escaping.
  const child = (
    label: string,
    detail: string | undefined,
    kind: number,
    ptr: string,
    select = ptr,
  ) => children.push(symbol(label, detail, kind, spanAt(base + ptr), spanAt(base + select)));
  const entries = (segs: string[]) =>
    arr(path(obj, ...segs))
      .slice(0, maxEntries)
      .map((v, i) => [rec(v), `/${segs.join('/')}/${i}`] as const);

  // The daemon's view of a node: the config it runs, the one it is told to run, how far it is.
  for (const key of daemonAnnotations) {
    const v = str(path(obj, 'metadata', 'annotations', mcd + key));
    if (v !== undefined) {
      const span = spanAt(join(base, 'metadata', 'annotations', mcd + key));
      children.push(symbol(key, v || '""', kindProperty, span));
    }
  }
  for (const side of ['spec', 'status']) {
    const config = str(path(obj, side, 'configuration', 'name'));
    if (config) child(`${side}.configuration`, config, kindField, `/${side}/configuration`);
    // A MachineConfigNode's: the rendered config the node is on, and the one it is moving to.
    const v = rec(path(obj, side, 'configVersion'));
    const versions = [str(v?.current), str(v?.desired)].filter((x) => x !== undefined);
    if (versions.length > 0)
      child(`${side}.configVersion`, versions.join(' → '), kindField, `/${side}/configVersion`);
  }
  const desired = str(path(obj, 'status', 'desired', 'version'));
  if (desired) child('desired', desired, kindField, '/status/desired');
  for (const [h, ptr] of entries(['status', 'history'])) {
    const v = str(h?.version);
    if (v) child(v, str(h?.state), kindEvent, ptr, `${ptr}/version`);
  }
  for (const [v, ptr] of entries(['status', 'versions'])) {
    const n = str(v?.name);
    if (n) child(n, str(v?.version), kindConstant, ptr, `${ptr}/name`);
  }
  for (const [c, ptr] of entries(['status', 'conditions'])) {
    const type = str(c?.type);
    if (!type) continue;
    const reason = str(c?.reason);
    const status = str(c?.status) ?? 'Unknown';
    child(type, reason ? `${status} · ${reason}` : status, kindEnumMember, ptr, `${ptr}/type`);
  }

  const nameSpan = spanAt(join(base, 'metadata', 'name'));
  const s = symbol(
    `${k.short}/${ns && k.short !== 'ns' ? `${ns}/` : ''}${name}`,
    kind,
    k.symbol,
    range,
    nameSpan,
  );
  if (children.length > 0) s.children = children;
  return s;
}

/** A selection must lie in its symbol's range (a pointer that leads nowhere gives its parent). */
function within(sel: [number, number], range: [number, number]): [number, number] {
  return sel[0] >= range[0] && sel[1] <= range[1] ? sel : [range[0], range[0]];
}

function rangeOf(parsed: ParsedFile, [s, e]: [number, number]) {
  return { start: positionAt(parsed, s), end: positionAt(parsed, e) };
}
