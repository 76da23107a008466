/**
 * Builds a Snapshot from a root's index: parses only the files the rules need (ClusterVersion,
 * ClusterOperators, pools, nodes, MachineConfigNodes, the rendered configs that pools and nodes
 * name, and Prometheus' alerts), reads
 * objects out of List files, and prefers a single-object file over a List copy of the same object.
 * Every file that cannot be read or parsed becomes one `yaml-invalid` finding.
 */
import { relative, sep } from 'node:path';
import type { ParsedFileCache, ReadMode } from '../gather/fileCache';
import { filesOf, podLogFiles } from '../gather/gatherIndex';
import { containerLogs } from '../gather/podLogs';
import type { ContainerLogs } from '../gather/podLogs';
import type { AlertFile, GatherIndex, IndexedFile } from '../gather/gatherIndex';
import { arr, rec, str } from '../model/access';
import { alertKey, maxAlerts, readAlerts } from '../model/alerts';
import type { Alert } from '../model/alerts';
import type { Json } from '../model/access';
import { ClusterOperator } from '../model/clusterOperator';
import { ClusterVersion } from '../model/clusterVersion';
import { ADMIN_ACKS, ADMIN_GATES, ConfigMap } from '../model/configMap';
import type { AdminConfigMaps } from '../model/configMap';
import { Infrastructure } from '../model/infrastructure';
import { parseResultsOfWork } from '../model/cvoLog';
import { parseOsUpdateRetries } from '../model/mcdLog';
import { parseDrainLog } from '../model/drainLog';
import type { KubeObject, ObjectSource } from '../model/kubeObject';
import { MachineConfig } from '../model/machineConfig';
import { MachineConfigNode } from '../model/machineConfigNode';
import { MachineConfigPool } from '../model/machineConfigPool';
import { MachineOSBuild, MachineOSConfig } from '../model/machineOS';
import { Node } from '../model/node';
import { Deployment, MCO_DEPLOYMENT } from '../model/deployment';
import { PodDisruptionBudget } from '../model/podDisruptionBudget';
import type { DaemonLog, LoggedDrainLine, LoggedResult, Snapshot } from '../model/snapshot';
import type { Finding } from '../core/finding';
import { classifyNodeReason } from '../rules/signatures';
import {
  fileProblem,
  invalidFile,
  notPrometheusAnswer,
  probeProblem,
  wrongKind,
} from './fileProblems';

export interface LoadResult {
  snapshot: Snapshot;
  /** Files that could not be read or parsed. */
  problems: Finding[];
  /** Every file that was read, for publishing (and clearing) diagnostics. */
  filesRead: string[];
}

type Ctor<T> = new (raw: Json, source: ObjectSource) => T;

export async function loadSnapshot(
  index: GatherIndex,
  cache: ParsedFileCache,
): Promise<LoadResult> {
  const problems: Finding[] = [];
  const filesRead: string[] = [];
  const ctx = { cache, problems, filesRead };

  const cfg = 'config.openshift.io';
  const mc = 'machineconfiguration.openshift.io';
  const [versions, operators, pools, nodes, infrastructures, pdbs, moscs, mosbs, mcns] =
    await Promise.all([
      loadKind(ctx, filesOf(index, cfg, 'clusterversions'), ClusterVersion, 'ClusterVersion'),
      loadKind(ctx, filesOf(index, cfg, 'clusteroperators'), ClusterOperator, 'ClusterOperator'),
      loadKind(
        ctx,
        filesOf(index, mc, 'machineconfigpools'),
        MachineConfigPool,
        'MachineConfigPool',
      ),
      loadKind(ctx, filesOf(index, 'core', 'nodes'), Node, 'Node'),
      // gather-extra's config-resources.json lists every cluster config: only its Infrastructure.
      loadKind(
        ctx,
        filesOf(index, cfg, 'infrastructures'),
        Infrastructure,
        'Infrastructure',
        'yaml',
        true,
      ),
      loadKind(
        ctx,
        filesOf(index, 'policy', 'poddisruptionbudgets'),
        PodDisruptionBudget,
        'PodDisruptionBudget',
      ),
      loadKind(ctx, filesOf(index, mc, 'machineosconfigs'), MachineOSConfig, 'MachineOSConfig'),
      loadKind(ctx, filesOf(index, mc, 'machineosbuilds'), MachineOSBuild, 'MachineOSBuild'),
      loadKind(
        ctx,
        filesOf(index, mc, 'machineconfignodes'),
        MachineConfigNode,
        'MachineConfigNode',
      ),
    ]);

  const mcoDeployment = await loadMcoDeployment(ctx, index);
  const wanted = new Set<string>();
  for (const p of pools) for (const n of [p.targetConfig, p.currentConfig]) if (n) wanted.add(n);
  for (const n of nodes) for (const c of [n.currentConfig, n.desiredConfig]) if (c) wanted.add(c);
  const allMcFiles = filesOf(index, mc, 'machineconfigs');
  const isWanted = (f: IndexedFile) =>
    f.list || (f.resource.name !== undefined && wanted.has(f.resource.name));
  const mcFiles = allMcFiles.filter(isWanted);
  // Rendered configs pass a MiB; the rules read only their metadata.
  const configs = await loadKind(ctx, mcFiles, MachineConfig, 'MachineConfig', 'head');
  // The configs nobody names get a look at their first bytes: a corrupt one is still one finding.
  await probeKind(
    ctx,
    allMcFiles.filter((f) => !isWanted(f)),
    'MachineConfig',
  );

  // One look at the daemon pods, for both kinds of node whose daemon log is read.
  const osUpdate = osUpdateFailedNodes(nodes);
  const selfDraining = selfDrainingNodes(nodes);
  const daemonPods = await daemonPodsOn(ctx, index, new Set([...osUpdate, ...selfDraining]));
  const onNodes = (names: ReadonlySet<string>) => daemonPods.filter(([, n]) => names.has(n));
  const snapshot: Snapshot = {
    root: index.root,
    operators,
    pools,
    machineConfigs: new Map(configs.filter((c) => wanted.has(c.name)).map((c) => [c.name, c])),
    nodes,
    machineOSConfigs: moscs,
    machineOSBuilds: mosbs,
    cvoLogs: await loadCvoLogs(ctx, index),
    adminConfigMaps: await loadAdminConfigMaps(ctx, index),
    daemonLogs: await loadDaemonLogs(ctx, index, onNodes(osUpdate)),
    drainLogs: [
      ...(await loadDrainLogs(ctx, index)),
      ...(await loadDaemonDrainLogs(ctx, index, onNodes(selfDraining))),
    ],
    ...(mcoDeployment ? { mcoDeployment } : {}),
    pdbs,
    machineConfigNodes: mcns,
    alerts: await loadAlerts(ctx, index.alertFiles),
    namespaces: [
      ...new Set(
        index.namespaces.concat(
          index.files.flatMap((f) => {
            const r = f.resource;
            // `namespaces/<ns>/<ns>.yaml` is the Namespace object itself.
            if (r.group === 'core' && r.plural === 'namespaces' && r.name) return [r.name];
            return r.namespace ? [r.namespace] : [];
          }),
        ),
      ),
    ].sort(),
  };
  const cv = versions.find((v) => v.name === 'version') ?? versions[0];
  if (cv) snapshot.clusterVersion = cv;
  const infra = infrastructures.find((i) => i.name === 'cluster') ?? infrastructures[0];
  if (infra) snapshot.infrastructure = infra;
  if (index.gatherTime) snapshot.gatherTime = index.gatherTime;
  return { snapshot, problems, filesRead };
}

/** Just the ClusterVersion (what `diff` needs to pick the release's reboot rules). */
export async function loadClusterVersion(
  index: GatherIndex,
  cache: ParsedFileCache,
): Promise<ClusterVersion | undefined> {
  const ctx = { cache, problems: [], filesRead: [] };
  const versions = await loadKind(
    ctx,
    filesOf(index, 'config.openshift.io', 'clusterversions'),
    ClusterVersion,
    'ClusterVersion',
  );
  return versions.find((v) => v.name === 'version') ?? versions[0];
}

/**
 * The CVO container's logs (current, rotated, previous; plain or gzipped), in must-gather and in
 * gather-extra layout: every file's `Result of work` lines, oldest first.
 */
async function loadCvoLogs(ctx: LoadContext, index: GatherIndex): Promise<Snapshot['cvoLogs']> {
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
    const r = await ctx.cache.get(path, 'log');
    ctx.filesRead.push(path);
    if (!r.ok) {
      const rel = relative(index.root.path, path).split(sep).join('/');
      ctx.problems.push(invalidFile(path, rel, [0, 0], `: ${r.error}; its lines are not read`));
      continue;
    }
    newest = path;
    items.push(...parse(r.parsed.text, path));
  }
  return newest
    ? { subject: `log/${c.namespace}/${c.pod}/${c.container}`, newest, items }
    : undefined;
}

/**
 * The admin-gates and admin-acks ConfigMaps, from their namespaces' ConfigMaps
 * (`namespaces/<ns>/core/configmaps.yaml`, gathered when an operator relates the namespace).
 * gather-extra's `configmaps.json` (every namespace's, one List) is not read.
 */
async function loadAdminConfigMaps(ctx: LoadContext, index: GatherIndex): Promise<AdminConfigMaps> {
  const one = async (where: { namespace: string; name: string }) => {
    const files = filesOf(index, 'core', 'configmaps').filter(
      (f) => f.resource.namespace === where.namespace,
    );
    if (files.length === 0) return { gathered: false };
    const maps = await loadKind(ctx, files, ConfigMap, 'ConfigMap');
    const configMap = maps.find((m) => m.name === where.name);
    return configMap ? { gathered: true, configMap } : { gathered: true };
  };
  const [gates, acks] = await Promise.all([one(ADMIN_GATES), one(ADMIN_ACKS)]);
  return { gates, acks };
}

/** The machine-config operator's Deployment: only its namespace's Deployments are read. */
async function loadMcoDeployment(
  ctx: LoadContext,
  index: GatherIndex,
): Promise<Deployment | undefined> {
  const files = filesOf(index, 'apps', 'deployments').filter(
    (f) => f.resource.namespace === MCO_DEPLOYMENT.namespace,
  );
  if (files.length === 0) return undefined;
  const found = await loadKind(ctx, files, Deployment, 'Deployment');
  return found.find((d) => d.name === MCO_DEPLOYMENT.name);
}

/**
 * Prometheus' pending and firing alerts from the answers the gather saved (`rules.json`, then
 * `alerts.json`; an alert in both is kept once), at most `maxAlerts` in all. An empty file is
 * what `gather_monitoring` leaves when Prometheus did not answer: no alert, no problem. A file
 * that cannot be read, does not parse or is not Prometheus' answer is one `yaml-invalid`.
 */
async function loadAlerts(ctx: LoadContext, files: AlertFile[]): Promise<Alert[]> {
  const out: Alert[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const r = await ctx.cache.get(f.path);
    ctx.filesRead.push(f.path);
    const problem = fileProblem(f.path, f.rel, r, false);
    if (problem) ctx.problems.push(problem);
    if (!r.ok) continue;
    // What a broken file's pieces hold is not read (bytes that are not UTF-8 alone still are).
    if (r.parsed.problems.some((p) => !p.message.startsWith('is not UTF-8'))) continue;
    const value = r.parsed.docs[0]?.value;
    if (value === undefined || value === null) continue;
    const read = readAlerts(value, f.path, f.shape, maxAlerts - out.length);
    if (!read.ok) {
      // One finding per file: bytes that are not UTF-8 were said already.
      if (!problem) ctx.problems.push(notPrometheusAnswer(f.path, f.rel, read.problem));
      continue;
    }
    // An alert in both answers is kept once; within one answer every alert is kept.
    const keys = read.alerts.map(alertKey);
    read.alerts.forEach((a, i) => {
      if (!seen.has(keys[i]!)) out.push(a);
    });
    for (const k of keys) seen.add(k);
  }
  return out;
}

const mcoNamespace = 'openshift-machine-config-operator';
/** Nodes whose daemon log is read at most for an OS update failure. */
const maxDaemonLogs = 20;

/** Nodes Degraded by an OS update failure, at most `maxDaemonLogs`: their daemon logs are read. */
function osUpdateFailedNodes(nodes: Node[]): Set<string> {
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
function selfDrainingNodes(nodes: Node[]): Set<string> {
  return new Set(
    nodes
      .filter(
        (n) =>
          n.desiredDrain === undefined &&
          n.unschedulable &&
          n.mcdState === 'Working' &&
          n.desiredConfig !== undefined &&
          n.currentConfig !== n.desiredConfig,
      )
      .map((n) => n.name),
  );
}

/**
 * The machine-config daemon's newest log of each node Degraded by an OS update failure (its pod
 * from `daemonPodsOn`). Its `Failed to update OS to … (will retry): …` lines carry the
 * registry's answer that a 4.16+ reason leaves out.
 */
async function loadDaemonLogs(
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
async function daemonPodsOn(
  ctx: LoadContext,
  index: GatherIndex,
  nodeNames: ReadonlySet<string>,
): Promise<[pod: string, node: string][]> {
  if (nodeNames.size === 0 || index.root.kind !== 'must-gather') return [];
  const lists = filesOf(index, 'core', 'pods').filter(
    (f) => f.list && f.resource.namespace === mcoNamespace,
  );
  const daemons = new Map<string, string>();
  for (const f of lists) {
    for (const [raw] of await readObjects(ctx, f, 'placement', 'Pod')) {
      const name = str(rec(raw.metadata)?.name) ?? '';
      const node = str(rec(raw.spec)?.nodeName);
      if (name.startsWith('machine-config-daemon-') && node && nodeNames.has(node))
        daemons.set(name, node);
    }
  }
  return [...daemons].sort();
}

/**
 * The machine-config-controller container's logs (current, rotated, previous; plain or `.gz`):
 * the drain controller's lines (4.11+), oldest first.
 */
async function loadDrainLogs(ctx: LoadContext, index: GatherIndex): Promise<Snapshot['drainLogs']> {
  const containers = containerLogs(index.logs).filter(
    ({ container: c }) =>
      c.namespace === mcoNamespace &&
      c.pod.startsWith('machine-config-controller-') &&
      c.container === 'machine-config-controller',
  );
  return readDrainLogs(ctx, index, containers);
}

/** The daemons' logs of the nodes a 4.10 (or older) daemon is draining itself (`selfDrainingNodes`). */
async function loadDaemonDrainLogs(
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

interface LoadContext {
  cache: ParsedFileCache;
  problems: Finding[];
  filesRead: string[];
}

/** Files of a kind the analysis owns but does not parse: only their first bytes are checked. */
async function probeKind(ctx: LoadContext, files: IndexedFile[], kind: string): Promise<void> {
  const results = await Promise.all(files.map((f) => ctx.cache.probe(f.path)));
  // Not in filesRead: that list is what was parsed (a problem found here is cleared by the next
  // analysis like any other).
  files.forEach((f, i) => {
    const problem = probeProblem(f.path, f.rel, results[i]!, kind);
    if (problem) ctx.problems.push(problem);
  });
}

async function loadKind<T extends KubeObject>(
  ctx: LoadContext,
  files: IndexedFile[],
  ctor: Ctor<T>,
  kind: string,
  mode: ReadMode = 'yaml',
  /** Lists of several kinds: items of another kind are left out (not an error). */
  onlyKind = false,
): Promise<T[]> {
  const singles = files.filter((f) => !f.list);
  // `oc adm inspect` writes a List beside the single files of the same objects
  // (clusteroperators.yaml beside clusteroperators/*.yaml): read Lists only when they are alone.
  const lists = singles.length > 0 ? [] : files.filter((f) => f.list);
  const byKey = new Map<string, T>();
  const add = (o: T, replace: boolean) => {
    const key = `${o.namespace ?? ''}/${o.name}`;
    if (replace || !byKey.has(key)) byKey.set(key, o);
  };
  for (const objs of await Promise.all(singles.map((f) => readObjects(ctx, f, mode, kind)))) {
    for (const [raw, source] of objs) add(new ctor(raw, source), true);
  }
  for (const objs of await Promise.all(lists.map((f) => readObjects(ctx, f, mode, kind)))) {
    for (const [raw, source] of objs) {
      if (onlyKind && (str(raw.kind) ?? kind) !== kind) continue;
      add(new ctor(raw, source), false);
    }
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The objects in one file: the document itself, or the items of a `kind: List`. */
async function readObjects(
  ctx: LoadContext,
  f: IndexedFile,
  mode: ReadMode,
  expectedKind: string,
): Promise<[Json, ObjectSource][]> {
  const r = await ctx.cache.get(f.path, mode);
  ctx.filesRead.push(f.path);
  const problem = fileProblem(f.path, f.rel, r, true);
  if (problem) ctx.problems.push(problem);
  if (!r.ok || (problem && r.parsed.problems.length === 0)) return [];
  const out: [Json, ObjectSource][] = [];
  r.parsed.docs.forEach((d, doc) => {
    const obj = rec(d.value);
    if (!obj) return;
    const kind = str(obj.kind) ?? '';
    if (kind.endsWith('List') && Array.isArray(obj.items)) {
      arr(obj.items).forEach((item, i) => {
        const o = rec(item);
        if (o) out.push([o, { file: f.path, doc, base: `/items/${i}` }]);
      });
    } else if (kind !== '' && kind !== expectedKind) {
      // A Pod in clusteroperators/ is not a ClusterOperator: say so once, read nothing of it.
      ctx.problems.push(wrongKind(f.path, f.rel, kind, expectedKind));
    } else {
      out.push([obj, { file: f.path, doc, base: '' }]);
    }
  });
  return out;
}
