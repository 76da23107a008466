/**
 * What a gather's own files say about how it was taken, beyond the resources: the form of the
 * root, the gather image, the `oc` that ran it and what the gather itself reported as missing
 * or failed. Read from names, directory listings and the gather's own small logs only
 * (`gatherLog.ts`, bounded); the first look shows it.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { clip } from '../core/text';
import { basename, dirname, join } from 'node:path';
import type { GatherRoot, RootKind } from './discover';
import { gatherLogNotes, readGatherLog } from './gatherLog';
import type { GatherLogReading } from './gatherLog';
import {
  holdsOnlyBookkeeping,
  imageFromLog,
  isDestinationListing,
  imageOfFolder,
  isImageFolderName,
  isInspectDestination,
  isMustGatherDestination,
} from './gatherNames';

const resourceTrees: readonly string[] = ['cluster-scoped-resources', 'namespaces'];

type GatherForm = 'must-gather' | 'inspect' | 'gather-extra' | 'insights';

export interface GatherLayout {
  form: GatherForm;
  /** The gather image, from the image folder's name or the gather's own log. */
  image?: string;
  /** The `oc` client version, where the gather recorded it. */
  ocVersion?: string;
  /** What the gather says went wrong or is missing, one sentence each. */
  notes: string[];
}

/** The layout known from the root's kind alone, before any of its files is read. */
function layoutOfKind(kind: RootKind): GatherLayout {
  const form: GatherForm =
    kind === 'gather-extra' ? 'gather-extra' : kind === 'insights' ? 'insights' : 'must-gather';
  return { form, notes: [] };
}

/**
 * The layout of a root from its name, its parent's listing (the destination `oc adm
 * must-gather` wrote), the image folders beside it and the gather's logs. Never throws: what
 * cannot be read is a note.
 */
export async function readLayout(root: GatherRoot): Promise<GatherLayout> {
  const layout = layoutOfKind(root.kind);
  // What discovery passed over around the root (a partial tree beside it) comes first.
  layout.notes.push(...(root.notes ?? []));
  if (root.kind === 'insights') return insightsLayout(root, layout);
  if (root.kind !== 'must-gather') return layout;
  const name = basename(root.path);
  const parent = dirname(root.path);
  const siblings = await listing(parent);
  const parentFiles = new Set(siblings.filter((e) => e.isFile()).map((e) => e.name));
  const inDestination = isDestinationListing(basename(parent), parentFiles);

  const readings: GatherLogReading[] = [];
  // must-gather.logs belongs to the destination: beside the image folder, or in the root when
  // the root is the destination itself (the 5.0 operator writes no image folder).
  const topLog = inDestination ? parent : root.path;
  const top = await readGatherLog(join(topLog, 'must-gather.logs'), 'must-gather.logs');
  if (top) readings.push(top);
  const own = await readGatherLog(join(root.path, 'gather.logs'), 'gather.logs');
  if (own) readings.push(own);
  const ocVersion = readings.find((r) => r.ocVersion)?.ocVersion;
  if (ocVersion) layout.ocVersion = ocVersion;

  if (isInspectDestination(name)) {
    layout.form = 'inspect';
    layout.notes.push(
      inDestination &&
        (isMustGatherDestination(basename(parent)) || parentFiles.has('must-gather.logs'))
        ? `${name} is oc's fallback \`oc adm inspect\` (clusterversions, clusteroperators and namespace/openshift-cluster-version, with what they relate to): the gather image did not run or failed, so only what inspect collects is here`
        : `${name} is \`oc adm inspect\` output, not a must-gather: only the objects inspected (and what they relate to) are here`,
    );
  } else {
    const logImages = readings.flatMap((r) => r.images);
    const image =
      imageFromLog(name, logImages) ??
      imageOfFolder(name) ??
      // The root is the destination (or a folder oc did not name): one image in the log is it.
      (!isImageFolderName(name) && logImages.length === 1 ? logImages[0] : undefined);
    if (image) layout.image = image;
  }

  if (inDestination) {
    for (const e of siblings) {
      // As discovery sees them: hidden folders are not image folders, inspect output is data,
      // and a stray resource tree beside the image folder is a tree (its own note says so).
      if (!e.isDirectory() || e.name === name || e.name.startsWith('.')) continue;
      if (isInspectDestination(e.name) || resourceTrees.includes(e.name)) continue;
      const entries = await listing(join(parent, e.name));
      if (!holdsOnlyBookkeeping(entries)) continue;
      const img =
        imageFromLog(
          e.name,
          readings.flatMap((r) => r.images),
        ) ??
        imageOfFolder(e.name) ??
        'an image not known from its name';
      layout.notes.push(failedImageNote(e.name, img));
    }
  }
  layout.notes.push(...gatherLogNotes(readings));
  return layout;
}

/** One sentence naming a failed image folder and the image it stands for. */
function failedImageNote(folder: string, image: string): string {
  return `the image folder ${folder} (${image}) holds nothing but the gather's own logs: that gather image failed`;
}

/** `insights-operator/gathers.json` is a few KiB; past this it is not read. */
const maxGathersJson = 1024 * 1024;

/**
 * An Insights archive's own account of its gathering: `insights-operator/gathers.json`
 * (openshift/insights-operator `pkg/gather/gather.go`, `ArchiveMetadata`: `status_reports[]` of
 * `{name, duration_in_ms, records_count, errors, warnings, panic}`, `uptime_seconds`,
 * `is_global_obfuscation_enabled`). Gatherers that failed are notes (their data may be missing);
 * obfuscation and the absence of MachineConfigs too.
 */
async function insightsLayout(root: GatherRoot, layout: GatherLayout): Promise<GatherLayout> {
  const file = join(root.path, 'insights-operator', 'gathers.json');
  let text: string | undefined;
  try {
    const st = await lstat(file);
    if (st.isSymbolicLink())
      layout.notes.push('insights-operator/gathers.json is a symbolic link: not read');
    else if (!st.isFile())
      layout.notes.push('insights-operator/gathers.json is not a regular file: not read');
    else if (st.size > maxGathersJson)
      layout.notes.push(`insights-operator/gathers.json is ${st.size} bytes: not read`);
    else text = await readFile(file, 'utf8');
  } catch {
    layout.notes.push('no insights-operator/gathers.json: which gatherers failed is not known');
  }
  if (text !== undefined) {
    const failures: string[] = [];
    let meta: unknown;
    try {
      meta = JSON.parse(text);
    } catch {
      layout.notes.push('insights-operator/gathers.json is not valid JSON: not read');
    }
    const m = (meta ?? {}) as { status_reports?: unknown; is_global_obfuscation_enabled?: unknown };
    for (const r of Array.isArray(m.status_reports) ? m.status_reports : []) {
      const g = (r ?? {}) as { name?: unknown; errors?: unknown; panic?: unknown };
      const name = typeof g.name === 'string' ? g.name : 'a gatherer';
      const errors = Array.isArray(g.errors) ? g.errors.filter((e) => typeof e === 'string') : [];
      if (g.panic !== null && g.panic !== undefined)
        failures.push(`${name} panicked: ${clip(JSON.stringify(g.panic), 160)}`);
      else if (errors.length > 0)
        failures.push(
          `${name} failed: ${clip(String(errors[0]), 160)}${errors.length > 1 ? ` (and ${errors.length - 1} more errors)` : ''}`,
        );
    }
    layout.notes.push(...failures.slice(0, 5).map((f) => `gatherer ${f}`));
    if (failures.length > 5)
      layout.notes.push(
        `and ${failures.length - 5} more gatherers failed (insights-operator/gathers.json)`,
      );
    if (m.is_global_obfuscation_enabled === true) {
      layout.notes.push(
        'the archive is obfuscated: IP addresses are replaced and the cluster base domain is <CLUSTER_BASE_DOMAIN>',
      );
    }
  }
  const config = await listing(join(root.path, 'config'));
  if (!config.some((e) => e.isDirectory() && e.name === 'machineconfigs')) {
    layout.notes.push(
      'no config/machineconfigs/: this Insights archive holds no MachineConfigs (gathered from 4.8.5 and 4.9 on)',
    );
  } else {
    layout.notes.push(
      'MachineConfigs hold no files and no users: the Insights Operator removes spec.config.storage.files and spec.config.passwd.users',
    );
  }
  return layout;
}

async function listing(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
