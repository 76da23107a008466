/**
 * The hosted cluster's konnectivity agents (`kube-system/konnectivity-agent-*` in the guest),
 * read only when the HostedCluster says the tunnel between its control plane and its workers is
 * down: the evidence `hostedcluster-konnectivity-down` names.
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
  const down = connectionConditions.some((t) => hosted?.cluster.condition(t)?.status === 'False');
  if (!down) return [];
  const files = filesOf(index, 'core', 'pods').filter(
    (f) => f.resource.namespace === 'kube-system',
  );
  const lists = files.filter((f) => f.list);
  const pods = await loadKind(ctx, lists.length > 0 ? lists : files, Pod, 'Pod', 'pods');
  return pods.filter((p) => p.name.startsWith('konnectivity-agent-'));
}
