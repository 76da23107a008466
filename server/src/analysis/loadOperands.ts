/**
 * What the chain from an unhealthy operator to its failing pod reads beyond the pods: the
 * workloads of the operator's namespaces (`namespaces/<ns>/apps/*.yaml`), and the end of the
 * log of each failing container (the previous run's for a crash loop), bounded in count and in
 * bytes (`mustGatherInspector.limits.maxLogMiB`, read from the end).
 */
import { filesOf, podLogFiles } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { containerLogs } from '../gather/podLogs';
import type { OperandNamespaces } from '../model/operandNamespaces';
import type { Pod } from '../model/pod';
import { imagePullReasons, podFailure } from '../model/podFailures';
import type { PodLogTail } from '../model/snapshot';
import { Workload } from '../model/workload';
import type { WorkloadKind } from '../model/workload';
import { failingTail } from './podLogsRead';
import { loadKind } from './loadKinds';
import type { LoadContext } from './loadKinds';

const workloadPlurals: [string, WorkloadKind][] = [
  ['deployments', 'Deployment'],
  ['daemonsets', 'DaemonSet'],
  ['statefulsets', 'StatefulSet'],
  ['replicasets', 'ReplicaSet'],
];

/** At most this many failing containers have their log read. */
const maxFailingLogs = 10;

/** The workloads of the operand namespaces, every kind that owns pods. */
export async function loadOperandWorkloads(
  ctx: LoadContext,
  index: GatherIndex,
  operands: OperandNamespaces,
): Promise<Workload[]> {
  const namespaces = operands.operators;
  if (namespaces.size === 0) return [];
  const read = await Promise.all(
    workloadPlurals.map(([plural, kind]) =>
      loadKind(
        ctx,
        filesOf(index, 'apps', plural).filter((f) => namespaces.has(f.resource.namespace ?? '')),
        Workload,
        kind,
      ),
    ),
  );
  return read.flat();
}

/**
 * The last error lines of each failing container's log, keyed `<namespace>/<pod>/<container>`:
 * the previous run's log when there is one (it ended with the crash), else the current one.
 */
export async function loadFailingLogTails(
  ctx: LoadContext,
  index: GatherIndex,
  pods: readonly Pod[],
): Promise<Map<string, PodLogTail>> {
  const out = new Map<string, PodLogTail>();
  const wanted = new Set<string>();
  const failing: Pod[] = [];
  for (const p of pods) {
    const f = podFailure(p);
    if (f && (f.kind === 'waiting' || f.kind === 'oom-killed') && wanted.size < maxFailingLogs) {
      wanted.add(`${p.namespace ?? ''}/${p.name}/${f.container.name}`);
      failing.push(p);
    }
  }
  if (wanted.size === 0) return out;
  // The walk enters few namespaces' pod folders: a failing pod's are listed on demand.
  const listed = await Promise.all(
    failing.map((p) => podLogFiles(index.root, p.namespace ?? '', p.name)),
  );
  const paths = [...new Set([...index.logs, ...listed.flat()])];
  for (const { container: c, files } of containerLogs(paths)) {
    const key = `${c.namespace}/${c.pod}/${c.container}`;
    if (!wanted.has(key)) continue;
    const tail = await failingTail(ctx, index, files);
    if (tail) out.set(key, tail);
  }
  return out;
}

/** The namespaces of pods that cannot pull an image: their kubelet's events hold the registry's answer. */
export function imagePullNamespaces(pods: readonly Pod[]): string[] {
  const out = new Set<string>();
  for (const p of pods) {
    const f = podFailure(p);
    if (f?.kind === 'waiting' && imagePullReasons.has(f.reason) && p.namespace)
      out.add(p.namespace);
  }
  return [...out];
}
