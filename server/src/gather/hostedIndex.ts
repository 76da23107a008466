/**
 * The management part's files of one hosted cluster in a `hypershift dump`: its HostedCluster
 * and NodePools (in the HostedCluster's namespace) and, in its control-plane namespace, the
 * HostedControlPlane and the Cluster API objects. `oc adm inspect` writes each as a file of its
 * own (`namespaces/<ns>/<group>/<plural>/<name>.yaml`); nothing else of the management cluster
 * (its nodes, its version) is the hosted cluster's, so nothing else is indexed.
 */
import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { HostedRoot } from './discover';
import type { ResourcePath } from './resourcePath';

export interface HostedFile {
  path: string;
  rel: string;
  resource: ResourcePath;
}

/** The kinds read from the management part, by the namespace they live in. */
const inClusterNamespace = [
  ['hypershift.openshift.io', 'hostedclusters'],
  ['hypershift.openshift.io', 'nodepools'],
] as const;
const inControlPlane = [
  ['hypershift.openshift.io', 'hostedcontrolplanes'],
  ['cluster.x-k8s.io', 'machinedeployments'],
  ['cluster.x-k8s.io', 'machinesets'],
  ['cluster.x-k8s.io', 'machines'],
  // The control plane's own workloads (stall signatures 3 and 4): its components (4.18+), their
  // Deployments and etcd's StatefulSet, the pods, etcd's volume claims and the namespace's events
  // (`oc adm inspect` writes one file per Event: `<involved>.<id>.yaml`).
  ['hypershift.openshift.io', 'controlplanecomponents'],
  ['apps', 'deployments'],
  ['apps', 'statefulsets'],
  ['core', 'pods'],
  ['core', 'persistentvolumeclaims'],
  ['core', 'events'],
] as const;

/** The control-plane namespace: `<namespace>-<name>`, dots in the name as dashes (HyperShift's manifests.go). */
export function controlPlaneNamespace(h: Pick<HostedRoot, 'namespace' | 'name'>): string {
  return `${h.namespace}-${h.name.replace(/\./g, '-')}`;
}

/** Every file of those kinds, relative to `rootPath` (the guest part, or the dump). */
export function hostedFiles(h: HostedRoot, rootPath: string, notes: string[]): HostedFile[] {
  const out: HostedFile[] = [];
  const add = (namespace: string, group: string, plural: string) => {
    const folder = join(h.dump, 'namespaces', namespace, group, plural);
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        notes.push(`${folder}: folder not read (${code})`);
      return;
    }
    for (const e of entries) {
      if (!e.isFile() || !/\.ya?ml$/.test(e.name)) continue;
      const path = join(folder, e.name);
      const name = e.name.replace(/\.ya?ml$/, '');
      // The HostedCluster's file is this root's; another HostedCluster of the dump is another root.
      if (plural === 'hostedclusters' && name !== h.name) continue;
      out.push({
        path,
        rel: relative(rootPath, path).split(sep).join('/'),
        resource: { group, plural, namespace, name },
      });
    }
  };
  for (const [g, p] of inClusterNamespace) add(h.namespace, g, p);
  for (const [g, p] of inControlPlane) add(controlPlaneNamespace(h), g, p);
  return out;
}

/**
 * The control plane's container logs, as the dump fetches them through the API: flat files
 * `namespaces/<cp-ns>/core/pods/logs/<pod>-<container>[-previous].log`. Listed only; which pod
 * and container a name stands for is known once the pods are read (`flatContainerLogs`).
 */
export function hostedLogFiles(h: HostedRoot, notes: string[]): string[] {
  const folder = join(h.dump, 'namespaces', controlPlaneNamespace(h), 'core', 'pods', 'logs');
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') notes.push(`${folder}: folder not read (${code})`);
    return [];
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.log'))
    .map((e) => join(folder, e.name))
    .sort();
}

/**
 * How much of a file's path places it in a root (its length), or -1: a file under the root's
 * folder, or, for a hosted cluster, under its own namespaces of the dump's management part (a
 * NodePool's or a Machine's file belongs to the hosted cluster, not to the folder it sits in).
 */
export function placeInRoot(
  root: { path: string; hosted?: HostedRoot | undefined },
  file: string,
): number {
  if (file.startsWith(root.path + sep)) return root.path.length;
  const h = root.hosted;
  if (!h) return -1;
  for (const ns of [h.namespace, controlPlaneNamespace(h)]) {
    const folder = join(h.dump, 'namespaces', ns);
    if (file.startsWith(folder + sep)) return folder.length;
  }
  return -1;
}
