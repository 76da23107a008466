/**
 * A hosted cluster's control-plane namespace, read from a `hypershift dump`'s management part:
 * its HostedControlPlane and ControlPlaneComponents, Deployments and StatefulSets, pods, etcd's
 * volume claims, and the end of the flat log of each failing container (the previous run's for
 * a crash loop), at most `maxFailingLogs`, each bounded by `maxLogMiB` and read from its end.
 */
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex, IndexedFile } from '../gather/gatherIndex';
import { flatContainerLogs } from '../gather/flatLogs';
import {
  ControlPlaneComponent,
  HostedControlPlane,
  PersistentVolumeClaim,
  failingControlPlanePods,
  pendingEtcdClaims,
} from '../model/hostedControlPlane';
import type { ControlPlane } from '../model/hostedControlPlane';
import { maxWarningEvents, newestFirst, readEvents } from '../model/events';
import type { KubeEvent } from '../model/events';
import { hostedDrainFailures, machineDrainFailures } from '../model/hostedDrainLog';
import { Pod } from '../model/pod';
import { Workload } from '../model/workload';
import { loadKind } from './loadKinds';
import type { LoadContext } from './loadKinds';
import { failingTail, readLogText } from './podLogsRead';

/** At most this many failing containers have their log read. */
const maxFailingLogs = 10;

export async function loadControlPlane(
  ctx: LoadContext,
  index: GatherIndex,
  namespace: string,
  hcpName: string,
  /** Read the drainers' logs: the HCCO's while an InPlace NodePool updates, Cluster API's while a Machine drains. */
  drains: { inPlaceUpdating?: boolean; machinesDraining?: boolean } = {},
): Promise<ControlPlane> {
  const here = (group: string, plural: string): IndexedFile[] =>
    filesOf(index, group, plural).filter((f) => f.resource.namespace === namespace);
  const hs = 'hypershift.openshift.io';
  const [hcps, components, pods, deployments, statefulSets, pvcs] = await Promise.all([
    loadKind(ctx, here(hs, 'hostedcontrolplanes'), HostedControlPlane, 'HostedControlPlane'),
    loadKind(
      ctx,
      here(hs, 'controlplanecomponents'),
      ControlPlaneComponent,
      'ControlPlaneComponent',
    ),
    loadKind(ctx, here('core', 'pods'), Pod, 'Pod'),
    loadKind(ctx, here('apps', 'deployments'), Workload, 'Deployment'),
    loadKind(ctx, here('apps', 'statefulsets'), Workload, 'StatefulSet'),
    loadKind(
      ctx,
      here('core', 'persistentvolumeclaims'),
      PersistentVolumeClaim,
      'PersistentVolumeClaim',
    ),
  ]);
  const cp: ControlPlane = {
    namespace,
    components,
    pods,
    workloads: [...deployments, ...statefulSets],
    pvcs,
    logTails: new Map(),
    events: [],
  };
  const hcp = hcps.find((h) => h.name === hcpName) ?? hcps[0];
  if (hcp) cp.hcp = hcp;
  await readFailingLogs(ctx, index, cp);
  if (drains.inPlaceUpdating) await readDrainerLog(ctx, index, cp);
  if (drains.machinesDraining) await readMachineDrainLog(ctx, index, cp);
  if (failingControlPlanePods(cp).length > 0 || pendingEtcdClaims(cp).length > 0)
    cp.events = await readWarnings(ctx, here('core', 'events'));
  return cp;
}

/** At most this many event files are read: the namespace keeps 3 hours of them, one per file. */
const maxEventFiles = 2000;

/** The Warning events of the namespace's files (one Event each in a dump), newest first. */
async function readWarnings(ctx: LoadContext, files: IndexedFile[]): Promise<KubeEvent[]> {
  const out: KubeEvent[] = [];
  for (const f of files.slice(-maxEventFiles)) {
    const r = await ctx.cache.get(f.path, 'events');
    ctx.filesRead.push(f.path);
    if (!r.ok) continue;
    const read = readEvents(r.parsed.docs[0]?.value, f.path, f.resource.namespace);
    if (read.ok) out.push(...read.events);
  }
  return newestFirst(out).slice(0, maxWarningEvents);
}

/**
 * The flat logs of these control-plane pods, by container (names split by the pods' containers):
 * for the analysis and the agent's log tool alike.
 */
export function flatLogsOf(index: GatherIndex, namespace: string, pods: readonly Pod[]) {
  return flatContainerLogs(
    index.logs,
    pods.map((p) => ({ namespace, pod: p.name, containers: p.containers.map((c) => c.name) })),
  );
}

/** The hosted cluster config operator's current log, for its drainer's failures (InPlace NodePools). */
async function readDrainerLog(ctx: LoadContext, index: GatherIndex, cp: ControlPlane) {
  const operator = 'hosted-cluster-config-operator';
  const pods = cp.pods.filter((p) => p.name.startsWith(`${operator}-`));
  for (const { container: c, files } of flatLogsOf(index, cp.namespace, pods)) {
    const file = files.find((f) => f.instance !== 'previous');
    if (c.container !== operator || !file) continue;
    const text = await readLogText(ctx, index, file.path);
    if (text === undefined) continue;
    const failures = hostedDrainFailures(text);
    if (failures.size > 0) cp.drainLog = { file: file.path, failures };
    return;
  }
}

/**
 * The cluster-api manager's current log, for the drains its Machine controller could not finish
 * (Replace NodePools; before 4.19 the Machine's condition does not say which pod refuses).
 */
async function readMachineDrainLog(ctx: LoadContext, index: GatherIndex, cp: ControlPlane) {
  const pods = cp.pods.filter((p) => p.name.startsWith('cluster-api-'));
  for (const { container: c, files } of flatLogsOf(index, cp.namespace, pods)) {
    const file = files.find((f) => f.instance !== 'previous');
    if (c.container !== 'manager' || !file) continue;
    const text = await readLogText(ctx, index, file.path);
    if (text === undefined) continue;
    const failures = machineDrainFailures(text, index.gatherTime);
    // A rollout of Cluster API itself leaves two pods: the one that logged the drain counts.
    if (failures.size === 0) continue;
    cp.machineDrainLog = { file: file.path, failures };
    return;
  }
}

/** The last error lines of each failing container's flat log, the previous run's when there is one. */
async function readFailingLogs(ctx: LoadContext, index: GatherIndex, cp: ControlPlane) {
  const wanted = new Set<string>();
  for (const { pod, failure } of failingControlPlanePods(cp)) {
    if (wanted.size >= maxFailingLogs) break;
    if (failure.kind === 'waiting' || failure.kind === 'oom-killed')
      wanted.add(`${cp.namespace}/${pod.name}/${failure.container.name}`);
  }
  if (wanted.size === 0) return;
  for (const { container: c, files } of flatLogsOf(index, cp.namespace, cp.pods)) {
    const key = `${c.namespace}/${c.pod}/${c.container}`;
    if (!wanted.has(key)) continue;
    const tail = await failingTail(ctx, index, files);
    if (tail) cp.logTails.set(key, tail);
  }
}
