/**
 * Finds must-gather roots below a folder. A root is a folder holding `cluster-scoped-resources/`
 * or `namespaces/` (normally the image-named folder beside `timestamp`), a CI gather-extra
 * folder of JSON Lists, or an Insights Operator archive's tree (`config/version.json` or
 * `config/clusteroperator/`). A folder holding only one of the two trees is partial: when a
 * complete gather lies below it (an image folder holding both, an Insights tree, gather-extra),
 * those are the roots and the partial tree is a note on them; otherwise it is the root (`oc adm
 * inspect ns/x` writes only `namespaces/`). Only directory listings are read; roots never nest.
 * Image folders a gather left holding nothing the analysis reads are reported too: their image
 * failed.
 */
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import {
  holdsOnlyBookkeeping,
  imageOfFolder,
  isDestinationListing,
  isImageFolderName,
  isInspectDestination,
} from './gatherNames';
import { gatherExtraMarkers } from './resourcePath';

export type RootKind = 'must-gather' | 'gather-extra' | 'insights';

export interface GatherRoot {
  kind: RootKind;
  /** Absolute path of the root folder. */
  path: string;
  /**
   * The archive's file name when the root is the top of an archive's extraction (whose folder
   * name says nothing): an Insights archive's name holds its gather time.
   */
  archiveName?: string;
  /**
   * What discovery passed over around this root, one sentence each, for the layout's notes: a
   * partial tree beside or above it that was not analysed.
   */
  notes?: string[];
  /** A hosted cluster of a `hypershift dump`: the root is its guest part (or the dump without one). */
  hosted?: HostedRoot;
}

/**
 * Where a hosted cluster's parts are in a `hypershift dump` (reference: hypershift
 * `cmd/cluster/core/dump.go`): its HostedCluster in the management part, and the guest
 * cluster's must-gather under `hostedcluster-<name>/` when that collection succeeded.
 */
export interface HostedRoot {
  /** Absolute path of the dump folder (the management part). */
  dump: string;
  namespace: string;
  name: string;
  /** Absolute path of the guest part, `hostedcluster-<name>/`; absent when it was not collected. */
  guest?: string;
}

/** An image folder holding nothing the analysis reads: that gather image failed. */
interface FailedImageFolder {
  /** Absolute path of the folder. */
  path: string;
  /** The image it stands for, read from its name (best effort), when it has an image's name. */
  image?: string;
}

export interface Discovery {
  roots: GatherRoot[];
  failedImages: FailedImageFolder[];
}

export const maxDiscoveryDepth = 4;

const skipped = new Set(['node_modules', '.git', '.cache', 'dist', 'out']);

/** The two resource trees of a must-gather (and of `oc adm inspect` output). */
const trees = ['cluster-scoped-resources', 'namespaces'] as const;

export async function discoverRoots(
  folder: string,
  maxDepth = maxDiscoveryDepth,
): Promise<GatherRoot[]> {
  return (await discoverGathers(folder, maxDepth)).roots;
}

/** The roots below a folder, and the failed image folders beside (or instead of) them. */
export async function discoverGathers(
  folder: string,
  maxDepth = maxDiscoveryDepth,
): Promise<Discovery> {
  const found = emptyWalk();
  await visit(folder, folder, 0, maxDepth, false, found);
  const out: Discovery = { roots: found.roots, failedImages: found.failedImages };
  out.roots.sort((a, b) => a.path.localeCompare(b.path));
  out.failedImages.sort((a, b) => a.path.localeCompare(b.path));
  return out;
}

/** What a walk found: a discovery, and which of its must-gather roots hold one tree only. */
interface Walk extends Discovery {
  partial: Set<GatherRoot>;
}

function emptyWalk(): Walk {
  return { roots: [], failedImages: [], partial: new Set() };
}

async function visit(
  top: string,
  dir: string,
  depth: number,
  maxDepth: number,
  inDestination: boolean,
  out: Walk,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // unreadable or vanished: nothing to find here
  }
  const dirs = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  // Insights archives hold cluster-scoped-resources/ and namespaces/ of their own: first.
  if (dirs.has('config') && (await isInsightsConfig(join(dir, 'config')))) {
    out.roots.push({ kind: 'insights', path: dir });
    return;
  }
  const held = trees.filter((t) => dirs.has(t));
  if (held.length === trees.length) {
    const hosted =
      isHypershiftDump(dirs, files) || (await isBareDumpOf(dir))
        ? await hostedRoots(dir, dirs)
        : [];
    out.roots.push(...(hosted.length > 0 ? hosted : [{ kind: 'must-gather' as const, path: dir }]));
    return;
  }
  const name = basename(dir);
  if (held.length > 0) {
    // One tree only: a stray copy beside the image folder (must-gather.local.N/namespaces/), or
    // `oc adm inspect` of namespaced objects. A complete gather below is the data; this is not.
    // Image folders and inspect destinations hold no gather of their own below: not looked in.
    const below = emptyWalk();
    if (depth < maxDepth && !isImageFolderName(name) && !isInspectDestination(name)) {
      const destination = isDestinationListing(name, files);
      await Promise.all(
        subfolders(dirs).map((d) =>
          visit(top, join(dir, d), depth + 1, maxDepth, destination, below),
        ),
      );
    }
    if (below.roots.some((r) => !below.partial.has(r))) {
      for (const r of below.roots) {
        r.notes = [partialTreeNote(top, dir, held[0]!, r), ...(r.notes ?? [])];
        out.roots.push(r);
        if (below.partial.has(r)) out.partial.add(r);
      }
      out.failedImages.push(...below.failedImages);
      return;
    }
    const root: GatherRoot = { kind: 'must-gather', path: dir };
    out.roots.push(root);
    out.partial.add(root);
    return;
  }
  if (gatherExtraMarkers.some((m) => files.has(m))) {
    out.roots.push({ kind: 'gather-extra', path: dir });
    return;
  }
  if (
    holdsOnlyBookkeeping(entries) &&
    !isInspectDestination(name) &&
    (isImageFolderName(name) || (depth > 0 && inDestination))
  ) {
    const image = imageOfFolder(name);
    out.failedImages.push(image ? { path: dir, image } : { path: dir });
    return;
  }
  if (depth >= maxDepth) return;
  const destination = isDestinationListing(name, files);
  await Promise.all(
    subfolders(dirs).map((d) => visit(top, join(dir, d), depth + 1, maxDepth, destination, out)),
  );
}

/**
 * The folders a walk enters, sorted: not the resource trees, hidden folders or build output.
 * `dirs` holds real folders only: symbolic links are not followed (a must-gather may point
 * anywhere).
 */
function subfolders(dirs: ReadonlySet<string>): string[] {
  return [...dirs]
    .filter(
      (d) => !skipped.has(d) && !d.startsWith('.') && !(trees as readonly string[]).includes(d),
    )
    .sort();
}

/**
 * The note on a root found below a folder holding one resource tree only: where the tree is
 * (relative to the folder discovery started from), what it lacks, and that it was not analysed.
 */
function partialTreeNote(top: string, dir: string, held: string, root: GatherRoot): string {
  const rel = relative(top, join(dir, held)).split(sep).join('/');
  const missing = trees.find((t) => t !== held)!;
  const rootName = basename(root.path);
  const what = isImageFolderName(rootName) ? 'the image folder' : rootName;
  const where = relative(dir, root.path).split(sep).length === 1 ? 'beside' : 'above';
  return `\`${rel}/\` holds a partial tree ${where} ${what} (no \`${missing}/\` with it): it was not analysed`;
}

/** A `hypershift dump` folder: its guest part beside the trees, or the archive it writes. */
function isHypershiftDump(dirs: ReadonlySet<string>, files: ReadonlySet<string>): boolean {
  return files.has('hypershift-dump.tar.gz') || [...dirs].some((d) => d.startsWith(guestPrefix));
}

const guestPrefix = 'hostedcluster-';

/**
 * A dump without its guest part and archive (`--archive-dump=false`, the guest's collection
 * failed): the `hypershift` namespace inspected by type, so without the Namespace object
 * (`namespaces/hypershift/hypershift.yaml`) a must-gather of the management cluster holds.
 */
async function isBareDumpOf(dir: string): Promise<boolean> {
  try {
    return !(await readdir(join(dir, 'namespaces', 'hypershift'))).includes('hypershift.yaml');
  } catch {
    return false;
  }
}

/**
 * One root per HostedCluster of a dump (`namespaces/<ns>/hypershift.openshift.io/
 * hostedclusters/<name>.yaml`): its guest part when collected, else the dump itself. The
 * management part is never a root of its own: its nodes and version are not the hosted
 * cluster's.
 */
async function hostedRoots(dir: string, dirs: ReadonlySet<string>): Promise<GatherRoot[]> {
  const namespaces = await listNames(join(dir, 'namespaces'), true);
  const found = await Promise.all(
    namespaces.map(async (ns) =>
      (
        await listNames(
          join(dir, 'namespaces', ns, 'hypershift.openshift.io', 'hostedclusters'),
          false,
        )
      )
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => ({ namespace: ns, name: f.replace(/\.ya?ml$/, '') })),
    ),
  );
  const all = found.flat();
  // What is odd about the dump, one note each: a guest part that holds nothing (its collection
  // failed half way), a management ClusterVersion (the MCE must-gather's hub), a HostedCluster
  // whose control-plane namespace was not dumped.
  const mgmtVersion = (
    await listNames(join(dir, 'cluster-scoped-resources', 'config.openshift.io'), true)
  ).includes('clusterversions');
  return Promise.all(
    all.map(async ({ namespace, name }): Promise<GatherRoot> => {
      const present = dirs.has(guestPrefix + name);
      // No resource tree: the collection failed before any object was written (a `timestamp` alone).
      const empty =
        present &&
        !(await listNames(join(dir, guestPrefix + name), true)).some(
          (d) => d === 'namespaces' || d === 'cluster-scoped-resources',
        );
      const guest = present && !empty ? join(dir, guestPrefix + name) : undefined;
      const hosted: HostedRoot = { dump: dir, namespace, name, ...(guest ? { guest } : {}) };
      const notes = [
        `a hypershift dump: its management part (\`${basename(dir)}/\`: nodes, control-plane namespace) is the management cluster's; only hosted cluster ${namespace}/${name}'s HostedCluster, NodePools, Machines and control-plane namespace (its HostedControlPlane, components, pods and logs) are read from it`,
      ];
      if (empty)
        notes.push(
          `\`hostedcluster-${name}/\` in the dump holds no resources: the guest cluster's collection failed (its API was unreachable), so its operators, nodes and pods are unknown`,
        );
      else if (!guest)
        notes.push(
          `no \`hostedcluster-${name}/\` in the dump: the guest cluster was not collected (its API was unreachable, or the dump ran without --dump-guest-cluster), so its operators, nodes and pods are unknown`,
        );
      if (mgmtVersion)
        notes.push(
          `\`cluster-scoped-resources/config.openshift.io/clusterversions/\` is the management cluster's ClusterVersion (a must-gather's hub data), not hosted cluster ${namespace}/${name}'s: not read`,
        );
      const cpNamespace = `${namespace}-${name.replace(/\./g, '-')}`;
      if (!namespaces.includes(cpNamespace))
        notes.push(
          `no control-plane namespace \`namespaces/${cpNamespace}/\` in the dump: the HostedCluster's control plane and its NodePools' Machines are unknown`,
        );
      return { kind: 'must-gather', path: guest ?? dir, hosted, notes };
    }),
  );
}

/** The names of a folder's subfolders (or files), sorted; none when it cannot be read. */
async function listNames(folder: string, folders: boolean): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((e) => (folders ? e.isDirectory() : e.isFile()))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** `config/` of an Insights archive: `version.json` (the ClusterVersion) or `clusteroperator/`. */
async function isInsightsConfig(config: string): Promise<boolean> {
  try {
    const entries = await readdir(config, { withFileTypes: true });
    return entries.some(
      (e) =>
        (e.isFile() && e.name === 'version.json') ||
        (e.isDirectory() && e.name === 'clusteroperator'),
    );
  } catch {
    return false;
  }
}
