/**
 * Hovers on a hosted cluster's management objects (HyperShift): the HostedCluster's and a
 * NodePool's conditions against their healthy values, where each stands in the update (the
 * NodePool's version against the control plane's, with the skew rule), and a Machine's drain.
 */
import { newerMinor } from '../../model/release';
import { ago, plural } from '../../core/text';
import { clipped, code, sections, text } from '../../core/markdown';
import type { Condition } from '../../model/condition';
import { versionOfImage, versionOfRelease } from '../../model/assessment/hosted';
import { inPlaceSetOf, machinesOf } from '../../model/hosted';
import type { CapiMachine, HostedCluster, HostedPart, NodePool } from '../../model/hosted';
import { podList } from '../../model/drainLog';
import type { MachineDrainFailures } from '../../model/hostedDrainLog';
import { conditionAt, conditionTable } from './conditions';

/** The healthy status of each HostedCluster condition (hypershift `hostedcluster_conditions.go`). */
const clusterExpected: Record<string, string> = {
  Available: 'True',
  Degraded: 'False',
  Progressing: 'False',
  ValidReleaseImage: 'True',
  ValidConfiguration: 'True',
  SupportedHostedCluster: 'True',
  IgnitionEndpointAvailable: 'True',
  ReconciliationActive: 'True',
  ClusterVersionSucceeding: 'True',
  ClusterVersionAvailable: 'True',
  ClusterVersionUpgradeable: 'True',
  ClusterVersionReleaseAccepted: 'True',
  EtcdAvailable: 'True',
  KubeAPIServerAvailable: 'True',
  InfrastructureReady: 'True',
  ValidHostedControlPlaneConfiguration: 'True',
  ValidReleaseInfo: 'True',
  DataPlaneConnectionAvailable: 'True',
  ControlPlaneConnectionAvailable: 'True',
};

/** The healthy status of each NodePool condition once its rollout is done (`nodepool_conditions.go`). */
const poolExpected: Record<string, string> = {
  Ready: 'True',
  UpdatingVersion: 'False',
  UpdatingConfig: 'False',
  UpdatingPlatformMachineTemplate: 'False',
  AllMachinesReady: 'True',
  AllNodesHealthy: 'True',
  ValidReleaseImage: 'True',
  ValidMachineConfig: 'True',
  ValidGeneratedPayload: 'True',
  ReachedIgnitionEndpoint: 'True',
  ValidPlatformImage: 'True',
  ReconciliationActive: 'True',
  SupportedVersionSkew: 'True',
};

/** What a condition means for an update, for the hovered one. */
const meaning: Record<string, string> = {
  ClusterVersionSucceeding:
    "The guest cluster-version operator's `Failing` condition with its status inverted: False means the CVO is failing.",
  ClusterVersionUpgradeable:
    'False blocks updates to the next minor version of the control plane (unless the `hypershift.openshift.io/force-upgrade-to` annotation names the image); patch updates proceed.',
  UpdatingVersion:
    'True while the NodePool rolls its workers to a new release; `status.version` changes only when every machine runs it.',
  ValidReleaseImage:
    "False stops the rollout before it starts: an image that cannot be read, or a NodePool minor past the control plane's newest Completed minor.",
};

function row(c: Condition | undefined, expected: Record<string, string>): string | undefined {
  if (!c) return undefined;
  const want = Object.hasOwn(expected, c.type) ? expected[c.type] : undefined;
  const status = text(clipped(c.status, 60));
  const head = `${text(clipped(c.type, 60))}: expected ${want ?? '—'}, actual ${want !== undefined && want !== c.status ? `**${status}**` : status}`;
  const why = Object.hasOwn(meaning, c.type) ? meaning[c.type] : undefined;
  return [head, why].filter((s) => s !== undefined).join('\n\n');
}

export function hostedClusterHover(
  part: HostedPart,
  hc: HostedCluster,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  if (path[0] !== 'status') return undefined;
  const latest = hc.history[0];
  const where = latest
    ? `${latest.state === 'Completed' ? 'at' : 'updating to'} ${code(latest.version)} (${latest.state}${latest.completionTime ? `, ${ago(latest.completionTime, gatherTime)}` : ''})`
    : 'no version history';
  const pools = part.nodePools.map(
    (p) => `${code(p.name)} ${p.version ?? '?'}${p.updating ? ' (updating)' : ''}`,
  );
  const hovered = conditionAt(hc.conditions, path);
  return sections(
    `**HostedCluster ${code(hc.name)}**: control plane ${where}; NodePools update on their own: ${pools.join(', ') || 'none in the dump'}`,
    row(hovered, clusterExpected),
    path[1] === 'conditions'
      ? conditionTable(hc.conditions, clusterExpected, gatherTime, hovered)
      : undefined,
    explained,
  );
}

export function nodePoolHover(
  part: HostedPart,
  pool: NodePool,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  if (path[0] !== 'status' && !(path[0] === 'spec' && path[1] === 'release')) return undefined;
  const cp = part.cluster.completedVersion;
  const target =
    pool.targetVersion ?? versionOfImage(pool.releaseImage) ?? versionOfRelease(part.cluster, pool);
  const machines = machinesOf(part, pool);
  const deleting = machines.filter((m) => m.deletionTimestamp).length;
  const skew =
    target && cp
      ? `Skew: a NodePool's minor may not pass the control plane's newest Completed minor (${code(cp)}); its target ${code(target)} ${newerMinor(target, cp) ? '**is ahead: the rollout waits for the control plane**' : 'is within it'}.`
      : undefined;
  const hovered = conditionAt(pool.conditions, path);
  return sections(
    `**NodePool ${code(pool.name)}** (${pool.upgradeType ?? 'upgrade type not set'}): ${pool.version ?? 'no version yet'}${pool.updating ? ` → ${target ?? '?'} (updating)` : ''}; ${machines.length} machines${deleting ? `, ${deleting} being deleted` : ''}`,
    skew,
    inPlaceLine(part, pool),
    row(hovered, poolExpected),
    path[1] === 'conditions'
      ? conditionTable(pool.conditions, poolExpected, gatherTime, hovered)
      : undefined,
    explained,
  );
}

/** An InPlace NodePool's progress, as its MachineSet carries it (the in-place upgrader's annotations). */
function inPlaceLine(part: HostedPart, pool: NodePool): string | undefined {
  const set = pool.upgradeType === 'InPlace' ? inPlaceSetOf(part, pool) : undefined;
  if (!set) return undefined;
  if (set.inPlaceFailure !== undefined)
    return `In place: stopped (MachineSet ${code(set.name)}): ${text(clipped(set.inPlaceFailure, 300))}`;
  const c = set.inPlaceCount;
  return c
    ? `In place: ${c.upgraded} of ${c.total} nodes updated to config ${code(set.targetConfigVersion ?? '?')} (MachineSet ${code(set.name)})`
    : undefined;
}

/** @param logged what the cluster-api manager's log says of this Machine's drain (before 4.19). */
export function machineHover(
  m: CapiMachine,
  gatherTime: Date | undefined,
  explained?: string,
  logged?: MachineDrainFailures,
): string {
  const drain = m.condition('DrainingSucceeded');
  const pods = logged && podList(logged.pods);
  return sections(
    `**Machine ${code(m.name)}** of NodePool ${code(m.nodePool ?? '?')}: ${m.phase ?? 'no phase'}, node ${code(m.nodeName ?? 'none yet')}` +
      (m.deletionTimestamp
        ? `; deleted ${ago(m.deletionTimestamp, gatherTime)}, waiting for its node to drain`
        : ''),
    drain && drain.status !== 'True'
      ? `DrainingSucceeded=${text(drain.status)} (${text(drain.reason)}): ${text(clipped(drain.message, 600))}`
      : undefined,
    logged
      ? `cluster-api's log: ${plural(logged.refusals, 'eviction')} refused${pods ? ` (${text(pods)})` : ''}, ${plural(logged.attempts, 'drain attempt')} failed${logged.first ? `, the first ${ago(logged.first, gatherTime)}` : ''}; the newest: ${text(clipped(logged.error, 300))}`
      : undefined,
    explained,
  );
}
