/**
 * The log files of one container of a hosted cluster's control plane: the `hypershift dump`'s
 * flat files `namespaces/<cp-ns>/core/pods/logs/<pod>-<container>[-previous].log`, as the index
 * lists them, split by the control-plane pods' containers (`flatLogsOf`). Other namespaces
 * of the dump's management part (the `hypershift` operator's, other hosted clusters') are refused.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { controlPlaneNamespace, flatLogsOf } from '../service';
import type { LogFile } from '../service';
import type { Analysed } from './analysed';
import { listed } from './containerLogs';
import type { ContainerRef } from './containerLogs';
import { Refusal } from './refusal';

/**
 * The container's files, newest first, when `c` names the hosted cluster's control-plane
 * namespace; undefined when it is not a namespace of the dump's management part (the guest's).
 */
export async function findHostedLogs(
  a: Analysed,
  c: ContainerRef,
): Promise<{ pod: string; files: LogFile[] } | undefined> {
  const h = a.gather.root.hosted;
  if (!h) return undefined;
  const cpNamespace = controlPlaneNamespace(h);
  if (c.namespace !== cpNamespace) {
    // The guest's own namespace of that name, when it has one, is read as in any must-gather.
    const guestPods = join(a.gather.root.path, 'namespaces', c.namespace, 'pods');
    if (h.guest !== undefined && (await lstat(guestPods).catch(() => undefined))) return undefined;
    if (
      c.namespace === h.namespace ||
      !(await lstat(join(h.dump, 'namespaces', c.namespace)).catch(() => undefined))
    )
      return undefined;
    throw new Refusal(
      `namespace ${c.namespace} is in the hypershift dump's management part, not this hosted cluster's: refused, only its control-plane namespace ${cpNamespace} is read there`,
    );
  }
  const pods = a.analysis.snapshot.hosted?.controlPlane?.pods ?? [];
  const all = flatLogsOf(a.analysis.index, cpNamespace, pods).filter(
    (x) => x.container.pod === c.pod || x.container.pod.startsWith(`${c.pod}-`),
  );
  const mine = all.filter((x) => x.container.container === c.container);
  if (mine.length === 1) {
    const [only] = mine as [(typeof mine)[number]];
    return { pod: only.container.pod, files: only.files };
  }
  if (mine.length > 1)
    throw new Refusal(
      `${mine.length} pods match ${c.pod}: name one (${listed(mine.map((x) => x.container.pod))})`,
    );
  const containers = [...new Set(all.map((x) => `${x.container.pod}/${x.container.container}`))];
  if (containers.length > 0)
    throw new Refusal(
      `no logs of container ${c.container} in pod ${c.pod} of the control plane; containers with logs: ${listed(containers.sort())}`,
    );
  const known = pods.filter((p) => p.name === c.pod || p.name.startsWith(`${c.pod}-`));
  throw new Refusal(
    known.length > 0
      ? `the hypershift dump holds no log of pod ${c.pod} in the control-plane namespace ${cpNamespace} (a pod that never started has none)`
      : `no pod ${c.pod} in the control-plane namespace ${cpNamespace} of ${a.gather.id}; pods gathered: ${listed(pods.map((p) => p.name).sort())}`,
  );
}
