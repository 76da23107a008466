/** The object of a snapshot that a place in a file belongs to, for hovers. */
import type { KubeObject } from '../../model/kubeObject';
import type { Snapshot } from '../../model/snapshot';
import { split } from '../../yaml/pointer';

/** Every object of a snapshot, for finding the one a file position belongs to. */
function objectsOf(s: Snapshot): KubeObject[] {
  return [
    ...(s.clusterVersion ? [s.clusterVersion] : []),
    ...s.operators,
    ...s.pools,
    ...s.nodes,
    ...s.pdbs,
    ...s.machineConfigs.values(),
    ...(s.hosted ? [s.hosted.cluster, ...s.hosted.nodePools, ...s.hosted.machines] : []),
    ...controlPlaneObjects(s),
  ];
}

/** A hosted cluster's control-plane objects: its HostedControlPlane, components, workloads, pods, claims. */
function controlPlaneObjects(s: Snapshot): KubeObject[] {
  const cp = s.hosted?.controlPlane;
  if (!cp) return [];
  return [...(cp.hcp ? [cp.hcp] : []), ...cp.components, ...cp.workloads, ...cp.pods, ...cp.pvcs];
}

/** The object whose source holds a path, and the path relative to that object. */
export function objectAt(
  s: Snapshot,
  file: string,
  doc: number,
  path: string[],
): [KubeObject, string[]] | undefined {
  for (const o of objectsOf(s)) {
    if (o.source.file !== file || o.source.doc !== doc) continue;
    const base = split(o.source.base);
    if (base.every((seg, i) => path[i] === seg)) return [o, path.slice(base.length)];
  }
  return undefined;
}
