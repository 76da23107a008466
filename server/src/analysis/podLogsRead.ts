/**
 * Which pod logs the analysis reads, and reading them: the cluster-version operator's, the
 * machine-config-controller's, and the daemons' of the nodes whose failure or drain their own
 * log explains (at most `maxDaemonLogs`). Each file through the parse cache, bounded
 * (`maxLogMiB`); an unreadable file is one `yaml-invalid`.
 */

import { readObjects } from './loadKinds';
import type { LoadContext } from './loadKinds';
import { relative, sep } from 'node:path';
import { filesOf, podLogFiles } from '../gather/gatherIndex';
import { containerLogs } from '../gather/podLogs';
import type { ContainerLogs, LogFile } from '../gather/podLogs';
import type { GatherIndex } from '../gather/gatherIndex';
import { rec, str } from '../model/access';
import { parseResultsOfWork } from '../model/cvoLog';
import { parseOsUpdateRetries } from '../model/mcdLog';
import { parseDrainLog } from '../model/drainLog';
import { Node } from '../model/node';
import type { Pod } from '../model/pod';
import type {
  DaemonLog,
  LoggedDrainLine,
  LoggedResult,
  PodLogTail,
  Snapshot,
} from '../model/snapshot';
import { errorTail } from '../model/logTail';
import { classifyNodeReason } from '../model/nodeFailures';
import { invalidFile } from './fileProblems';

/**
 * The CVO container's logs (current, rotated, previous; plain or gzipped), in must-gather and in
 * gather-extra layout: every file's `Result of work` lines, oldest first.
 */
export async function loadCvoLogs(
  ctx: LoadContext,
  index: GatherIndex,
): Promise<Snapshot['cvoLogs']> {
  const containers = containerLogs(index.logs).filter(
    ({ container: c }) =>
      c.namespace === 'openshift-cluster-version' &&
      c.pod.startsWith('cluster-version-operator-') &&
      c.container === 'cluster-version-operator',
  );
  const out: Snapshot['cvoLogs'] = [];
  for (const log of containers) {
    const read = await readContainerLogs(ctx, index, log, (text, file) =>
      parseResultsOfWork(text).map((w): LoggedResult => ({ ...w, file })),
    );
    if (read) out.push({ subject: read.subject, file: read.newest, results: read.items });
  }
  return out;
}

/**
 * One log file's text as the cache reads logs (from its end, bounded), counted as read; an
 * unreadable file is one `yaml-invalid` and no text.
 */
export async function readLogText(
  ctx: LoadContext,
  index: GatherIndex,
  path: string,
): Promise<string | undefined> {
  const r = await ctx.cache.get(path, 'log');
  ctx.filesRead.push(path);
  if (r.ok) return r.parsed.text;
  const rel = relative(index.root.path, path).split(sep).join('/');
  ctx.problems.push(invalidFile(path, rel, [0, 0], `: ${r.error}; its lines are not read`));
  return undefined;
}

/**
 * The last error lines of a failing container's log: the previous run's when there is one (it
 * ended with the crash), else the current one; undefined when no file can be read.
 */
export async function failingTail(
  ctx: LoadContext,
  index: GatherIndex,
  files: readonly LogFile[],
): Promise<PodLogTail | undefined> {
  const file = files.find((f) => f.instance === 'previous') ?? files[0];
  if (!file) return undefined;
  const text = await readLogText(ctx, index, file.path);
  if (text === undefined) return undefined;
  return { file: file.path, previous: file.instance === 'previous', lines: errorTail(text) };
}

/**
 * Every file of one container's log, oldest first (previous, rotated, current), each parsed by
 * `parse`; its subject, the newest file read, and what was parsed, or undefined when no file
 * could be read. An unreadable file costs its own lines only, and says why once.
 */
async function readContainerLogs<T>(
  ctx: LoadContext,
  index: GatherIndex,
  { container: c, files }: ContainerLogs,
  parse: (text: string, file: string) => T[],
): Promise<{ subject: string; newest: string; items: T[] } | undefined> {
  const items: T[] = [];
  let newest: string | undefined;
  for (const { path } of [...files].reverse()) {
    const text = await readLogText(ctx, index, path);
    if (text === undefined) continue;
    newest = path;
    items.push(...parse(text, path));
  }
  return newest
    ? { subject: `log/${c.namespace}/${c.pod}/${c.container}`, newest, items }
    : undefined;
}

const mcoNamespace = 'openshift-machine-config-operator';

/** Nodes whose daemon log is read at most for an OS update failure. */
const maxDaemonLogs = 20;

/** Nodes Degraded by an OS update failure, at most `maxDaemonLogs`: their daemon logs are read. */
export function osUpdateFailedNodes(nodes: Node[]): Set<string> {
  return new Set(
    nodes
      .filter(
        (n) =>
          (n.mcdState === 'Degraded' || n.mcdState === 'Unreconcilable') &&
          classifyNodeReason(n.mcdReason)?.kind === 'os-update',
      )
      .map((n) => n.name)
      .slice(0, maxDaemonLogs),
  );
}

/** Nodes a 4.10 (or older) daemon is draining itself: cordoned, Working on a new config, no drain annotations. */
export function selfDrainingNodes(nodes: Node[]): Set<string> {
  return new Set(nodes.filter((n) => n.pendingDrain === 'daemon').map((n) => n.name));
}

/**
 * The machine-config daemon's newest log of each node Degraded by an OS update failure (its pod
 * from `daemonPodsOn`). Its `Failed to update OS to … (will retry): …` lines carry the
 * registry's answer that a 4.16+ reason leaves out.
 */
export async function loadDaemonLogs(
  ctx: LoadContext,
  index: GatherIndex,
  pods: [pod: string, node: string][],
): Promise<DaemonLog[]> {
  const out: DaemonLog[] = [];
  for (const [pod, node] of pods) {
    const log = containerLogs(await podLogFiles(index.root, mcoNamespace, pod)).find(
      ({ container: c }) => c.container === 'machine-config-daemon',
    );
    const newest = log?.files[0];
    if (!log || !newest) continue;
    const read = await readContainerLogs(ctx, index, { ...log, files: [newest] }, (text, file) =>
      parseOsUpdateRetries(text).map((x) => ({ ...x, file })),
    );
    if (read)
      out.push({ node, subject: read.subject, file: read.newest, osUpdateRetries: read.items });
  }
  return out;
}

/**
 * The daemon pod on each of these nodes, by name, from the namespace's pod List: the index does
 * not enter the daemons' pod folders (one per node), so their logs are listed one pod at a time
 * (`podLogFiles`). Must-gather layout only (gather-extra's pod logs carry no node).
 */
export async function daemonPodsOn(
  ctx: LoadContext,
  index: GatherIndex,
  nodeNames: ReadonlySet<string>,
  /** The namespace's pods when they were read whole already (machine-config unhealthy). */
  read?: readonly Pod[],
): Promise<[pod: string, node: string][]> {
  if (nodeNames.size === 0 || index.root.kind !== 'must-gather') return [];
  const placed: [name: string, node: string | undefined][] = [];
  if (read) {
    for (const p of read) placed.push([p.name, p.nodeName]);
  } else {
    const lists = filesOf(index, 'core', 'pods').filter(
      (f) => f.list && f.resource.namespace === mcoNamespace,
    );
    for (const f of lists) {
      for (const [raw] of await readObjects(ctx, f, 'placement', 'Pod')) {
        placed.push([str(rec(raw.metadata)?.name) ?? '', str(rec(raw.spec)?.nodeName)]);
      }
    }
  }
  const daemons = new Map<string, string>();
  for (const [name, node] of placed)
    if (name.startsWith('machine-config-daemon-') && node && nodeNames.has(node))
      daemons.set(name, node);
  return [...daemons].sort();
}

/**
 * The machine-config-controller container's logs (current, rotated, previous; plain or `.gz`):
 * the drain controller's lines (4.11+), oldest first.
 */
export async function loadDrainLogs(
  ctx: LoadContext,
  index: GatherIndex,
): Promise<Snapshot['drainLogs']> {
  const containers = containerLogs(index.logs).filter(
    ({ container: c }) =>
      c.namespace === mcoNamespace &&
      c.pod.startsWith('machine-config-controller-') &&
      c.container === 'machine-config-controller',
  );
  return readDrainLogs(ctx, index, containers);
}

/** The daemons' logs of the nodes a 4.10 (or older) daemon is draining itself (`selfDrainingNodes`). */
export async function loadDaemonDrainLogs(
  ctx: LoadContext,
  index: GatherIndex,
  pods: [pod: string, node: string][],
): Promise<Snapshot['drainLogs']> {
  const out: Snapshot['drainLogs'] = [];
  for (const [pod, node] of pods) {
    const containers = containerLogs(await podLogFiles(index.root, mcoNamespace, pod)).filter(
      ({ container: c }) => c.container === 'machine-config-daemon',
    );
    out.push(...(await readDrainLogs(ctx, index, containers, node)));
  }
  return out;
}

async function readDrainLogs(
  ctx: LoadContext,
  index: GatherIndex,
  containers: ContainerLogs[],
  daemonNode?: string,
): Promise<Snapshot['drainLogs']> {
  const out: Snapshot['drainLogs'] = [];
  for (const log of containers) {
    const read = await readContainerLogs(ctx, index, log, (text, file) =>
      parseDrainLog(text, daemonNode).map(
        (l): LoggedDrainLine => ({ ...l, file, from: log.container.container }),
      ),
    );
    if (read) out.push({ subject: read.subject, file: read.newest, lines: read.items });
  }
  return out;
}
