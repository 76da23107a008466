/**
 * Extra nodes for the custom pools: healthy workers relabelled into their pool, updated to the
 * pool's current rendered config during the same 4.7.4 update (in batches of maxUnavailable),
 * with their machine-config-daemon pods. And a flat view of every node for the pod generators.
 */
import { k8sSuffix, Prng } from '../../scripts/fixtures/det';
import { placeNode, nodeObject, type NodePlan } from '../../scripts/fixtures/fleet';
import { isJsonObject, type JsonObject } from '../../scripts/fixtures/json';
import { Log } from '../../scripts/fixtures/logs';
import { addManagedFields } from '../../scripts/fixtures/managed-fields';
import { mcdStartedAfterReboot } from '../../scripts/fixtures/mcolines';
import { daemonPodsFor } from '../../scripts/fixtures/node-pods';
import type { PodWithLogs } from '../../scripts/fixtures/pods';
import type { Cluster, Release } from '../../scripts/fixtures/release';
import { nameOf } from '../../scripts/fixtures/snapshot';
import { at, plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import type { CustomPoolPlan } from './rendered';

export interface NodeInfo {
  name: string;
  ip: string;
  zone: string;
  /** master, worker, or the custom pool. */
  pool: string;
  bootedAt: Nanos;
  /** Position in name order: picks the node's pod subnet. */
  index: number;
  /** Pods on this node have their logs saved as `*.insecure.log` (kubelet serving cert not trusted). */
  insecure: boolean;
}

/** Batches of `maxUnavailable` nodes, one every nine minutes from the pool's update start. */
function bootTime(start: Nanos, i: number, maxUnavailable: number, r: Prng): Nanos {
  return plusSeconds(start, 60 + Math.floor(i / maxUnavailable) * 540 + r.int(0, 120));
}

export function extraNodes(
  cluster: Cluster,
  o: {
    pools: (CustomPoolPlan & { instanceType: string })[];
    current: Map<string, { previous: string; current: string }>;
    seedNodes: JsonObject[];
    rel: Release;
    poolsTarget: Nanos;
    mcdRollout: Nanos;
    gather: Nanos;
  },
): { nodes: JsonObject[]; mcdPods: PodWithLogs[] } {
  const used = new Set(o.seedNodes.map(nameOf));
  const prng = new Prng(`bench:${cluster.seed}:nodes`);
  const zones = ['a', 'b', 'c'];
  const plans: NodePlan[] = [];
  const nodes: JsonObject[] = [];
  for (const p of o.pools) {
    const cfg = o.current.get(p.name);
    if (!cfg) throw new Error(`no rendered config for pool ${p.name}`);
    for (let i = 0; i < p.nodes; i++) {
      const zone = zones[i % 3] ?? 'a';
      const place = placeNode(cluster, prng, zone, used);
      const bootedAt = bootTime(o.poolsTarget, i, p.maxUnavailable, prng);
      const mcd = new Log(`bench:${cluster.seed}:mcd:${place.name}`, 2000 + prng.int(100, 900));
      const mcdStartedAt = plusSeconds(bootedAt, 36);
      mcdStartedAfterReboot(
        mcd,
        mcdStartedAt,
        o.rel,
        place.name,
        { from: cfg.previous, to: cfg.current },
        0.6,
      );
      const plan: NodePlan = {
        ...place,
        role: 'worker',
        instanceType: p.instanceType,
        machine: `${cluster.infraId}-${p.name}-${place.zone}-${k8sSuffix(`${cluster.seed}:machine:${p.name}:${i}`, 5)}`,
        created: plusSeconds(p.created, 300 + i * 41),
        running: o.rel,
        current: cfg.current,
        desired: cfg.current,
        state: 'Done',
        reason: '',
        bootedAt,
        mcd,
        mcdStartedAt,
        mcdRestarts: 1,
        mcdPreviousStart: plusSeconds(o.mcdRollout, 20 + ((i * 7) % 300)),
      };
      plans.push(plan);
      const n = nodeObject(cluster, plan, plusSeconds(o.gather, -23));
      const md = n.metadata as JsonObject;
      (md.labels as JsonObject)[`node-role.kubernetes.io/${p.name}`] = '';
      addManagedFields(n, 'v1', [
        {
          manager: 'kubelet',
          time: plusSeconds(o.gather, -23),
          paths: [
            'metadata>annotations>volumes.kubernetes.io/controller-managed-attach-detach',
            'metadata.labels',
            'status.addresses!',
            'status.allocatable',
            'status.capacity',
            'status.conditions',
            'status.daemonEndpoints',
            'status.images!',
            'status.nodeInfo',
          ],
        },
        {
          manager: 'oc',
          time: plusSeconds(plan.created, 240),
          paths: [`metadata>labels>node-role.kubernetes.io/${p.name}`],
        },
        {
          manager: 'machine-config-controller',
          time: plusSeconds(o.poolsTarget, 40 + Math.floor(i / p.maxUnavailable) * 540),
          paths: ['metadata>annotations>machineconfiguration.openshift.io/desiredConfig'],
        },
        {
          manager: 'machine-config-daemon',
          time: plusSeconds(bootedAt, 38),
          paths: [
            'metadata>annotations>machineconfiguration.openshift.io/currentConfig',
            'metadata>annotations>machineconfiguration.openshift.io/reason',
            'metadata>annotations>machineconfiguration.openshift.io/state',
          ],
        },
      ]);
      nodes.push(n);
    }
  }
  const mcdPods = daemonPodsFor(cluster, o.rel, plans, o.mcdRollout, o.gather);
  return { nodes, mcdPods };
}

function label(n: JsonObject, key: string): string | undefined {
  const md = n.metadata as JsonObject;
  const labels = isJsonObject(md.labels) ? md.labels : {};
  const v = labels[key];
  return typeof v === 'string' ? v : undefined;
}

/** Every node as the pod generators need it, in name order. */
export function nodeInfos(nodes: JsonObject[], customPools: string[]): NodeInfo[] {
  const sorted = [...nodes].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  return sorted.map((n, index) => {
    const status = n.status as JsonObject;
    const addresses = status.addresses as JsonObject[];
    const ip = String(addresses.find((a) => a.type === 'InternalIP')?.address ?? '');
    const ready = (status.conditions as JsonObject[]).find((c) => c.type === 'Ready');
    const custom = customPools.find((p) => label(n, `node-role.kubernetes.io/${p}`) === '');
    const pool =
      label(n, 'node-role.kubernetes.io/master') === '' ? 'master' : (custom ?? 'worker');
    return {
      name: nameOf(n),
      ip,
      zone: label(n, 'topology.kubernetes.io/zone') ?? '',
      pool,
      bootedAt: at(String(ready?.lastTransitionTime)),
      index,
      // A few custom-pool nodes whose kubelet serving certificate the gather could not verify.
      insecure: custom !== undefined && index % 43 === 21,
    };
  });
}
