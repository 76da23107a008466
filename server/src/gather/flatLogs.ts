/**
 * A hypershift dump's flat container logs (`namespaces/<ns>/core/pods/logs/<pod>-<container>.log`,
 * `...-previous.log` for the run before the last restart; hypershift `cmd/cluster/core/dump.go`).
 * Pod and container names both hold dashes, so a file name alone cannot be split: it is matched
 * against the pods the dump holds and their containers' names. A file no pod claims is left out.
 */
import { basename } from 'node:path';
import type { ContainerLogs, LogFile } from './podLogs';

/** A pod as far as its logs are concerned: where it is, and its containers' names (init ones too). */
export interface PodContainers {
  namespace: string;
  pod: string;
  containers: readonly string[];
}

/** The namespace of a flat log file: `namespaces/<ns>/core/pods/logs/<file>`. */
function namespaceOf(path: string): string | undefined {
  const p = path.split('\\').join('/');
  return /(?:^|\/)namespaces\/([^/]+)\/core\/pods\/logs\/[^/]+\.log$/.exec(p)?.[1];
}

/** The flat files among `paths`, grouped by the container they belong to, newest first. */
export function flatContainerLogs(
  paths: readonly string[],
  pods: readonly PodContainers[],
): ContainerLogs[] {
  // Every name a pod's containers could have written, to the container and the run.
  const byName = new Map<string, { pod: PodContainers; container: string; previous: boolean }>();
  for (const pod of pods) {
    for (const container of pod.containers) {
      const stem = `${pod.namespace}/${pod.pod}-${container}`;
      // A container really named `x-previous` wins over the previous run of `x`.
      if (!byName.has(`${stem}-previous`))
        byName.set(`${stem}-previous`, { pod, container, previous: true });
      byName.set(stem, { pod, container, previous: false });
    }
  }
  const out = new Map<string, ContainerLogs>();
  for (const path of paths) {
    const namespace = namespaceOf(path);
    if (namespace === undefined) continue;
    const hit = byName.get(`${namespace}/${basename(path).replace(/\.log$/, '')}`);
    if (!hit) continue;
    const container = { namespace, pod: hit.pod.pod, container: hit.container };
    const key = `${namespace}/${hit.pod.pod}/${hit.container}`;
    let c = out.get(key);
    if (!c) out.set(key, (c = { container, files: [] }));
    const file: LogFile = { path, container, instance: hit.previous ? 'previous' : 'current' };
    c.files.push(file);
  }
  for (const c of out.values())
    c.files.sort((a, b) => Number(a.instance === 'previous') - Number(b.instance === 'previous'));
  return [...out.values()];
}
