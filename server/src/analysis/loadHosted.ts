/**
 * The management side of a hosted cluster (`GatherRoot.hosted`): its HostedCluster, its
 * NodePools and their Cluster API Machines, read from the dump's management part.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadKind, probeKind } from './loadKinds';
import { machineFilesToRead } from './hostedMachineFiles';
import type { LoadContext } from './loadKinds';
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { CapiMachine, CapiMachineSet, HostedCluster, NodePool } from '../model/hosted';
import type { HostedPart } from '../model/hosted';
import type { Node } from '../model/node';
import { loadControlPlane } from './loadHostedControlPlane';

/**
 * @param guestNodes the hosted cluster's nodes: those a rule names with their Machine have it read.
 * @param everyMachine read the Machines of settled NodePools too (hovers, the timeline).
 */
export async function loadHosted(
  ctx: LoadContext,
  index: GatherIndex,
  guestNodes: readonly Node[],
  everyMachine: boolean,
): Promise<HostedPart | undefined> {
  const h = index.root.hosted;
  if (!h) return undefined;
  const hs = 'hypershift.openshift.io';
  const [clusters, pools, machineSets] = await Promise.all([
    loadKind(ctx, filesOf(index, hs, 'hostedclusters'), HostedCluster, 'HostedCluster'),
    loadKind(ctx, filesOf(index, hs, 'nodepools'), NodePool, 'NodePool'),
    loadKind(ctx, filesOf(index, 'cluster.x-k8s.io', 'machinesets'), CapiMachineSet, 'MachineSet'),
  ]);
  const cluster = clusters.find((c) => c.name === h.name);
  const files = filesOf(index, 'cluster.x-k8s.io', 'machines');
  if (!cluster) {
    await probeKind(ctx, files, 'Machine');
    return undefined;
  }
  // A NodePool naming a HostedCluster the dump does not hold belongs to no root: say so once.
  const hcFile = (name: string) =>
    join(h.dump, 'namespaces', h.namespace, hs, 'hostedclusters', `${name}.yaml`);
  const stray = pools
    .filter((p) => p.clusterName !== h.name && !existsSync(hcFile(p.clusterName ?? '')))
    .map((p) => `${p.name} -> ${p.clusterName ?? '(none)'}`);
  // NodePools of other HostedClusters of the namespace are theirs.
  const nodePools = pools.filter((p) => p.clusterName === h.name);
  const chosen = everyMachine
    ? { read: files, unread: [], unreadByPool: new Map<string, number>() }
    : machineFilesToRead(files, nodePools, machineSets, guestNodes);
  const machines = await loadKind(ctx, chosen.read, CapiMachine, 'Machine');
  // The Machines left unread still get a look at their first bytes: a corrupt one is a finding.
  await probeKind(ctx, chosen.unread, 'Machine');
  // The drainer's log says why an in-place update's drain fails: read only while one updates.
  const inPlaceUpdating = nodePools.some((p) => p.upgradeType === 'InPlace' && p.updating);
  // Cluster API's log says which pod a Machine's drain cannot evict: read only while one drains
  // and its condition names no pod (before 4.19: Cluster API 1.9 lists them, `* Pod <ns>/<name>: …`).
  const machinesDraining = machines.some((m) => {
    const drain = m.condition('DrainingSucceeded');
    return m.deletionTimestamp && drain?.status === 'False' && !drain.message.includes('* Pod ');
  });
  return {
    cluster,
    nodePools,
    machines,
    machineSets,
    ...(chosen.unreadByPool.size > 0 ? { unreadMachines: chosen.unreadByPool } : {}),
    ...(stray.length > 0 ? { strayNodePools: stray } : {}),
    controlPlane: await loadControlPlane(ctx, index, cluster.controlPlaneNamespace, cluster.name, {
      inPlaceUpdating,
      machinesDraining,
    }),
  };
}
