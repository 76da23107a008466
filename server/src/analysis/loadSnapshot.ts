/**
 * Builds a Snapshot from a root's index: parses only the files the rules need (ClusterVersion,
 * ClusterOperators, pools, nodes, MachineConfigNodes, the rendered configs that pools and nodes
 * name, and Prometheus' alerts), reads
 * objects out of List files, and prefers a single-object file over a List copy of the same object.
 * Every file that cannot be read or parsed becomes one `yaml-invalid` finding.
 */
import { loadKind, probeKind } from './loadKinds';
import type { LoadContext } from './loadKinds';
import {
  daemonPodsOn,
  loadCvoLogs,
  loadDaemonDrainLogs,
  loadDaemonLogs,
  loadDrainLogs,
  osUpdateFailedNodes,
  selfDrainingNodes,
} from './podLogsRead';
import type { ParsedFileCache, ReadMode } from '../gather/fileCache';
import { filesOf } from '../gather/gatherIndex';
import type { AlertFile, GatherIndex, IndexedFile } from '../gather/gatherIndex';
import { alertKey, maxAlerts, readAlerts } from '../model/alerts';
import type { Alert } from '../model/alerts';
import { ClusterOperator } from '../model/clusterOperator';
import { ClusterVersion } from '../model/clusterVersion';
import { ADMIN_ACKS, ADMIN_GATES, ConfigMap } from '../model/configMap';
import type { AdminConfigMaps } from '../model/configMap';
import { Infrastructure } from '../model/infrastructure';
import { MachineConfig } from '../model/machineConfig';
import { MachineConfigNode } from '../model/machineConfigNode';
import { MachineConfigPool } from '../model/machineConfigPool';
import { MachineOSBuild, MachineOSConfig } from '../model/machineOS';
import { Node } from '../model/node';
import { Deployment, MCO_DEPLOYMENT } from '../model/deployment';
import { operandNamespaces } from '../model/operandNamespaces';
import { imagePullNamespaces, loadFailingLogTails, loadOperandWorkloads } from './loadOperands';
import type { OperandNamespaces } from '../model/operandNamespaces';
import { Pod } from '../model/pod';
import { PodDisruptionBudget } from '../model/podDisruptionBudget';
import type { Snapshot } from '../model/snapshot';
import type { Finding } from '../core/finding';
import { fileProblem, notPrometheusAnswer } from './fileProblems';
import { EventStore, ruleEventNamespaces } from './loadEvents';
import { loadHosted } from './loadHosted';
import { loadKonnectivityPods } from './loadKonnectivity';

export interface LoadResult {
  snapshot: Snapshot;
  /** Files that could not be read or parsed. */
  problems: Finding[];
  /** Every file that was read, for publishing (and clearing) diagnostics. */
  filesRead: string[];
  /** The root's events, read on demand (the namespaces the rules needed are read already). */
  events: EventStore;
}

/** @param options.everyMachine read a hosted cluster's every Machine, settled NodePools' too (default). */
export async function loadSnapshot(
  index: GatherIndex,
  cache: ParsedFileCache,
  options: { everyMachine?: boolean } = {},
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
  const hosted = await loadHosted(ctx, index, nodes, options.everyMachine ?? true);
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
  // Pods only of unhealthy operators' namespaces (and of budgets at their limit), read once; the
  // daemons' placement comes from that read when machine-config is among them.
  const operands = operandNamespaces(operators);
  const pods = await loadPods(ctx, index, operands, pdbs);
  const operandWorkloads = await loadOperandWorkloads(ctx, index, operands);
  const podLogTails = await loadFailingLogTails(ctx, index, pods.operandPods);
  const daemonPods = await daemonPodsOn(
    ctx,
    index,
    new Set([...osUpdate, ...selfDraining]),
    operands.operators.has(MCO_DEPLOYMENT.namespace) ? pods.mcoPods : undefined,
  );
  const onNodes = (names: ReadonlySet<string>) => daemonPods.filter(([, n]) => names.has(n));
  // Events only when a rule may cite them, and only of the namespaces it would.
  const events = new EventStore(index, cache);
  const eventNamespaces = [
    ...new Set([
      ...ruleEventNamespaces(nodes, operators),
      ...imagePullNamespaces(pods.operandPods),
    ]),
  ].sort();
  const warnings =
    eventNamespaces.length > 0
      ? await events.warnings(eventNamespaces)
      : { events: [], problems: [], filesRead: [] };
  problems.push(...warnings.problems);
  filesRead.push(...warnings.filesRead);
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
    pdbNamespaces: [
      ...new Set([
        ...filesOf(index, 'policy', 'poddisruptionbudgets').flatMap((f) =>
          f.resource.namespace ? [f.resource.namespace] : [],
        ),
        ...pdbs.flatMap((p) => (p.namespace ? [p.namespace] : [])),
      ]),
    ].sort(),
    budgetPods: pods.budgetPods,
    operandPods: pods.operandPods,
    operandNamespaces: operands,
    operandWorkloads,
    podLogTails,
    machineConfigNodes: mcns,
    alerts: await loadAlerts(ctx, index.alertFiles),
    events: warnings.events,
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
  if (hosted) snapshot.hosted = hosted;
  const agents = await loadKonnectivityPods(ctx, index, hosted);
  if (agents.length > 0) snapshot.konnectivityPods = agents;
  const cv = versions.find((v) => v.name === 'version') ?? versions[0];
  if (cv) snapshot.clusterVersion = cv;
  const infra = infrastructures.find((i) => i.name === 'cluster') ?? infrastructures[0];
  if (infra) snapshot.infrastructure = infra;
  if (index.gatherTime) snapshot.gatherTime = index.gatherTime;
  return { snapshot, problems, filesRead, events };
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

/**
 * The pods the rules judge and `recommend` names, each namespace's pod files read once: in `pods`
 * mode (identity, owners, `spec.nodeName` and `status`; at most `maxPodListMiB`) in
 * the namespaces of unhealthy operators (`model/operandNamespaces.ts`), and in `placement` mode
 * (identity, labels and `spec.nodeName`) in the other namespaces of a PodDisruptionBudget allowing
 * no disruption. A must-gather holds one List per namespace (`core/pods.yaml`), an Insights
 * archive one file per pod (`config/pod/<ns>/<pod>.json`).
 */
async function loadPods(
  ctx: LoadContext,
  index: GatherIndex,
  operands: OperandNamespaces,
  pdbs: readonly PodDisruptionBudget[],
): Promise<{ operandPods: Pod[]; budgetPods: Snapshot['budgetPods']; mcoPods?: Pod[] }> {
  const atLimit = pdbs.filter(
    (p) => p.disruptionsAllowed === 0 && Object.keys(p.matchLabels).length > 0,
  );
  const budgetNamespaces = new Set(atLimit.flatMap((p) => (p.namespace ? [p.namespace] : [])));
  // Per namespace: the List when there is one (a must-gather's holds every pod; single files sit
  // only in the pod folders the index entered), else the single files (an Insights archive).
  const byNamespace = new Map<string, IndexedFile[]>();
  for (const f of filesOf(index, 'core', 'pods')) {
    const ns = f.resource.namespace;
    if (ns !== undefined) byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), f]);
  }
  const read = async (ns: string, mode: ReadMode): Promise<Pod[]> => {
    const files = byNamespace.get(ns) ?? [];
    const lists = files.filter((f) => f.list);
    return loadKind(ctx, lists.length > 0 ? lists : files, Pod, 'Pod', mode);
  };
  const [operandPods, placed] = await Promise.all([
    Promise.all([...operands.operators.keys()].map((ns) => read(ns, 'pods'))),
    Promise.all(
      [...budgetNamespaces]
        .filter((ns) => !operands.operators.has(ns))
        .map((ns) => read(ns, 'placement')),
    ),
  ]).then(([a, b]) => [a.flat(), b.flat()] as const);
  const mco = operandPods.filter((p) => p.namespace === MCO_DEPLOYMENT.namespace);
  return {
    operandPods,
    budgetPods: budgetPodsOf(atLimit, [...operandPods, ...placed]),
    // A List over the bound of `pods` mode still places the daemons, in `placement` mode.
    ...(mco.length > 0 ? { mcoPods: mco } : {}),
  };
}

/**
 * The pods each PodDisruptionBudget at its limit covers, and their nodes: `recommend` names the
 * nodes a drain will wait on; keyed `<namespace>/<name>`.
 */
function budgetPodsOf(
  atLimit: readonly PodDisruptionBudget[],
  pods: readonly Pod[],
): Snapshot['budgetPods'] {
  const out: Snapshot['budgetPods'] = new Map();
  for (const pod of pods) {
    const labels = pod.labels;
    const node = pod.nodeName;
    for (const p of atLimit) {
      if (p.namespace !== pod.namespace) continue;
      if (!Object.entries(p.matchLabels).every(([k, v]) => labels[k] === v)) continue;
      const key = `${pod.namespace ?? ''}/${p.name}`;
      out.set(key, [...(out.get(key) ?? []), { name: pod.name, ...(node ? { node } : {}) }]);
    }
  }
  return out;
}
