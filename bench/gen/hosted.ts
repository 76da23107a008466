/**
 * The hosted preset: a `hypershift dump cluster --dump-guest-cluster` folder as the fixtures
 * write it (scripts/fixtures/hosted-dump.ts), at the size of a big hosted cluster. Its story is
 * the fixture `hosted-drain-blocked-4.19` (the control plane on 4.19.9, NodePool prod-workers
 * stuck draining a node a PodDisruptionBudget protects); around it come settled NodePools on
 * 4.18.22 (copies of the healthy fixture's, hostedPools.ts) up to the preset's NodePools and
 * Machines, and in the guest part the node-level and operator workloads of the standalone
 * presets (workloads.ts), written by the same builders (namespaces.ts, pods.ts). The management
 * part stays per-object files and flat `core/pods/logs/*.log`, as `oc adm inspect` writes it.
 */
import {
  hostedDrainBlocked,
  hostedHealthy,
  r41822,
  r4199,
} from '../../scripts/fixtures/scenario-hosted';
import { writeHostedDump } from '../../scripts/fixtures/hosted-dump';
import type { JsonObject } from '../../scripts/fixtures/json';
import { nodeImages } from '../../scripts/fixtures/nodeImages';
import { artImage, newCluster } from '../../scripts/fixtures/release';
import { nameOf } from '../../scripts/fixtures/snapshot';
import { at, plusSeconds } from '../../scripts/fixtures/time';
import type { GeneratedInfo } from './build';
import { copyPools } from './hostedPools';
import { writeNamespace } from './namespaces';
import { nodeInfos, type NodeInfo } from './nodes';
import { controllerPods, nodeSetPods, type PodEnv, type PodPlan } from './pods';
import type { Preset } from './presets';
import { controllers, nodeSets } from './workloads';
import { BenchTree } from './writer';

const kindOf = (o: JsonObject) => String(o.kind);

/** `total` split into `parts` near-equal whole numbers, the larger first. */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}

export function generateHosted(
  preset: Preset,
  fraction: number,
  dir: string,
): Omit<GeneratedInfo, 'seconds'> {
  const shape = preset.hosted;
  if (!shape) throw new Error(`${preset.name} is not a hosted preset`);
  const dump = hostedDrainBlocked();
  const healthy = hostedHealthy();
  const gather = (dump.runs[0] as { start: bigint }).start;
  const shiftMs = Number((gather - (healthy.runs[0] as { start: bigint }).start) / 1_000_000n);

  // ------------------------------------------------------------ NodePools, Machines, Nodes
  const hcNs = dump.namespaces.find((n) => n.objects.some((o) => kindOf(o) === 'HostedCluster'));
  const cpNs = dump.namespaces.find((n) =>
    n.objects.some((o) => kindOf(o) === 'HostedControlPlane'),
  );
  if (!hcNs || !cpNs) throw new Error('the hosted fixture has no HostedCluster namespace');
  const machinesNow = cpNs.objects.filter((o) => kindOf(o) === 'Machine').length;
  const copies = copyPools(
    healthy,
    'prod-pool',
    split(shape.machines - machinesNow, shape.nodePools - 1),
    shiftMs,
  );
  hcNs.objects.push(...copies.nodePools);
  cpNs.objects.push(...copies.capi);
  const guest = dump.guest;
  guest.nodes = [...guest.nodes, ...copies.nodes].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  // Real-size Nodes: the images of both releases the workers ran, and the workloads'.
  for (const n of guest.nodes)
    (n.status as JsonObject).images = nodeImages(`bench-hosted`, nameOf(n), {
      running: [
        artImage('4.19.9:ovn-kubernetes'),
        artImage('4.19.9:multus-cni'),
        artImage('4.19.9:pod'),
      ],
      releases: [r4199.version, r41822.version],
      count: preset.nodeImages,
    });

  const tree = new BenchTree(dir);
  writeHostedDump(tree, dump);

  // ------------------------------------------------------------ the guest's workloads
  const cluster = newCluster('bench-hosted-guest', {
    clusterName: guest.name,
    baseDomain: 'hcp.example.com',
    region: 'us-east-2',
    nodeDomain: 'us-east-2.compute.internal',
    installTime: at('2025-08-06T15:12:40Z'),
    gatherStart: gather,
    managedFields: true,
  });
  const env: PodEnv = {
    cluster,
    rel: r4199,
    gather,
    // The control plane's update started about four hours before the gather.
    updateStart: plusSeconds(gather, -4 * 3600),
    nodeLogScale: preset.logScale,
    fixedLogScale: preset.controlPlaneLogScale * fraction,
    ordinals: new Map(),
  };
  // A fraction keeps every Node, NodePool and Machine and runs node-level pods on its share of nodes.
  const all = nodeInfos(guest.nodes, []);
  const nodes: NodeInfo[] = all.slice(0, Math.max(1, Math.round(all.length * fraction)));
  const operators = new Set(guest.clusterOperators.map(nameOf));
  // A hosted cluster's guest has workers only: no master sets, no static control plane.
  const sets = nodeSets.filter(
    (d) => (d.on === 'all' || d.on === 'nonMaster') && (d.tier !== 'addOn' || preset.addOns),
  );
  const ctrls = controllers.filter((c) =>
    c.addOn ? preset.addOns : c.kind !== 'Static' && c.co !== undefined && operators.has(c.co),
  );
  const taken = new Set(guest.namespaces.map((n) => nameOf(n.namespace)));
  const names = [...new Set([...sets.map((d) => d.ns), ...ctrls.map((c) => c.ns)])]
    .filter((n) => !taken.has(n))
    .sort();
  for (const name of names) {
    const plans: PodPlan[] = [];
    for (const d of sets.filter((s) => s.ns === name)) plans.push(...nodeSetPods(env, d, nodes));
    for (const c of ctrls.filter((c) => c.ns === name))
      plans.push(...controllerPods(env, c, nodes));
    writeNamespace(tree, `hostedcluster-${guest.name}`, env, {
      name,
      created: plusSeconds(cluster.installTime, 200 + ((name.length * 37) % 600)),
      managed: !ctrls.some((c) => c.ns === name && c.addOn),
      plans,
      listedOnly: [],
      seedPods: [],
      written: new Set(),
    });
  }

  const nodePools = hcNs.objects.filter((o) => kindOf(o) === 'NodePool').length;
  return {
    dir,
    preset: preset.name,
    fraction,
    files: tree.fileCount,
    bytes: tree.byteCount,
    nodes: guest.nodes.length,
    operators: operators.size,
    pools: nodePools,
    machines: cpNs.objects.filter((o) => kindOf(o) === 'Machine').length,
    renderedConfigs: 0,
    checkedKinds: [...tree.checked],
  };
}
