/**
 * Benchmark presets and what a fraction of one means.
 *
 * `--fraction F` scales the cluster's node count (nodes = round(F × preset nodes), never fewer
 * than the seed's 55 plus one per custom pool), and with it every node-level pod, and scales the
 * log volume of the pods that do not follow the node count (control plane, operators, host
 * service logs) by F. ClusterOperators, pools and rendered MachineConfigs stay fixed across
 * fractions: they are a small share of files and bytes, and the analyser parses them on every
 * run, so keeping them fixed keeps the per-run parse work comparable.
 */

export type PresetName = 'small' | 'large' | 'large-lean-nodes' | 'hosted';

interface CustomPool {
  name: string;
  /** Share of the extra (non-seed) nodes this pool gets. */
  share: number;
  instanceType: string;
  /** When an admin created the pool; its rendered configs start after it. */
  created: string;
}

/** Which node-level namespaces the volume covers (see daemonsets.ts). */
type NodeVolume = 'core' | 'full';

export interface Preset {
  name: PresetName;
  /** Nodes at fraction 1, seed included. */
  nodes: number;
  /** ClusterOperators, seed included. */
  operators: number;
  customPools: CustomPool[];
  /** Rendered MachineConfigs per pool (seed pools: 2 from the seed plus older ones). */
  renderedPerPool: number;
  nodeVolume: NodeVolume;
  /** Whether the cluster runs the add-on operators (logging, ODF, SR-IOV, ...). */
  addOns: boolean;
  /** Multiplier on every log size class. */
  logScale: number;
  /** Multiplier on the control plane's and the host service logs' sizes. */
  controlPlaneLogScale: number;
  /**
   * About how many `status.images` entries each Node carries (real nodes: 50–150, 20–60 KiB);
   * 3 is the three images the node runs (pause, daemon, proxy), which makes a 4–7 KiB Node.
   */
  nodeImages: number;
  /**
   * A hosted cluster's `hypershift dump` instead of a must-gather (hosted.ts): its NodePools and
   * Machines (one guest Node each). These stay at every fraction; a fraction runs the node-level
   * pods on its share of the nodes and scales the operators' logs.
   */
  hosted?: { nodePools: number; machines: number };
}

const large: Preset = {
  name: 'large',
  nodes: 250,
  operators: 60,
  customPools: [
    { name: 'infra', share: 0.4, instanceType: 'm5.2xlarge', created: '2020-06-01T09:12:44Z' },
    { name: 'storage', share: 0.6, instanceType: 'm5.4xlarge', created: '2020-09-14T14:03:19Z' },
  ],
  renderedPerPool: 10,
  nodeVolume: 'full',
  addOns: true,
  logScale: 1,
  controlPlaneLogScale: 1,
  nodeImages: 100,
};

export const presets: Record<PresetName, Preset> = {
  large,
  // A HostedCluster with 20 NodePools and 500 Machines: 500 guest workers, each running what a
  // worker of `large` runs (the add-ons included, logs as long), about as many bytes as `large`.
  hosted: {
    ...large,
    name: 'hosted',
    nodes: 500,
    operators: 0,
    customPools: [],
    renderedPerPool: 0,
    addOns: true,
    logScale: 1,
    hosted: { nodePools: 20, machines: 500 },
  },
  // The large preset as issues 6 to 17 measured it: the same cluster with 4–7 KiB Nodes, kept so
  // that figures stay comparable with earlier results.
  'large-lean-nodes': { ...large, name: 'large-lean-nodes', nodeImages: 3 },
  small: {
    name: 'small',
    nodes: 70,
    operators: 30,
    customPools: [
      { name: 'infra', share: 1, instanceType: 'm5.2xlarge', created: '2020-06-01T09:12:44Z' },
    ],
    renderedPerPool: 4,
    nodeVolume: 'core',
    addOns: false,
    logScale: 0.2,
    controlPlaneLogScale: 0.08,
    nodeImages: 100,
  },
};

const SEED_NODES = 55;

/** Nodes of the generated cluster at `fraction`. */
function nodeCount(p: Preset, fraction: number): number {
  return Math.max(SEED_NODES + p.customPools.length, Math.round(p.nodes * fraction));
}

/** How many extra nodes each custom pool gets (the last pool takes the rounding rest). */
export function poolSizes(p: Preset, fraction: number): Map<string, number> {
  const extra = nodeCount(p, fraction) - SEED_NODES;
  const out = new Map<string, number>();
  let left = extra;
  p.customPools.forEach((pool, i) => {
    const last = i === p.customPools.length - 1;
    const n = last ? left : Math.max(1, Math.round(extra * pool.share));
    out.set(pool.name, n);
    left -= n;
  });
  return out;
}
