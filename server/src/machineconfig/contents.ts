/**
 * The readable parts of a rendered MachineConfig, shared by the normaliser and the summary so
 * that both decode, sort and judge redaction the same way.
 */
import { arr, path, rec, str, strMap } from '../model/access';
import type { Json } from '../model/access';
import { decodeContents, defaultMaxOutputBytes } from './dataUrl';
import type { Decoded, DecodeOptions } from './dataUrl';
import { isRedactedSource, isRedactionMarker, redactionMap } from './redaction';

/**
 * `redacted.length` is the length a sanitiser kept (`mco-sanitize`'s map form): when both sides
 * keep one, a different length is a known change even though neither body can be read.
 */
export type Contents = Decoded | Redacted;

interface Redacted {
  kind: 'redacted';
  length?: number;
}

export interface FileEntry {
  path: string;
  mode?: number;
  overwrite?: boolean;
  user?: string;
  group?: string;
  compression?: string;
  contents: Contents;
}

interface DropinEntry {
  name: string;
  contents?: Contents;
}

export interface UnitEntry {
  name: string;
  enabled?: boolean;
  mask?: boolean;
  contents?: Contents;
  dropins: DropinEntry[];
}

export const labels = {
  role: 'machineconfiguration.openshift.io/role',
  releaseImageVersion: 'machineconfiguration.openshift.io/release-image-version',
  controllerVersion: 'machineconfiguration.openshift.io/generated-by-controller-version',
} as const;

export function nameOf(raw: Json): string {
  return str(path(raw, 'metadata', 'name')) ?? '';
}

/** The pool: the role label, else the MachineConfigPool controller reference (rendered MCs). */
export function poolOf(raw: Json): string | undefined {
  const role = strMap(path(raw, 'metadata', 'labels'))[labels.role];
  if (role) return role;
  for (const ref of arr(path(raw, 'metadata', 'ownerReferences'))) {
    const r = rec(ref);
    if (str(r?.kind) === 'MachineConfigPool') return str(r?.name);
  }
  return undefined;
}

export function annotation(raw: Json, key: string): string | undefined {
  return strMap(path(raw, 'metadata', 'annotations'))[key];
}

/** Decoded files per config object: the summary and the normalised text both need them. */
const decodedFiles = new WeakMap<object, { cap: number; files: FileEntry[] }>();

export function files(raw: Json, options: DecodeOptions = {}): FileEntry[] {
  const cap = options.maxOutputBytes ?? defaultMaxOutputBytes;
  let known = decodedFiles.get(raw);
  if (known?.cap !== cap) {
    known = { cap, files: decodeFiles(raw, options) };
    decodedFiles.set(raw, known);
  }
  return [...known.files];
}

function decodeFiles(raw: Json, options?: DecodeOptions): FileEntry[] {
  const out: FileEntry[] = [];
  for (const f of arr(path(raw, 'spec', 'config', 'storage', 'files'))) {
    const o = rec(f);
    const p = str(o?.path);
    if (!o || p === undefined) continue;
    const c = rec(o.contents);
    const source = str(c?.source);
    // mco-sanitize replaces the whole `contents` object; a hand-made one may replace `source`.
    const map = redactionMap(o.contents) ?? redactionMap(c?.source);
    const e: FileEntry = {
      path: p,
      contents: map
        ? redactedOf(map.length)
        : source !== undefined && isRedactedSource(source)
          ? { kind: 'redacted' }
          : redactedText(decodeContents(c, options)),
    };
    if (typeof o.mode === 'number') e.mode = o.mode;
    if (typeof o.overwrite === 'boolean') e.overwrite = o.overwrite;
    const user = owner(o.user);
    if (user) e.user = user;
    const group = owner(o.group);
    if (group) e.group = group;
    const compression = str(c?.compression);
    if (compression) e.compression = compression;
    out.push(e);
  }
  return out.sort((a, b) => cmp(a.path, b.path));
}

export function units(raw: Json): UnitEntry[] {
  const out: UnitEntry[] = [];
  for (const u of arr(path(raw, 'spec', 'config', 'systemd', 'units'))) {
    const o = rec(u);
    const name = str(o?.name);
    if (!o || name === undefined) continue;
    const e: UnitEntry = { name, dropins: [] };
    if (typeof o.enabled === 'boolean') e.enabled = o.enabled;
    if (typeof o.mask === 'boolean') e.mask = o.mask;
    const contents = unitText(o.contents);
    if (contents) e.contents = contents;
    for (const d of arr(o.dropins)) {
      const dn = str(rec(d)?.name);
      if (dn === undefined) continue;
      const dc = unitText(rec(d)?.contents);
      e.dropins.push(dc ? { name: dn, contents: dc } : { name: dn });
    }
    e.dropins.sort((a, b) => cmp(a.name, b.name));
    out.push(e);
  }
  return out.sort((a, b) => cmp(a.name, b.name));
}

/**
 * True when two contents are known to differ. Redacted contents are unknown, never "different",
 * except when both sides kept a length and the lengths differ (see `redactedLengths`).
 */
export function contentsDiffer(a: Contents | undefined, b: Contents | undefined): boolean {
  if (a?.kind === 'redacted' || b?.kind === 'redacted') return redactedLengths(a, b) !== undefined;
  return contentsKey(a) !== contentsKey(b);
}

/** Both sides redacted with a kept length, and the lengths differ: the content changed. */
export function redactedLengths(
  a: Contents | undefined,
  b: Contents | undefined,
): { old: number; new: number } | undefined {
  if (a?.kind !== 'redacted' || b?.kind !== 'redacted') return undefined;
  if (a.length === undefined || b.length === undefined || a.length === b.length) return undefined;
  return { old: a.length, new: b.length };
}

function contentsKey(c: Contents | undefined): string {
  if (!c) return 'none';
  switch (c.kind) {
    case 'text':
      return `t:${c.text}`;
    case 'binary':
      return `b:${c.sha256}`;
    case 'invalid':
      return `i:${c.reason}`;
    case 'redacted':
      return 'r';
  }
}

export function textOf(c: Contents | undefined): string | undefined {
  return c?.kind === 'text' ? c.text : undefined;
}

function unitText(v: unknown): Contents | undefined {
  const map = redactionMap(v);
  if (map) return redactedOf(map.length);
  const s = str(v);
  if (s === undefined) return undefined;
  return isRedactionMarker(s) ? { kind: 'redacted' } : { kind: 'text', text: s };
}

function redactedOf(length: number | undefined): Redacted {
  return length === undefined ? { kind: 'redacted' } : { kind: 'redacted', length };
}

/** A base64 payload can decode to a marker too. */
function redactedText(d: Decoded): Contents {
  return d.kind === 'text' && isRedactionMarker(d.text) && d.text.trim() !== ''
    ? { kind: 'redacted' }
    : d;
}

/** Ignition `user`/`group`: `{ name }` or `{ id }`; `{}` means root by default, shown as absent. */
function owner(v: unknown): string | undefined {
  const o = rec(v);
  return str(o?.name) ?? (o?.id !== undefined ? str(o.id) : undefined);
}

/** Code-unit order, not locale order: the same output on every machine. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
