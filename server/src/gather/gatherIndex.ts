/**
 * The path index of one must-gather root: every resource and List file by group and plural,
 * and the log paths the analysis reads, built from directory listings only. Nothing here opens
 * a file except the tiny `timestamp` (and, through `readLayout`, the gather's own small logs).
 */
import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { archiveOfExtraction } from './archiveCache';
import type { GatherRoot, RootKind } from './discover';
import { timeOfDestinationName, timeOfInsightsName } from './gatherNames';
import { classifyInsightsPath } from './insightsPath';
import { readLayout } from './layout';
import type { GatherLayout } from './layout';
import { classifyGatherExtraPath, classifyMustGatherPath, prometheusFiles } from './resourcePath';
import type { PathKind, ResourcePath } from './resourcePath';
import { parseTimestampFile } from './timestamp';
import { hostedFiles, hostedLogFiles } from './hostedIndex';

export interface IndexedFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the root, `/`-separated. */
  rel: string;
  resource: ResourcePath;
  list: boolean;
}

/** A file of Prometheus' answers and the API it answers (see `prometheusFiles`). */
export interface AlertFile {
  path: string;
  rel: string;
  shape: 'rules' | 'alerts';
}

export interface GatherIndex {
  root: GatherRoot;
  /** The files of the kinds in `indexedResources`. */
  files: IndexedFile[];
  logs: string[];
  /** Prometheus' alerts as the gather saved them (`monitoring/prometheus/rules.json`, `alerts.json`). */
  alertFiles: AlertFile[];
  /** A must-gather's namespace folders (`namespaces/<ns>/`), whatever they hold. */
  namespaces: string[];
  /** Start of the gather, from the root's `timestamp` file. */
  gatherTime?: Date;
  /** What the index left out and why, one line each, for the log (files nobody opened). */
  notes: string[];
  /** How the root was gathered, for the first look. */
  layout: GatherLayout;
}

export async function buildIndex(root: GatherRoot): Promise<GatherIndex> {
  const files: IndexedFile[] = [];
  const logs: string[] = [];
  const classify = classifiers[root.kind];
  const notes: string[] = [];
  const namespaces = new Set<string>();
  const nsPrefix = 'namespaces/';
  const enter = (rel: string): boolean => {
    // Every namespace folder is named, whatever the walk then enters of it.
    if (
      root.kind === 'must-gather' &&
      rel.startsWith(nsPrefix) &&
      !rel.includes('/', nsPrefix.length)
    )
      namespaces.add(rel.slice(nsPrefix.length));
    return enters[root.kind](rel);
  };
  const lookup = root.kind === 'must-gather' ? findAlertFiles(root.path, notes) : [];
  // A hosted cluster whose guest part was not collected: nothing of the dump is its own.
  const guestWalk = root.hosted && !root.hosted.guest ? () => false : enter;
  await walk(root.path, '', guestWalk, notes, (rel) => {
    const k: PathKind = classify(rel);
    if (k.kind === 'log') logs.push(join(root.path, rel));
    else if (
      (k.kind === 'resource' || k.kind === 'list') &&
      walkedResources.has(`${k.resource.group}/${k.resource.plural}`)
    ) {
      files.push({
        path: join(root.path, rel),
        rel,
        resource: k.resource,
        list: k.kind === 'list',
      });
    }
  });
  if (root.hosted) {
    files.push(...hostedFiles(root.hosted, root.path, notes).map((f) => ({ ...f, list: false })));
    logs.push(...hostedLogFiles(root.hosted, notes));
  }
  const alertFiles = await lookup;
  // Code-unit order: stable across locales, and far cheaper than localeCompare on 40k paths.
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const layout = await readLayout(root);
  const found = await findGatherTime(root);
  const gatherTime = found?.time;
  if (found?.from) layout.notes.push(found.from);
  if (!gatherTime) {
    notes.push(
      root.kind === 'insights'
        ? `${root.path}: no gather time (an Insights archive records it only in its file name, insights-YYYY-MM-DD-HHMMSS.tar.gz); ages from the gather time are not shown`
        : `${root.path}: no readable timestamp file in it or its parent; ages from the gather time are not shown`,
    );
    layout.notes.push(
      root.kind === 'insights'
        ? 'no gather time: the archive is not named insights-YYYY-MM-DD-HHMMSS.tar.gz, and nothing inside records when it was taken, so ages are unknown'
        : 'no gather time: no timestamp file in the root or its parent, so ages are unknown',
    );
  }
  notes.sort();
  const base = {
    root,
    files,
    logs,
    alertFiles,
    namespaces: [...namespaces].sort(),
    notes,
    layout,
  };
  return gatherTime ? { ...base, gatherTime } : base;
}

/**
 * `monitoring/prometheus/rules.json` and `alerts.json`, looked up by name: the walk does not enter
 * `monitoring/` (metrics dumps, per-replica status), so these two are the only files of it known.
 */
async function findAlertFiles(rootPath: string, notes: string[]): Promise<AlertFile[]> {
  const found = await Promise.all(
    Object.entries(prometheusFiles).map(async ([rel, shape]): Promise<AlertFile[]> => {
      const path = join(rootPath, rel);
      try {
        const st = await lstat(path);
        if (st.isFile()) return [{ path, rel, shape }];
        notes.push(
          st.isDirectory()
            ? `${rel}: a folder where a file was expected`
            : st.isSymbolicLink()
              ? `${rel}: symbolic link not followed`
              : `${rel}: not a regular file, not read`,
        );
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') notes.push(`${rel}: not read (${code})`);
      }
      return [];
    }),
  );
  return found.flat();
}

/**
 * The log files of one pod the index did not enter (`namespaces/<ns>/pods/<pod>/…` of a
 * must-gather): listed on demand, for a rule that needs one pod of a namespace holding one per
 * node (a 4.10 daemon's drain). Nothing is opened.
 */
export async function podLogFiles(
  root: GatherRoot,
  namespace: string,
  pod: string,
): Promise<string[]> {
  const plain = (name: string) =>
    name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name);
  if (root.kind !== 'must-gather' || !plain(namespace) || !plain(pod)) return [];
  const rel = `namespaces/${namespace}/pods/${pod}`;
  const logs: string[] = [];
  await walk(
    join(root.path, rel),
    rel,
    () => true,
    [],
    (r) => {
      if (classifyMustGatherPath(r).kind === 'log') logs.push(join(root.path, r));
    },
  );
  return logs.sort();
}

export function filesOf(index: GatherIndex, group: string, plural: string): IndexedFile[] {
  if (!indexedResources.has(`${group}/${plural}`))
    throw new Error(`${group}/${plural} is not indexed: add it to indexedResources`);
  return index.files.filter((f) => f.resource.group === group && f.resource.plural === plural);
}

/**
 * Namespaces whose pod folders are listed: those whose logs a rule reads (the CVO's, the
 * machine-config-controller's). Pod folders are most of a must-gather's directories (one per
 * pod, two per container, one for logs; 250 machine-config-daemon pods alone make 1,750), so a
 * rule that reads another namespace's logs adds it here, with the pods whose folders it enters
 * when the namespace holds one pod per node.
 */
const podLogNamespaces: ReadonlyMap<string, (pod: string) => boolean> = new Map([
  ['openshift-cluster-version', () => true],
  // The controller alone: its drain controller logs every node's drain (4.11+).
  [
    'openshift-machine-config-operator',
    (pod: string) => pod.startsWith('machine-config-controller-'),
  ],
]);

/**
 * The resources the analysis reads, as `<group>/<plural>` (`core` for the empty group), cluster
 * scoped or in any namespace: the only group folders a must-gather's walk enters and the only
 * files it indexes. A real must-gather holds dozens of other groups (RBAC, CRDs, CSRs, routes,
 * monitoring: thousands of files); a rule that reads another kind adds it here, and `filesOf`
 * refuses kinds that are not, so a missing entry fails the first test that reads it.
 */
const indexedResources: ReadonlySet<string> = new Set([
  'apps/daemonsets',
  'apps/deployments',
  'apps/replicasets',
  'apps/statefulsets',
  'config.openshift.io/clusteroperators',
  'config.openshift.io/clusterversions',
  'config.openshift.io/infrastructures',
  'core/configmaps',
  // Indexed, never read at indexing: a namespace's events are parsed when a hover or a rule
  // asks for them (analysis/loadEvents.ts); the file can be hundreds of MiB.
  'core/events',
  'core/namespaces',
  'core/nodes',
  'core/pods',
  // A hypershift dump's management part (hostedIndex.ts); never entered in a must-gather's walk.
  'cluster.x-k8s.io/machinedeployments',
  'cluster.x-k8s.io/machines',
  'cluster.x-k8s.io/machinesets',
  'core/persistentvolumeclaims',
  'hypershift.openshift.io/controlplanecomponents',
  'hypershift.openshift.io/hostedclusters',
  'hypershift.openshift.io/hostedcontrolplanes',
  'hypershift.openshift.io/nodepools',
  'machineconfiguration.openshift.io/machineconfignodes',
  'machineconfiguration.openshift.io/machineconfigpools',
  'machineconfiguration.openshift.io/machineconfigs',
  'machineconfiguration.openshift.io/machineosbuilds',
  'machineconfiguration.openshift.io/machineosconfigs',
  'policy/poddisruptionbudgets',
]);

/** The management part's kinds: read from a dump's own places, not from a must-gather's walk. */
const hostedGroups: ReadonlySet<string> = new Set(['cluster.x-k8s.io', 'hypershift.openshift.io']);

/** Kinds read only in a dump's control-plane namespace (etcd's volume claims), never walked. */
const hostedOnly: ReadonlySet<string> = new Set(['core/persistentvolumeclaims']);

/** The kinds a must-gather's walk looks for. */
const walkedResources: ReadonlySet<string> = new Set(
  [...indexedResources].filter(
    (r) => !hostedGroups.has(r.slice(0, r.indexOf('/'))) && !hostedOnly.has(r),
  ),
);

const indexedGroups: ReadonlySet<string> = new Set(
  [...walkedResources].map((r) => r.slice(0, r.indexOf('/'))),
);

const resourceName = /\.(ya?ml|json)$/;

/**
 * Whether a must-gather's walk enters a folder: the two resource trees and, in them, the groups
 * and plurals in `indexedResources`; pod folders only of `podLogNamespaces`. The root's other
 * folders (host service, audit and network logs, etcd and monitoring dumps) hold nothing the
 * classifier takes.
 */
function mustGatherEnters(rel: string): boolean {
  const p = rel.split('/');
  if (p[0] === 'cluster-scoped-resources') {
    if (p.length === 1) return true;
    if (p.length === 2) return indexedGroups.has(p[1] as string);
    return p.length === 3 && walkedResources.has(`${p[1]}/${p[2]}`);
  }
  if (p[0] !== 'namespaces') return false;
  if (p.length <= 2) return true;
  if (p[2] === 'pods') {
    const pods = podLogNamespaces.get(p[1] as string);
    return pods !== undefined && (p.length === 3 || pods(p[3] as string));
  }
  if (p.length === 3) return indexedGroups.has(p[2] as string);
  return p.length === 4 && walkedResources.has(`${p[2]}/${p[3]}`);
}

/** Where a gather-extra or Insights walk goes: everywhere (their trees are small). */
const entersAll = (): boolean => true;

const enters: Record<RootKind, (rel: string) => boolean> = {
  'must-gather': mustGatherEnters,
  'gather-extra': entersAll,
  insights: entersAll,
};

/**
 * Directory reads, synchronous: one `readdir` of a folder the page cache holds costs less than
 * the round trip to libuv's pool and back (the walk of a real-size must-gather reads hundreds
 * of folders). Every `yieldEvery` reads the walk lets the event loop run, so that a language
 * server indexing a large gather still answers in between.
 */
class DirReader {
  private reads = 0;

  async read(dir: string): Promise<Dirent[]> {
    if (++this.reads % yieldEvery === 0) await new Promise<void>((go) => setImmediate(go));
    return readdirSync(dir, { withFileTypes: true });
  }
}

const yieldEvery = 64;

async function walk(
  dir: string,
  rel: string,
  enter: (rel: string) => boolean,
  notes: string[],
  visit: (rel: string) => void,
  reader = new DirReader(),
): Promise<void> {
  let entries;
  try {
    entries = await reader.read(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    notes.push(`${rel || '.'}: folder not read (${code})`);
    return;
  }
  const subdirs: Promise<void>[] = [];
  for (const e of entries) {
    const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
    // Symbolic links are neither followed nor read.
    if (e.isDirectory()) {
      if (resourceName.test(e.name)) notes.push(`${childRel}: a folder where a file was expected`);
      if (enter(childRel))
        subdirs.push(walk(join(dir, e.name), childRel, enter, notes, visit, reader));
    } else if (e.isFile()) {
      visit(childRel);
    } else if (e.isSymbolicLink()) {
      notes.push(`${childRel}: symbolic link not followed`);
    } else if (resourceName.test(e.name)) {
      notes.push(`${childRel}: not a regular file, not read`);
    }
  }
  await Promise.all(subdirs);
}

const classifiers: Record<RootKind, (rel: string) => PathKind> = {
  'must-gather': classifyMustGatherPath,
  'gather-extra': classifyGatherExtraPath,
  insights: classifyInsightsPath,
};

/**
 * When the gather was taken, from what the gather itself recorded, never a file's mtime: the
 * `timestamp` file (`oc adm inspect` writes it in the image folder, `oc adm must-gather` one
 * level up), else the time in a 5.0 destination's name (`must-gather.local.<id>.<time>.<n>`);
 * an Insights archive records it only in its file name. `from` says where, when it is not the
 * `timestamp` file.
 */
async function findGatherTime(
  root: GatherRoot,
): Promise<{ time: Date; from?: string } | undefined> {
  const dirs = [root.path, dirname(root.path)];
  if (root.kind === 'insights') {
    // An archive opened through the cache (the language server's) is named by its entry.
    const archive = root.archiveName ?? (await archiveOfExtraction(root.path));
    const archiveName = archive === undefined ? undefined : basename(archive);
    for (const name of [archiveName, ...dirs.map((d) => basename(d))]) {
      const time = name === undefined ? undefined : timeOfInsightsName(name);
      if (time) return { time, from: `gather time from the archive's name ${name} (UTC)` };
    }
    return undefined;
  }
  for (const dir of dirs) {
    try {
      const text = await readFile(join(dir, 'timestamp'), 'utf8');
      const t = parseTimestampFile(text.slice(0, 4096));
      if (t) return { time: t };
    } catch {
      // absent here: try the parent
    }
  }
  for (const name of [root.archiveName, ...dirs.map((d) => basename(d))]) {
    const time = name === undefined ? undefined : timeOfDestinationName(name);
    if (time) {
      return {
        time,
        from: `gather time from the folder name ${name} (no timestamp file; the name's time is when the gather was created, UTC)`,
      };
    }
  }
  return undefined;
}
