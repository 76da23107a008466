/**
 * The log files of one container, named `<namespace>/<pod>/<container>` (a log finding's subject
 * without `log/`). In a must-gather the pod's folder is listed on demand, confined to the gather;
 * a pod may be named by the start of its name (`machine-config-daemon` when one pod matches,
 * or the list of those that do). Gather-extra and Insights logs come from the index.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { containerLogs, podLogFiles } from '../service';
import type { LogFile } from '../service';
import type { Analysed } from './analysed';
import { confined, confinedWay, plainName, subjectFilter } from './confine';
import { Refusal } from './refusal';

export interface ContainerRef {
  namespace: string;
  pod: string;
  container: string;
}

export function parseContainer(spec: string): ContainerRef {
  subjectFilter('container', spec, 'name a container as <namespace>/<pod>/<container>');
  const parts = (spec.startsWith('log/') ? spec.slice(4) : spec).split('/');
  if (parts.length !== 3)
    throw new Refusal(`${JSON.stringify(spec)}: name a container as <namespace>/<pod>/<container>`);
  return {
    namespace: plainName('namespace', parts[0] as string),
    pod: plainName('pod', parts[1] as string),
    container: plainName('container', parts[2] as string),
  };
}

/** Listed in a refusal; a namespace may hold hundreds of pods. */
const namesListed = 20;

export function listed(names: string[]): string {
  const more = names.length - namesListed;
  return names.slice(0, namesListed).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

/** The container's files, newest first (current, rotated, previous), and the pod as found. */
export async function findContainerLogs(
  a: Analysed,
  c: ContainerRef,
): Promise<{ pod: string; files: LogFile[] }> {
  const root = a.gather.root;
  let paths: string[];
  let pod = c.pod;
  if (root.kind === 'must-gather') {
    const podsRel = `namespaces/${c.namespace}/pods`;
    if (!(await lstat(join(root.path, podsRel)).catch(() => undefined)))
      throw new Refusal(`${a.gather.id} holds no pod logs of namespace ${c.namespace}`);
    const podsDir = await confined(a.gather.boundary, podsRel, podsRel, true);
    if (!(await lstat(join(root.path, podsRel, pod)).catch(() => undefined))) {
      const names = (await readdir(podsDir)).filter((n) => n.startsWith(`${c.pod}-`)).sort();
      if (names.length !== 1)
        throw new Refusal(
          names.length === 0
            ? `no pod ${c.pod} in namespace ${c.namespace} of ${a.gather.id}; pods gathered: ${listed((await readdir(podsDir)).sort())}`
            : `${names.length} pods of namespace ${c.namespace} start with ${c.pod}: name one (${listed(names)})`,
        );
      pod = names[0] as string;
    }
    const podRel = `${podsRel}/${pod}`;
    await confined(a.gather.boundary, podRel, podRel, true);
    // The folders below the pod (`<container>/<container>/logs`): a link out at any depth is
    // refused and said, not skipped into "no logs".
    await confinedWay(
      root.path,
      a.gather.boundary,
      `${podRel}/${c.container}/${c.container}/logs`,
      true,
    );
    paths = await podLogFiles(root, c.namespace, pod);
  } else {
    paths = a.analysis.index.logs;
  }
  const all = containerLogs(paths).filter(
    (x) =>
      x.container.namespace === c.namespace &&
      (x.container.pod === pod || x.container.pod.startsWith(`${pod}-`)),
  );
  const mine = all.filter((x) => x.container.container === c.container);
  if (mine.length === 0) {
    const containers = [
      ...new Set(all.map((x) => `${x.container.pod}/${x.container.container}`)),
    ].sort();
    throw new Refusal(
      containers.length > 0
        ? `no logs of container ${c.container} in pod ${pod}; containers with logs: ${listed(containers)}`
        : `no logs of pod ${pod} in namespace ${c.namespace} of ${a.gather.id}`,
    );
  }
  if (mine.length > 1)
    throw new Refusal(
      `${mine.length} pods match ${pod}: name one (${listed(mine.map((x) => x.container.pod))})`,
    );
  return { pod: mine[0]?.container.pod ?? pod, files: mine[0]?.files ?? [] };
}
