/**
 * The management side of a hosted cluster (`GatherRoot.hosted`): its HostedCluster, its
 * NodePools and their Cluster API Machines, read from the dump's management part.
 */
import { loadKind } from './loadKinds';
import type { LoadContext } from './loadKinds';
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { CapiMachine, CapiMachineSet, HostedCluster, NodePool } from '../model/hosted';
import type { HostedPart } from '../model/hosted';

export async function loadHosted(
  ctx: LoadContext,
  index: GatherIndex,
): Promise<HostedPart | undefined> {
  const h = index.root.hosted;
  if (!h) return undefined;
  const hs = 'hypershift.openshift.io';
  const [clusters, pools, machines, machineSets] = await Promise.all([
    loadKind(ctx, filesOf(index, hs, 'hostedclusters'), HostedCluster, 'HostedCluster'),
    loadKind(ctx, filesOf(index, hs, 'nodepools'), NodePool, 'NodePool'),
    loadKind(ctx, filesOf(index, 'cluster.x-k8s.io', 'machines'), CapiMachine, 'Machine'),
    loadKind(ctx, filesOf(index, 'cluster.x-k8s.io', 'machinesets'), CapiMachineSet, 'MachineSet'),
  ]);
  const cluster = clusters.find((c) => c.name === h.name);
  if (!cluster) return undefined;
  return {
    cluster,
    // NodePools of other HostedClusters of the namespace are theirs.
    nodePools: pools.filter((p) => p.clusterName === h.name),
    machines,
    machineSets,
  };
}
