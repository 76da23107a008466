/**
 * The boundary of one gather's reads: its real path and, for a hosted cluster of a `hypershift
 * dump`, its guest part (when collected) and the real paths of its HostedCluster's namespace and
 * its control-plane namespace in the dump's management part (where `placeInRoot` places its
 * files). A namespace folder that is a link out of the dump is left out, so never read through.
 */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from '../core/paths';
import { controlPlaneNamespace } from '../service';
import type { GatherRoot } from '../service';
import type { Boundary } from './confine';

export async function boundaryOf(root: GatherRoot): Promise<Boundary> {
  const real = await realpath(root.path);
  const h = root.hosted;
  if (!h) return { root: real, inside: [real] };
  const dump = await realpath(h.dump);
  // Without a guest part the root is the dump itself, whose nodes are the management cluster's.
  const inside = h.guest !== undefined ? [real] : [];
  for (const ns of [h.namespace, controlPlaneNamespace(h)]) {
    const folder = await realpath(join(h.dump, 'namespaces', ns)).catch(() => undefined);
    if (folder && isInside(folder, dump)) inside.push(folder);
  }
  return { root: real, inside };
}
