/**
 * The first look at one root (core/gatherSummary): built from its index, its snapshot and the gather's
 * own layout after the snapshot is loaded. It reads no file the snapshot did not read.
 */
import type { GatherSummary } from '../core/gatherSummary';
import { isoTime } from '../core/text';
import type { ParsedFileCache } from '../gather/fileCache';
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { arr, path, rec, str } from '../model/access';
import { migratingArchitecture, updateInFlight } from '../model/assessment/controlPlane';
import { maxOperandNamespaces } from '../model/operandNamespaces';
import type { Snapshot } from '../model/snapshot';

export async function summarizeGather(
  index: GatherIndex,
  snapshot: Snapshot,
  cache: ParsedFileCache,
): Promise<GatherSummary> {
  const cv = snapshot.clusterVersion;
  const layout = index.layout;
  const machineConfigs = await countMachineConfigs(index, cache);
  // A hosted cluster without its guest part: its HostedCluster holds the version and platform.
  const hc = cv ? undefined : snapshot.hosted?.cluster;
  const version = cv?.currentVersion ?? hc?.completedVersion;
  const target = targetOf(snapshot, version);
  const platform = snapshot.infrastructure?.platform ?? hc?.platform;
  const opt = <K extends string>(key: K, v: string | undefined) =>
    (v === undefined ? {} : { [key]: v }) as Partial<Record<K, string>>;
  // In the order a reader asks: which cluster, then how it was gathered, then what it holds.
  const s: GatherSummary = {
    root: index.root.path,
    ...opt('version', version),
    ...opt('target', target),
    ...opt('platform', platform),
    ...opt('clusterID', cv?.clusterID ?? hc?.clusterID),
    ...opt('channel', cv?.channel),
    ...opt('gatherTime', index.gatherTime ? isoTime(index.gatherTime) : undefined),
    form: layout.form,
    ...opt('image', layout.image),
    ...opt('ocVersion', layout.ocVersion),
    counts: {
      nodes: snapshot.nodes.length,
      pools: snapshot.pools.length,
      clusterOperators: snapshot.operators.length,
      machineConfigs,
    },
    notes: [],
  };

  const notes = s.notes;
  const c = s.counts;
  const nothing =
    !cv &&
    !snapshot.hosted &&
    c.clusterOperators === 0 &&
    c.nodes === 0 &&
    c.pools === 0 &&
    c.machineConfigs === 0 &&
    !snapshot.infrastructure;
  if (hc)
    notes.push(
      `no ClusterVersion: the release, platform and cluster ID are HostedCluster ${hc.name}'s (its status.version)`,
    );
  else if (!cv) notes.push('no ClusterVersion: the release, cluster ID and channel are unknown');
  if (c.clusterOperators === 0) notes.push('no ClusterOperators: the operators are not judged');
  if (nothing) {
    notes.push(
      'found nothing this tool reads (no pools, nodes, MachineConfigs or Infrastructure either)',
    );
  } else if (!snapshot.infrastructure && !hc) {
    notes.push('no Infrastructure: the platform is unknown');
  }
  if (cv && migratingArchitecture(cv)) {
    notes.push('migrating to the multi-architecture payload of the same release');
  }
  const leftOut = snapshot.operandNamespaces.leftOut;
  if (leftOut > 0) {
    notes.push(
      `pods of ${leftOut} more namespaces of unhealthy operators not judged: at most ${maxOperandNamespaces} namespaces are read`,
    );
  }
  const stray = snapshot.hosted?.strayNodePools ?? [];
  if (stray.length > 0)
    notes.push(
      `${stray.length === 1 ? 'a NodePool names' : `${stray.length} NodePools name`} a HostedCluster the dump does not hold (${stray.join(', ')}): not read`,
    );
  // The layout says why the gather time is unknown (no timestamp file, an unnamed Insights archive).
  notes.push(...layout.notes);
  return s;
}

/**
 * What the cluster is updating to, only while an update is in flight (Progressing=True or the
 * newest history entry Partial): that entry's release, else the desired one. The same release as
 * the current one is no update, unless it is a migration to the multi-architecture payload.
 */
function targetOf(snapshot: Snapshot, version: string | undefined): string | undefined {
  const cv = snapshot.clusterVersion;
  if (!cv || !updateInFlight(cv)) return undefined;
  const latest = cv.history[0];
  const target =
    (latest?.state === 'Partial' ? latest.version : '') || cv.desiredVersion || latest?.version;
  if (!target) return undefined;
  return target !== version || migratingArchitecture(cv) ? target : undefined;
}

/**
 * Every MachineConfig of the root, not only those pools and nodes name: one per file in the
 * index (by name), or, where the configs come only as a List (gather-extra's
 * `machineconfigs.json`), its items, from the parse the snapshot made of it.
 */
async function countMachineConfigs(index: GatherIndex, cache: ParsedFileCache): Promise<number> {
  const files = filesOf(index, 'machineconfiguration.openshift.io', 'machineconfigs');
  const singles = new Set(files.filter((f) => !f.list).map((f) => f.resource.name));
  if (singles.size > 0) return singles.size;
  const names = new Set<string>();
  let unnamed = 0;
  for (const f of files.filter((x) => x.list)) {
    // loadSnapshot read every List of configs in this mode: the cache answers.
    const r = await cache.get(f.path, 'head');
    if (!r.ok) continue;
    for (const d of r.parsed.docs) {
      for (const item of arr(rec(d.value)?.items)) {
        const o = rec(item);
        if (!o || (str(o.kind) ?? 'MachineConfig') !== 'MachineConfig') continue;
        const name = str(path(o, 'metadata', 'name'));
        if (name === undefined) unnamed++;
        else names.add(name);
      }
    }
  }
  return names.size + unnamed;
}
