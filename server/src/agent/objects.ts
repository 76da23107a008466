/**
 * Finding an object of a must-gather by subject, and reading it whole: the file `oc adm inspect`
 * writes it to, else the object the analysis read (a List's item, a gather-extra list), else the
 * Lists of its kind the index holds. Every file is confined to the gather before it is read, and
 * read whole (`managedFields` and a Node's images too: the agent asked for the object), bounded
 * by the parse limits.
 */
import { readFile, stat } from 'node:fs/promises';
import {
  arr,
  cacheLimitsFrom,
  filesOf,
  parseText,
  path,
  rec,
  splitPointer as split,
  str,
  yamlLib,
} from '../service';
import type { IndexedFile, KubeObject, Snapshot } from '../service';
import type { Limits } from '../limits';
import type { Analysed } from './analysed';
import { confined, confinedWay } from './confine';
import { Refusal } from './refusal';
import { inspectPaths } from './subjects';
import type { ParsedSubject } from './subjects';

export interface FoundObject {
  /** Relative to the gather. */
  file: string;
  doc: number;
  /** `''` for the whole document, `/items/N` for a List's item. */
  pointer: string;
  value: unknown;
}

/** The documents of a file inside the gather, parsed under the limits. */
export async function readDocuments(a: Analysed, rel: string, limits: Limits): Promise<unknown[]> {
  const real = await confined(a.gather.boundary, rel, rel);
  const size = (await stat(real)).size;
  if (size > limits.maxFileSizeMiB * 1024 * 1024)
    throw new Refusal(`${rel} is over the ${limits.maxFileSizeMiB} MiB parse limit: not read`);
  const parsed = parseText(await readFile(real, 'utf8'), cacheLimitsFrom(limits));
  if (parsed.docs.length === 0 && parsed.problems.length > 0)
    throw new Refusal(`${rel} cannot be parsed: ${parsed.problems[0]?.message ?? 'no document'}`);
  return parsed.docs.map((d) => d.value);
}

export async function findObject(
  a: Analysed,
  s: ParsedSubject,
  limits: Limits,
): Promise<FoundObject> {
  const root = a.gather.root;
  // Where oc adm inspect writes it alone. A link there is refused by `confined`, not skipped.
  if (root.kind === 'must-gather') {
    for (const rel of inspectPaths(s)) {
      if (!(await confinedWay(root.path, a.gather.boundary, rel))) continue;
      const [value] = await readDocuments(a, rel, limits);
      return { file: rel, doc: 0, pointer: '', value };
    }
  }
  const known = snapshotObjects(a.analysis.snapshot).find((o) => o.subject === s.subject);
  if (known) {
    const rel = a.name(known.source.file);
    const docs = await readDocuments(a, rel, limits);
    const value = at(docs[known.source.doc], known.source.base);
    if (value !== undefined)
      return { file: rel, doc: known.source.doc, pointer: known.source.base, value };
  }
  for (const f of indexed(a, s)) {
    const docs = await readDocuments(a, f.rel, limits);
    if (!f.list && f.resource.name === s.name)
      return { file: f.rel, doc: 0, pointer: '', value: docs[0] };
    for (const [doc, d] of docs.entries()) {
      for (const [i, item] of arr(rec(d)?.items).entries()) {
        if (str(path(item, 'metadata', 'name')) !== s.name) continue;
        const ns = str(path(item, 'metadata', 'namespace')) ?? f.resource.namespace;
        if (s.namespace !== undefined && ns !== s.namespace) continue;
        return { file: f.rel, doc, pointer: `/items/${i}`, value: item };
      }
    }
  }
  throw new Refusal(notFound(a, s));
}

/** The objects the analysis read, whatever file they came from. */
export function snapshotObjects(s: Snapshot): KubeObject[] {
  return [
    ...(s.clusterVersion ? [s.clusterVersion] : []),
    ...(s.infrastructure ? [s.infrastructure] : []),
    ...s.operators,
    ...s.pools,
    ...s.nodes,
    ...s.machineConfigs.values(),
    ...s.machineConfigNodes,
    ...s.machineOSConfigs,
    ...s.machineOSBuilds,
    ...s.pdbs,
    ...(s.mcoDeployment ? [s.mcoDeployment] : []),
    ...(s.hosted ? [s.hosted.cluster, ...s.hosted.nodePools, ...s.hosted.machines] : []),
  ];
}

/** Files of the kind in the index that may hold the object: its own file, then Lists. */
function indexed(a: Analysed, s: ParsedSubject): IndexedFile[] {
  let files: IndexedFile[];
  try {
    files = filesOf(a.analysis.index, s.info.group, s.info.plural);
  } catch {
    return []; // a kind the index does not list
  }
  const mine = files.filter(
    (f) =>
      s.namespace === undefined ||
      f.resource.namespace === undefined ||
      f.resource.namespace === s.namespace,
  );
  return [
    ...mine.filter((f) => !f.list && f.resource.name === s.name),
    ...mine.filter((f) => f.list),
  ];
}

function at(value: unknown, pointer: string): unknown {
  let v = value;
  for (const seg of split(pointer)) {
    if (Array.isArray(v)) v = v[Number(seg)];
    else v = rec(v)?.[seg];
  }
  return v;
}

function notFound(a: Analysed, s: ParsedSubject): string {
  const where = s.namespace !== undefined ? ` in namespace ${s.namespace}` : '';
  let names: string[] = [];
  try {
    names = filesOf(a.analysis.index, s.info.group, s.info.plural)
      .filter(
        (f) =>
          !f.list &&
          f.resource.name !== undefined &&
          (s.namespace === undefined || f.resource.namespace === s.namespace),
      )
      .map((f) => f.resource.name as string);
  } catch {
    // not indexed: no names to offer
  }
  const close = names.filter((n) => n.startsWith(s.name.slice(0, 3))).slice(0, 20);
  return `no ${s.info.kind} ${s.name}${where} in ${a.gather.id}${close.length ? `; ${s.info.short}s with a close name: ${close.join(', ')}` : ''}`;
}

/** Server-side-apply bookkeeping, of the object or of each item of a List. */
function withoutManagedFields(v: unknown): unknown {
  const o = rec(v);
  if (!o) return v;
  const out: Record<string, unknown> = { ...o };
  const meta = rec(o.metadata);
  if (meta && 'managedFields' in meta) {
    const kept = { ...meta };
    delete kept.managedFields;
    out.metadata = kept;
  }
  if (Array.isArray(o.items)) out.items = o.items.map(withoutManagedFields);
  return out;
}

/** Objects as YAML documents, `metadata.managedFields` dropped (bookkeeping no agent needs). */
export function objectsYaml(values: readonly unknown[]): string {
  return values
    .map((v) => yamlLib().stringify(withoutManagedFields(v), { lineWidth: 0 }))
    .join('---\n');
}
