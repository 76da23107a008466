/**
 * Which Machine files of a hosted cluster an analysis reads. A settled NodePool's Machines (see
 * `NodePool.settled`) have nothing to tell a rule, and a large hosted cluster has hundreds: they
 * are left unread, unless a guest node that needs its Machine named (not ready, cordoned,
 * degraded, draining) points at one. A file is only left unread when its name places it, for
 * sure, under one MachineSet of a settled NodePool (Cluster API names a Machine
 * `<machineset>-<5 characters>`); a List, or a name that fits no MachineSet or several, is read.
 */
import type { IndexedFile } from '../gather/gatherIndex';
import type { CapiMachineSet, NodePool } from '../model/hosted';
import { arr, rec } from '../model/access';
import type { Node } from '../model/node';

export interface MachineFiles {
  read: IndexedFile[];
  unread: IndexedFile[];
  /** How many of the unread files each settled NodePool has. */
  unreadByPool: Map<string, number>;
}

const generatedSuffix = /^[a-z0-9]{5}$/;

export function machineFilesToRead(
  files: readonly IndexedFile[],
  nodePools: readonly NodePool[],
  machineSets: readonly CapiMachineSet[],
  nodes: readonly Node[],
): MachineFiles {
  const settled = new Set(nodePools.filter((p) => p.settled).map((p) => p.name));
  const out: MachineFiles = { read: [], unread: [], unreadByPool: new Map() };
  if (settled.size === 0) return { ...out, read: [...files] };
  const named = new Set(
    nodes.filter(needsItsMachine).flatMap((n) => n.annotation('cluster.x-k8s.io/machine') ?? []),
  );
  // A Machine's name less its `-<5 characters>` is its MachineSet's: one lookup per file, not a
  // scan of every MachineSet (500 files by 20 sets).
  const setsByName = new Map<string, CapiMachineSet[]>();
  for (const ms of machineSets) setsByName.set(ms.name, [...(setsByName.get(ms.name) ?? []), ms]);
  for (const f of files) {
    const name = f.resource.name;
    const pools =
      f.list ||
      name === undefined ||
      named.has(name) ||
      name.charAt(name.length - 6) !== '-' ||
      !generatedSuffix.test(name.slice(-5))
        ? []
        : (setsByName.get(name.slice(0, -6)) ?? []);
    const pool = pools.length === 1 ? pools[0]!.nodePool : undefined;
    if (pool === undefined || !settled.has(pool)) {
      out.read.push(f);
      continue;
    }
    out.unread.push(f);
    out.unreadByPool.set(pool, (out.unreadByPool.get(pool) ?? 0) + 1);
  }
  return out;
}

/** A guest node a rule names with its Machine: not ready, cordoned, degraded or draining. */
function needsItsMachine(n: Node): boolean {
  return (
    !readyInPlace(n) || n.unschedulable || n.mcdState === 'Degraded' || n.pendingDrain !== undefined
  );
}

/** Ready=True, read in place: `conditions` parses every condition of 500 nodes, dates and all. */
function readyInPlace(n: Node): boolean {
  return arr(n.status.conditions).some((c) => {
    const r = rec(c);
    return r?.type === 'Ready' && r.status === 'True';
  });
}
