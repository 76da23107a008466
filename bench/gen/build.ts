/**
 * Builds one benchmark must-gather: the seed scenario (bug 1943289) scaled up. The seed's
 * objects and story stay as they are (master updated, worker Degraded by 9 nodes that cannot
 * drain, machine-config Degraded); around them come healthy custom pools and their nodes,
 * more rendered configs, more ClusterOperators and the namespaces those operators relate.
 * machine-config Degraded and not Available makes its namespace's pod List (one daemon per node,
 * about 255 pods, 1.3 MiB in the large preset) the operands the analysis reads (issue 40).
 */
import { writeMustGather } from '../../scripts/fixtures/mustgather';
import { MCO_NS } from '../../scripts/fixtures/pods';
import { bug1943289, r473, r474, T } from '../../scripts/fixtures/scenario-1943289';
import type { JsonObject } from '../../scripts/fixtures/json';
import { nodeImages } from '../../scripts/fixtures/nodeImages';
import { byName, nameOf, type NamespaceDump } from '../../scripts/fixtures/snapshot';
import { at, plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { writeHostServiceLogs } from './hostlogs';
import { writeNamespace, type NamespaceInput } from './namespaces';
import { extraNodes, nodeInfos, type NodeInfo } from './nodes';
import { extraOperators, syntheticName } from './operators';
import {
  controllerPods,
  installerPods,
  nodeSetPods,
  rolloutAt,
  type PodEnv,
  type PodPlan,
} from './pods';
import { poolSizes, type Preset, type PresetName } from './presets';
import { poolExtension, renderAll, type CustomPoolPlan } from './rendered';
import { controllers, nodeSets, type ControllerDef, type NodeSetDef } from './workloads';
import { BenchTree } from './writer';

export interface GeneratedInfo {
  /** The folder that holds `must-gather.local.*` (the hosted preset: the dump itself). */
  dir: string;
  preset: PresetName;
  fraction: number;
  files: number;
  bytes: number;
  nodes: number;
  operators: number;
  /** MachineConfigPools (the hosted preset: NodePools). */
  pools: number;
  /** Cluster API Machines (the hosted preset). */
  machines?: number;
  renderedConfigs: number;
  /** Generation time; 0 when an earlier output was reused. */
  seconds: number;
  /** Kinds whose first object was parsed back and compared (the sanity check). */
  checkedKinds: string[];
}

const staticPodNamespaces = [
  'openshift-etcd',
  'openshift-kube-apiserver',
  'openshift-kube-controller-manager',
  'openshift-kube-scheduler',
];

function runsOn(def: NodeSetDef, n: NodeInfo): boolean {
  switch (def.on) {
    case 'all':
      return true;
    case 'masters':
      return n.pool === 'master';
    case 'nonMaster':
      return n.pool !== 'master';
    case 'storage':
      return n.pool === 'storage';
  }
}

export function generate(
  preset: Preset,
  fraction: number,
  dir: string,
): Omit<GeneratedInfo, 'seconds'> {
  const snap = bug1943289();
  const cluster = snap.cluster;
  const gather = cluster.gatherStart;

  // ------------------------------------------------------------ pools, rendered configs, nodes
  const sizes = poolSizes(preset, fraction);
  const custom: (CustomPoolPlan & { instanceType: string })[] = preset.customPools.map((p) => {
    const nodes = sizes.get(p.name) ?? 1;
    const maxUnavailable = Math.max(1, Math.ceil(nodes / 8));
    const batches = Math.ceil(nodes / maxUnavailable);
    return {
      name: p.name,
      created: at(p.created),
      nodes,
      maxUnavailable,
      updatedAt: plusSeconds(T.poolsTarget, 60 + (batches - 1) * 540 + 200),
      instanceType: p.instanceType,
    };
  });
  const rendered = renderAll(cluster, {
    seedPools: snap.pools,
    seedMcs: snap.machineConfigs,
    r473,
    r474,
    perPool: preset.renderedPerPool,
    custom,
    gather,
  });
  snap.pools.push(...rendered.pools);
  snap.machineConfigs = [...snap.machineConfigs, ...rendered.machineConfigs].sort(byName);

  const extras = extraNodes(cluster, {
    pools: custom,
    current: rendered.current,
    seedNodes: snap.nodes,
    rel: r474,
    poolsTarget: T.poolsTarget,
    mcdRollout: T.mcdRollout,
    gather,
  });
  snap.nodes = [...snap.nodes, ...extras.nodes].sort(byName);
  // Every node ran 4.7.3 before this update, so it still holds that payload's images too.
  for (const n of snap.nodes)
    (n.status as JsonObject).images = nodeImages(cluster.seed, nameOf(n), {
      running: [r474.mcoImage, r474.infraImage, r474.proxyImage],
      releases: [r474.version, r473.version],
      count: preset.nodeImages,
    });
  const mcoNs = snap.namespaces.find((n) => nameOf(n.namespace) === MCO_NS) as NamespaceDump;
  mcoNs.pods = [...mcoNs.pods, ...extras.mcdPods].sort((a, b) => byName(a.pod, b.pod));

  // ------------------------------------------------------------ ClusterOperators
  const mcoCO = snap.clusterOperators.find((c) => nameOf(c) === 'machine-config') as JsonObject;
  const ext = (mcoCO.status as JsonObject).extension as JsonObject;
  for (const p of custom)
    ext[p.name] = poolExtension(p.nodes, rendered.current.get(p.name)?.current ?? '');
  snap.clusterOperators.push(
    ...extraOperators(cluster, r474, {
      count: preset.operators - snap.clusterOperators.length,
      created: at('2020-01-30T13:36:02Z'),
      leveledAt: at('2021-03-25T07:52:10Z'),
    }),
  );
  const operatorNames = new Set(snap.clusterOperators.map(nameOf));

  // ------------------------------------------------------------ the seed's writer
  const tree = new BenchTree(dir);
  const paths = writeMustGather(tree, snap);
  const base = paths.imageDir;

  // ------------------------------------------------------------ namespaces
  const nodes = nodeInfos(
    snap.nodes,
    custom.map((p) => p.name),
  );
  const masters = nodes.filter((n) => n.pool === 'master');
  const env: PodEnv = {
    cluster,
    rel: r474,
    gather,
    updateStart: T.cvUpdateStart,
    nodeLogScale: preset.logScale,
    fixedLogScale: preset.controlPlaneLogScale * fraction,
    ordinals: new Map(),
  };
  const placement = (def: ControllerDef): NodeInfo[] => {
    const infra = nodes.filter((n) => n.pool === 'infra');
    const workers = nodes.filter((n) => n.pool === 'worker');
    if (def.on === 'masters') return masters;
    if (def.on === 'infra') return infra.length > 0 ? infra : workers;
    return workers;
  };

  const tiers = new Set([
    'core',
    ...(preset.nodeVolume === 'full' ? ['full'] : []),
    ...(preset.addOns ? ['addOn'] : []),
  ]);
  const sets = nodeSets.filter((d) => tiers.has(d.tier));
  const ctrls: ControllerDef[] = [
    ...controllers.filter((c) =>
      c.addOn ? preset.addOns : c.co !== undefined && operatorNames.has(c.co),
    ),
  ];
  for (let i = 1; operatorNames.has(syntheticName(i)); i++) {
    const name = syntheticName(i);
    ctrls.push({
      co: name,
      ns: `openshift-${name}`,
      name,
      kind: 'Deployment',
      replicas: 1,
      on: 'masters',
      containers: 'operator@300 kube-rbac-proxy@1.5',
    });
  }

  const seedDumps = new Map(snap.namespaces.map((d) => [nameOf(d.namespace), d]));
  const nsNames = [
    ...new Set([...seedDumps.keys(), ...sets.map((d) => d.ns), ...ctrls.map((c) => c.ns)]),
  ].sort();
  for (const name of nsNames) {
    const seed = seedDumps.get(name);
    const addOn =
      ctrls.some((c) => c.ns === name && c.addOn) ||
      sets.some((d) => d.ns === name && d.tier === 'addOn');
    const plans: PodPlan[] = [];
    for (const d of sets.filter((s) => s.ns === name))
      plans.push(
        ...nodeSetPods(
          env,
          d,
          nodes.filter((n) => runsOn(d, n)),
        ),
      );
    for (const c of ctrls.filter((c) => c.ns === name))
      plans.push(...controllerPods(env, c, placement(c)));
    const written = new Set<string>();
    if (seed) {
      written.add(`${name}.yaml`);
      written.add('core/events.yaml');
      if (seed.pods.length > 0) written.add('core/pods.yaml');
      if (seed.configMaps) written.add('core/configmaps.yaml');
    }
    const created: Nanos = seed
      ? at(String((seed.namespace.metadata as JsonObject).creationTimestamp))
      : addOn
        ? plusSeconds(rolloutAt(env, name, true), -86400)
        : plusSeconds(cluster.installTime, 200 + ((name.length * 37) % 600));
    const input: NamespaceInput = {
      name,
      created,
      managed: !addOn,
      plans,
      listedOnly: staticPodNamespaces.includes(name) ? installerPods(env, name, masters) : [],
      seedPods: seed ? seed.pods.map((p) => p.pod) : [],
      written,
    };
    writeNamespace(tree, base, env, input);
  }

  writeHostServiceLogs(tree, base, {
    masters,
    gather,
    scale: preset.controlPlaneLogScale * fraction,
    seed: cluster.seed,
  });

  return {
    dir,
    preset: preset.name,
    fraction,
    files: tree.fileCount,
    bytes: tree.byteCount,
    nodes: snap.nodes.length,
    operators: snap.clusterOperators.length,
    pools: snap.pools.length,
    renderedConfigs: snap.machineConfigs.filter((mc) => nameOf(mc).startsWith('rendered-')).length,
    checkedKinds: [...tree.checked],
  };
}
