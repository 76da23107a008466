/**
 * Every MachineConfig of one root, for the compare command and the CLI `diff`: single YAML
 * files and the items of List files (gather-extra `machineconfigs.json`), a single-object file
 * winning over a List copy of the same config. Parsing goes through the shared cache, so a
 * listing costs nothing once the files are parsed.
 */
import type { ParsedFileCache } from '../gather/fileCache';
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { arr, date, path, rec, str } from '../model/access';
import type { Json } from '../model/access';
import { annotation, labels, poolOf } from '../machineconfig/contents';

export interface MachineConfigListing {
  name: string;
  pool?: string;
  created?: Date;
  /** The `release-image-version` annotation, when the MCO wrote one. */
  release?: string;
  /** Absolute path of the file that holds it. */
  file: string;
  /** JSON pointer of the object in its file's first document: `` or `/items/<i>`. */
  pointer: string;
  raw: Json;
}

export async function listMachineConfigs(
  index: GatherIndex,
  cache: ParsedFileCache,
): Promise<MachineConfigListing[]> {
  const files = filesOf(index, 'machineconfiguration.openshift.io', 'machineconfigs');
  const byName = new Map<string, MachineConfigListing>();
  // Singles first: they win over List copies of the same object.
  const ordered = [...files.filter((f) => !f.list), ...files.filter((f) => f.list)];
  const parsed = await Promise.all(ordered.map((f) => cache.get(f.path)));
  ordered.forEach((f, i) => {
    const r = parsed[i];
    if (!r?.ok) return;
    for (const d of r.parsed.docs) {
      const obj = rec(d.value);
      if (!obj) continue;
      const kind = str(obj.kind) ?? '';
      const items = kind.endsWith('List')
        ? arr(obj.items).map((it, j) => [rec(it), `/items/${j}`] as const)
        : [[obj, ''] as const];
      for (const [raw, pointer] of items) {
        if (!raw || (str(raw.kind) ?? 'MachineConfig') !== 'MachineConfig') continue;
        const name = str(path(raw, 'metadata', 'name'));
        if (!name || byName.has(name)) continue;
        byName.set(name, listing(name, raw, f.path, pointer));
      }
    }
  });
  return [...byName.values()].sort(byCreation);
}

export function findMachineConfig(
  list: MachineConfigListing[],
  name: string,
): MachineConfigListing | undefined {
  return list.find((m) => m.name === name);
}

/**
 * Names close to a mistyped one, for error messages: the same prefix (`rendered-master-`
 * plus the first hash characters typed), or a small edit distance.
 */
export function similarNames(list: MachineConfigListing[], name: string, max = 5): string[] {
  const scored = list.map((m) => ({ name: m.name, score: closeness(m.name, name) }));
  return scored
    .filter((s) => s.score < Infinity)
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1))
    .slice(0, max)
    .map((s) => s.name);
}

function closeness(candidate: string, typed: string): number {
  if (typed.length >= 3 && candidate.startsWith(typed)) return 0;
  let common = 0;
  while (common < typed.length && candidate[common] === typed[common]) common++;
  const d = editDistance(candidate, typed);
  if (d <= Math.max(2, Math.floor(typed.length / 4))) return d;
  // Same pool prefix (`rendered-master-`): still worth offering.
  return common >= Math.min(16, typed.length - 1) && common > 8 ? 100 - common : Infinity;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length]!;
}

function listing(name: string, raw: Json, file: string, pointer: string): MachineConfigListing {
  const m: MachineConfigListing = { name, file, pointer, raw };
  const pool = poolOf(raw);
  if (pool) m.pool = pool;
  const created = date(path(raw, 'metadata', 'creationTimestamp'));
  if (created) m.created = created;
  const release = annotation(raw, labels.releaseImageVersion);
  if (release) m.release = release;
  return m;
}

/** Oldest first; configs without a timestamp last; ties by name, so the order is stable. */
function byCreation(a: MachineConfigListing, b: MachineConfigListing): number {
  const ta = a.created?.getTime() ?? Infinity;
  const tb = b.created?.getTime() ?? Infinity;
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
