/**
 * The hosted cluster's konnectivity agents (`kube-system/konnectivity-agent-*` in the guest),
 * the evidence `hostedcluster-konnectivity-down` names: read when the HostedCluster says the
 * tunnel between its control plane and its workers is down, or when it cannot say (releases
 * before 4.21 have no connection condition), so that agents that all fail still show.
 */
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import type { HostedPart } from '../model/hosted';
import { Pod } from '../model/pod';
import { loadKind } from './loadKinds';
import type { LoadContext } from './loadKinds';

/** The conditions whose False means the tunnel is down (hypershift HCCO `resources.go`). */
const connectionConditions = [
  'DataPlaneConnectionAvailable',
  'ControlPlaneConnectionAvailable',
] as const;

export async function loadKonnectivityPods(
  ctx: LoadContext,
  index: GatherIndex,
  hosted: HostedPart | undefined,
): Promise<Pod[]> {
  if (!hosted) return [];
  const reported = connectionConditions.map((t) => hosted.cluster.condition(t));
  const down = reported.some((c) => c?.status === 'False');
  if (!down && reported.some((c) => c !== undefined)) return [];
  const files = filesOf(index, 'core', 'pods').filter(
    (f) => f.resource.namespace === 'kube-system',
  );
  const lists = files.filter((f) => f.list);
  const pods = await loadKind(ctx, lists.length > 0 ? lists : files, Pod, 'Pod', 'pods');
  return pods.filter((p) => p.name.startsWith('konnectivity-agent-'));
}
