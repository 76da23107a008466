/**
 * Where a hosted cluster's update stands (HyperShift): the control plane from its HostedCluster,
 * each NodePool on its own. NodePools update separately from the control plane: a Completed
 * control plane with a NodePool still rolling is the normal order, not a stall.
 */
import { newerMinor } from '../release';
import type { Location } from '../../core/finding';
import type { Condition } from '../condition';
import type { HostedCluster, HostedPart, NodePool, UpgradeType } from '../hosted';
import { inPlaceSetOf, machinesOf } from '../hosted';
import { componentNotRolledOut } from '../hostedControlPlane';

interface HostedControlPlaneStatus {
  name: string;
  namespace: string;
  controlPlaneNamespace: string;
  platform?: string;
  clusterID?: string;
  /** The newest Completed version of the control plane. */
  version?: string;
  /** The version it works towards (`status.version.desired`). */
  target?: string;
  /** `history[0].state`: Completed or Partial. */
  state?: string;
  startedAt?: Date;
  completedAt?: Date;
  /** `Progressing`, as the HostedCluster reports it (False `Blocked` stops an update). */
  progressing?: Condition;
  available?: Condition;
  /**
   * `ClusterVersionSucceeding` when False: the guest CVO's `Failing`, its status inverted (what
   * holds the control plane's update, in the CVO's words).
   */
  failing?: Condition;
  /**
   * `status.controlPlaneVersion.history[0]` (4.20+): the management side's components, which the
   * guest's version (a stub ClusterOperator for each) does not see.
   */
  components?: { version: string; state: string; startedAt?: Date; evidence: Location };
  /**
   * The ControlPlaneComponents (4.18+) that have not rolled out, each with the condition that says
   * so: the guest's version cannot see them (its ClusterOperators for them are stubs).
   */
  notRolledOut: { name: string; condition: Condition }[];
  evidence: Location;
}

interface NodePoolStatus {
  name: string;
  upgradeType?: UpgradeType;
  /** `status.version`: the version every machine reached. */
  version?: string;
  /** The version a rollout works towards, while `UpdatingVersion` is True. */
  target?: string;
  updating: boolean;
  machines: { total: number; updated: number; deleting: number };
  /** Ahead of the control plane's newest Completed minor: the rollout waits for it. */
  ahead: boolean;
  /** Why it is or is not done, in the NodePool's own words (`UpdatingVersion`, `Ready`). */
  message: string;
  since?: Date;
  evidence: Location;
}

export interface HostedAssessment {
  controlPlane: HostedControlPlaneStatus;
  nodePools: NodePoolStatus[];
}

export function assessHosted(part: HostedPart): HostedAssessment {
  const hc = part.cluster;
  const latest = hc.history[0];
  const cpv = hc.controlPlaneHistory[0];
  const controlPlane: HostedControlPlaneStatus = {
    name: hc.name,
    namespace: hc.namespace ?? '',
    controlPlaneNamespace: hc.controlPlaneNamespace,
    notRolledOut: (part.controlPlane?.components ?? []).flatMap((c) => {
      const condition = componentNotRolledOut(c);
      return condition ? [{ name: c.name, condition }] : [];
    }),
    evidence: latest?.location ?? hc.at('status'),
    ...defined({
      platform: hc.platform,
      clusterID: hc.clusterID,
      version: hc.completedVersion,
      target: hc.desiredVersion ?? latest?.version,
      state: latest?.state,
      startedAt: latest?.startedTime,
      completedAt: latest?.completionTime,
      progressing: hc.condition('Progressing'),
      available: hc.condition('Available'),
      failing: failingOf(hc.condition('ClusterVersionSucceeding')),
      components: cpv
        ? {
            version: cpv.version,
            state: cpv.state,
            evidence: cpv.location,
            ...defined({ startedAt: cpv.startedTime }),
          }
        : undefined,
    }),
  };
  return {
    controlPlane,
    nodePools: part.nodePools.map((p) => nodePoolStatus(part, p, hc)),
  };
}

function nodePoolStatus(part: HostedPart, p: NodePool, hc: HostedCluster): NodePoolStatus {
  const cpVersion = hc.completedVersion;
  const machines = machinesOf(part, p);
  const deleting = machines.filter((m) => m.deletionTimestamp !== undefined);
  // An in-place rollout stopped on a degraded node is still under way: it has not finished.
  const failed = ['UpdatingVersion', 'UpdatingConfig']
    .map((t) => p.condition(t))
    .find((c) => c?.status === 'False' && c.reason === 'InplaceUpgradeFailed');
  const updating = p.updating || failed !== undefined;
  const rollout = failed ?? p.condition('UpdatingVersion') ?? p.condition('UpdatingConfig');
  const started = updating ? rollout?.lastTransitionTime : undefined;
  // Replace: the machines made since the rollout began run the new release; InPlace: the
  // MachineSet's annotation (copied into the condition) counts them ("Total Nodes: N. Upgraded: K").
  const set = p.upgradeType === 'InPlace' ? inPlaceSetOf(part, p) : undefined;
  const counted = /Total Nodes: (\d+)\. Upgraded: (\d+)/.exec(rollout?.message ?? '');
  const inPlace =
    set?.inPlaceCount ??
    (counted ? { total: Number(counted[1]), upgraded: Number(counted[2]) } : undefined);
  // A settled NodePool's Machines may be left unread (all alive, none updating): counted here.
  const settledUnread = part.unreadMachines?.get(p.name) ?? 0;
  const alive = machines.filter((m) => m.deletionTimestamp === undefined);
  const updated = !updating
    ? alive.length + settledUnread
    : inPlace
      ? inPlace.upgraded
      : failed
        ? 0
        : alive.filter((m) => started && (m.creationTimestamp?.getTime() ?? 0) >= started.getTime())
            .length;
  const target = p.targetVersion ?? versionOfImage(p.releaseImage) ?? versionOfRelease(hc, p);
  const ready = p.condition('Ready');
  const message =
    (updating ? rollout?.message : undefined) ??
    (ready && ready.status !== 'True' ? ready.message : '') ??
    '';
  return {
    name: p.name,
    updating,
    machines: {
      total: inPlace && updating ? inPlace.total : alive.length + settledUnread,
      updated,
      deleting: deleting.length,
    },
    ahead: newerMinor(target, cpVersion),
    message,
    evidence:
      (updating ? (set?.inPlaceCount ? set.progressAt() : rollout?.location) : undefined) ??
      p.at('status'),
    ...defined({
      upgradeType: p.upgradeType,
      version: p.version,
      target: updating ? target : undefined,
      since: started,
    }),
  };
}

/** A NodePool's release by digest: the control plane's version of the same image, if it ran it. */
export function versionOfRelease(hc: HostedCluster, p: NodePool): string | undefined {
  const image = p.releaseImage;
  if (!image) return undefined;
  if (image === hc.desiredImage) return hc.desiredVersion;
  return hc.history.find((h) => h.image === image)?.version;
}

/** The inverted condition when it says the CVO fails (False), else nothing. */
function failingOf(c: Condition | undefined): Condition | undefined {
  return c?.status === 'False' ? c : undefined;
}

/** The version in a release image's tag (`…/ocp-release:4.19.9-x86_64`); none for a digest. */
export function versionOfImage(image: string | undefined): string | undefined {
  return /:(\d+\.\d+\.\d+[^-@]*)(?:-[a-z0-9_]+)?$/.exec(image ?? '')?.[1];
}

/** The entries of `o` whose value is defined (for optional properties under exactOptionalPropertyTypes). */
function defined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
