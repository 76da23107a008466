/**
 * What changed between two rendered MachineConfigs, in the MCO's terms: files, units and
 * dropins, OS fields, container images named by their role, and what the daemon will do
 * (reboot or not) on the release in question. Compares decoded contents, so a re-compressed
 * but identical gzip file is not a change, and redacted contents are never a change, unless the
 * sanitiser kept their lengths (`mco-sanitize`) and the lengths differ.
 */
import { arr, path, str } from '../model/access';
import type { Json } from '../model/access';
import { parseRelease } from '../model/release';
import { code, text } from '../core/markdown';
import {
  annotation,
  contentsDiffer,
  files,
  labels,
  nameOf,
  redactedLengths,
  textOf,
  units,
} from './contents';
import type { Contents } from './contents';
import type { DecodeOptions } from './dataUrl';
import { digestOf, imageRefs, pauseImage, repositoryOf } from './images';
import type { ImageRef } from './images';
import { decideReboot, sshKeysChanged } from './reboot';
import type { RebootDecision } from './reboot';

interface SetChange {
  added: string[];
  removed: string[];
  changed: string[];
}

interface ValueChange {
  old?: string;
  new?: string;
}

interface ImageChange {
  /** "pause image", "OS image", "OS extensions image" or "image in <path or unit>". */
  what: string;
  /** Where it was found: `unit kubelet.service`, `file /etc/crio/crio.conf.d/00-default`. */
  where: string[];
  old?: string;
  new?: string;
  oldDigest?: string;
  newDigest?: string;
}

/** Redacted contents whose kept lengths differ: known to have changed, though unreadable. */
interface RedactedChange {
  what: 'file' | 'unit' | 'dropin';
  /** The file path, unit name or `<unit>/<dropin>`. */
  name: string;
  oldLength: number;
  newLength: number;
}

export interface MachineConfigSummary {
  a: { name: string; release?: string };
  b: { name: string; release?: string };
  files: SetChange;
  units: SetChange;
  /** `<unit>/<dropin>` names. */
  dropins: SetChange;
  osImageURL?: ValueChange;
  baseOSExtensionsContainerImage?: ValueChange;
  kernelArguments?: { added: string[]; removed: string[] };
  extensions?: { added: string[]; removed: string[] };
  fips?: ValueChange;
  kernelType?: ValueChange;
  images: ImageChange[];
  /**
   * Files, units and dropins whose contents are redacted on either side and not known to
   * differ: not compared (`file /etc/x`, `unit u.service`, `dropin u.service/10-a.conf`).
   */
  redacted: string[];
  /** Redacted on both sides with different kept lengths: these did change. */
  redactedChanges: RedactedChange[];
  reboot: RebootDecision;
}

export function summarizeChanges(
  rawA: Json,
  rawB: Json,
  releaseMinor?: number,
  options?: DecodeOptions,
): MachineConfigSummary {
  const relA = annotation(rawA, labels.releaseImageVersion);
  const relB = annotation(rawB, labels.releaseImageVersion);
  const redacted = new Set<string>();
  const redactedChanges: RedactedChange[] = [];
  const note = (what: RedactedChange['what'], name: string, a?: Contents, b?: Contents) => {
    const lengths = redactedLengths(a, b);
    if (lengths) {
      redactedChanges.push({ what, name, oldLength: lengths.old, newLength: lengths.new });
    } else if (a?.kind === 'redacted' || b?.kind === 'redacted') {
      redacted.add(`${what} ${name}`);
    }
  };
  const images = new ImageCollector();

  // Files: changed when mode, ownership or decoded contents differ.
  const filesA = new Map(files(rawA, options).map((f) => [f.path, f]));
  const filesB = new Map(files(rawB, options).map((f) => [f.path, f]));
  const fileChange = setChange(filesA, filesB, (a, b) => {
    note('file', a.path, a.contents, b.contents);
    const meta =
      a.mode !== b.mode || a.overwrite !== b.overwrite || a.user !== b.user || a.group !== b.group;
    const body = contentsDiffer(a.contents, b.contents);
    if (body) images.compare(`file ${a.path}`, a.path, a.contents, b.contents);
    return meta || body;
  });

  // Units and dropins: any content, enabled or mask change.
  const unitsA = new Map(units(rawA).map((u) => [u.name, u]));
  const unitsB = new Map(units(rawB).map((u) => [u.name, u]));
  const unitChange = setChange(unitsA, unitsB, (a, b) => {
    note('unit', a.name, a.contents, b.contents);
    const body = contentsDiffer(a.contents, b.contents);
    if (body) images.compare(`unit ${a.name}`, a.name, a.contents, b.contents);
    return body || a.enabled !== b.enabled || a.mask !== b.mask;
  });
  const dropinsOf = (m: typeof unitsA) =>
    new Map([...m.values()].flatMap((u) => u.dropins.map((d) => [`${u.name}/${d.name}`, d])));
  const dropinChange = setChange(dropinsOf(unitsA), dropinsOf(unitsB), (a, b, key) => {
    note('dropin', key, a.contents, b.contents);
    const body = contentsDiffer(a.contents, b.contents);
    if (body) images.compare(`dropin ${key}`, key, a.contents, b.contents);
    return body;
  });

  const s: MachineConfigSummary = {
    a: relA ? { name: nameOf(rawA), release: relA } : { name: nameOf(rawA) },
    b: relB ? { name: nameOf(rawB), release: relB } : { name: nameOf(rawB) },
    files: fileChange,
    units: unitChange,
    dropins: dropinChange,
    images: [],
    redacted: [...redacted].sort(),
    redactedChanges: redactedChanges.sort(
      (x, y) =>
        whatRank[x.what] - whatRank[y.what] || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
    ),
    reboot: { action: 'none', rules: '', reasons: [] },
  };
  const os = value(rawA, rawB, 'osImageURL');
  if (os) {
    s.osImageURL = os;
    images.add('OS image', 'spec.osImageURL', os.old, os.new);
  }
  const ext = value(rawA, rawB, 'baseOSExtensionsContainerImage');
  if (ext) {
    s.baseOSExtensionsContainerImage = ext;
    images.add('OS extensions image', 'spec.baseOSExtensionsContainerImage', ext.old, ext.new);
  }
  const kargs = listChange(rawA, rawB, 'kernelArguments');
  if (kargs) s.kernelArguments = kargs;
  const exts = listChange(rawA, rawB, 'extensions');
  if (exts) s.extensions = exts;
  const fips = value(rawA, rawB, 'fips');
  if (fips) s.fips = fips;
  const kernelType = value(rawA, rawB, 'kernelType');
  if (kernelType) s.kernelType = kernelType;
  s.images = images.result();

  const minor = releaseMinor ?? parseRelease(relB)?.minor ?? parseRelease(relA)?.minor;
  const unitNames = new Set([
    ...all(unitChange),
    ...all(dropinChange).map((d) => d.split('/')[0]!),
  ]);
  s.reboot = decideReboot(
    {
      osImage: !!os,
      extensionsImage: !!ext,
      kernelArguments: !!kargs,
      extensions: !!exts,
      fips: !!fips,
      kernelType: !!kernelType,
      units: [...unitNames].sort(),
      files: all(fileChange).sort(),
      sshKeys: sshKeysChanged(rawA, rawB),
    },
    minor,
  );
  return s;
}

/** True when the summary holds any change at all. */
function hasChanges(s: MachineConfigSummary): boolean {
  return (
    all(s.files).length + all(s.units).length + all(s.dropins).length > 0 ||
    !!(s.osImageURL ?? s.baseOSExtensionsContainerImage ?? s.kernelArguments) ||
    !!(s.extensions ?? s.fips ?? s.kernelType)
  );
}

/** Plain text, for the CLI. */
export function summaryText(s: MachineConfigSummary): string {
  return (
    lines(
      s,
      (x) => x,
      (x) => x,
    ).join('\n') + '\n'
  );
}

/** Markdown for hovers and webviews; every must-gather string is escaped. */
export function summaryMarkdown(s: MachineConfigSummary): string {
  return lines(s, text, code, true).join('\n') + '\n';
}

function lines(
  s: MachineConfigSummary,
  t: (x: string) => string,
  c: (x: string) => string,
  md = false,
): string[] {
  const item = md ? '- ' : '  ';
  const sub = md ? '  - ' : '    ';
  const side = (x: { name: string; release?: string }) =>
    c(x.name) + (x.release ? ` (${t(x.release)})` : '');
  const out: string[] = [];
  out.push(`${md ? '**Changes** ' : 'Changes '}${side(s.a)} → ${side(s.b)}`);
  out.push('');
  if (!hasChanges(s)) out.push(`${item}no change in files, units or OS fields`);
  for (const im of s.images) {
    out.push(`${item}${t(im.what)} changed (${im.where.map(t).join(', ')})`);
    out.push(`${sub}old: ${im.old === undefined ? 'none' : c(im.old)}`);
    out.push(`${sub}new: ${im.new === undefined ? 'none' : c(im.new)}`);
  }
  const set = (label: string, ch: SetChange) => {
    for (const [verb, names] of [
      ['added', ch.added],
      ['removed', ch.removed],
      ['changed', ch.changed],
    ] as const) {
      if (names.length > 0) out.push(`${item}${label} ${verb}: ${names.map(c).join(', ')}`);
    }
  };
  set('files', s.files);
  set('units', s.units);
  set('dropins', s.dropins);
  for (const r of s.redactedChanges) {
    out.push(
      `${item}${r.what} ${c(r.name)}: contents redacted; length ${r.oldLength} → ${r.newLength}, so it changed`,
    );
  }
  const val = (label: string, v: ValueChange | undefined) => {
    if (v) out.push(`${item}${label}: ${v.old ? c(v.old) : 'none'} → ${v.new ? c(v.new) : 'none'}`);
  };
  val('osImageURL', s.osImageURL);
  val('baseOSExtensionsContainerImage', s.baseOSExtensionsContainerImage);
  const lst = (label: string, v: { added: string[]; removed: string[] } | undefined) => {
    if (!v) return;
    if (v.added.length > 0) out.push(`${item}${label} added: ${v.added.map(c).join(', ')}`);
    if (v.removed.length > 0) out.push(`${item}${label} removed: ${v.removed.map(c).join(', ')}`);
    if (v.added.length + v.removed.length === 0) out.push(`${item}${label} reordered`);
  };
  lst('kernelArguments', s.kernelArguments);
  lst('extensions', s.extensions);
  val('fips', s.fips);
  val('kernelType', s.kernelType);
  if (s.redacted.length > 0) {
    out.push(`${item}redacted, not compared: ${s.redacted.map(t).join(', ')}`);
  }
  out.push('');
  out.push(
    `${md ? '**Node action** ' : 'Node action '}(${t(s.reboot.rules)} rules): ${md ? `**${t(s.reboot.action)}**` : s.reboot.action}`,
  );
  for (const r of s.reboot.reasons) out.push(`${item}${t(r)}`);
  return out;
}

/** Pairs old and new image references found in one changed file or unit. */
class ImageCollector {
  private readonly changes: ImageChange[] = [];

  compare(where: string, label: string, a?: Contents, b?: Contents): void {
    const refsA = imageRefs(textOf(a) ?? '', label);
    const refsB = imageRefs(textOf(b) ?? '', label);
    const key = (r: ImageRef) => `${r.what}\u0000${repositoryOf(r.ref)}`;
    const oldBy = group(refsA, key);
    const newBy = group(refsB, key);
    for (const k of new Set([...oldBy.keys(), ...newBy.keys()])) {
      const olds = [...new Set(oldBy.get(k) ?? [])];
      const news = [...new Set(newBy.get(k) ?? [])];
      const what = k.split('\u0000')[0]!;
      const gone = olds.filter((r) => !news.includes(r));
      const came = news.filter((r) => !olds.includes(r));
      for (let i = 0; i < Math.max(gone.length, came.length); i++) {
        this.add(what, where, gone[i], came[i]);
      }
    }
  }

  /** One entry per (what, old, new): the pause image found in two places is one change. */
  add(what: string, where: string, oldRef?: string, newRef?: string): void {
    const same = this.changes.find((c) => c.what === what && c.old === oldRef && c.new === newRef);
    if (same) {
      if (!same.where.includes(where)) same.where.push(where);
      return;
    }
    const c: ImageChange = { what, where: [where] };
    if (oldRef !== undefined) {
      c.old = oldRef;
      c.oldDigest = digestOf(oldRef);
    }
    if (newRef !== undefined) {
      c.new = newRef;
      c.newDigest = digestOf(newRef);
    }
    this.changes.push(c);
  }

  result(): ImageChange[] {
    const rank = (w: string) => (w === 'OS image' ? 0 : w === pauseImage ? 1 : 2);
    return [...this.changes].sort(
      (x, y) => rank(x.what) - rank(y.what) || (x.what < y.what ? -1 : x.what > y.what ? 1 : 0),
    );
  }
}

function group(refs: ImageRef[], key: (r: ImageRef) => string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of refs) m.set(key(r), [...(m.get(key(r)) ?? []), r.ref]);
  return m;
}

function setChange<T>(
  a: Map<string, T>,
  b: Map<string, T>,
  differ: (a: T, b: T, key: string) => boolean,
): SetChange {
  const out: SetChange = { added: [], removed: [], changed: [] };
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined) out.removed.push(k);
    else if (differ(v, w, k)) out.changed.push(k);
  }
  for (const k of b.keys()) if (!a.has(k)) out.added.push(k);
  out.added.sort();
  out.removed.sort();
  out.changed.sort();
  return out;
}

function all(c: SetChange): string[] {
  return [...c.added, ...c.removed, ...c.changed];
}

const whatRank = { file: 0, unit: 1, dropin: 2 } as const;

function value(rawA: Json, rawB: Json, key: string): ValueChange | undefined {
  const a = str(path(rawA, 'spec', key));
  const b = str(path(rawB, 'spec', key));
  // An absent field and its zero value mean the same to the daemon.
  const norm = (v: string | undefined) =>
    v === '' || v === 'false' || v === 'default' ? undefined : v;
  if (norm(a) === norm(b)) return undefined;
  const out: ValueChange = {};
  if (a !== undefined) out.old = a;
  if (b !== undefined) out.new = b;
  return out;
}

function listChange(rawA: Json, rawB: Json, key: string) {
  const get = (raw: Json) =>
    arr(path(raw, 'spec', key))
      .map(str)
      .filter((x): x is string => x !== undefined);
  const a = get(rawA);
  const b = get(rawB);
  if (a.join('\u0000') === b.join('\u0000')) return undefined;
  return { added: b.filter((x) => !a.includes(x)), removed: a.filter((x) => !b.includes(x)) };
}
