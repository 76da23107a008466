/**
 * Hosted control planes (HyperShift): the management cluster's objects that say where a hosted
 * cluster's update stands. A HostedCluster carries the control plane's version (its
 * `status.version` is the guest cluster-version operator's status, copied); each NodePool
 * updates its workers on its own, through Cluster API Machines. See docs/domain/hosted-control-planes.md.
 */
import type { Location } from '../core/finding';
import { controlPlaneNamespace } from '../gather/hostedIndex';
import { date, num, path, str } from './access';
import { readHistory } from './clusterVersion';
import type { HistoryEntry } from './clusterVersion';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';
import type { ControlPlane } from './hostedControlPlane';

export class HostedCluster extends KubeObject {
  protected override get subjectKind(): string {
    return 'hc';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  /** `spec.release.image`: the release the control plane is asked to run. */
  get releaseImage(): string | undefined {
    return str(path(this.spec, 'release', 'image'));
  }
  get platform(): string | undefined {
    return str(path(this.spec, 'platform', 'type'));
  }
  get clusterID(): string | undefined {
    return str(this.spec.clusterID) || undefined;
  }
  /** The namespace the control plane runs in: `<namespace>-<name>`, dots in the name as dashes. */
  get controlPlaneNamespace(): string {
    return controlPlaneNamespace({ namespace: this.namespace ?? '', name: this.name });
  }
  /** `status.version.desired.version`: what the guest's cluster-version operator works towards. */
  get desiredVersion(): string | undefined {
    return str(path(this.status, 'version', 'desired', 'version'));
  }
  get desiredImage(): string | undefined {
    return str(path(this.status, 'version', 'desired', 'image'));
  }
  /** The guest cluster-version operator's history, as the HostedCluster copies it. */
  get history(): HistoryEntry[] {
    return readHistory(this, ['status', 'version']);
  }
  /** `status.controlPlaneVersion.history` (4.20 and later): the management side's components. */
  get controlPlaneHistory(): HistoryEntry[] {
    return readHistory(this, ['status', 'controlPlaneVersion']);
  }
  /** The newest Completed version: the minor a NodePool may not pass. */
  get completedVersion(): string | undefined {
    return this.history.find((h) => h.state === 'Completed')?.version;
  }
  versionAt(): Location {
    return this.at('status', 'version');
  }
}

export type UpgradeType = 'Replace' | 'InPlace';

export class NodePool extends KubeObject {
  protected override get subjectKind(): string {
    return 'np';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  /** `spec.clusterName`: the HostedCluster (in the same namespace) it belongs to. */
  get clusterName(): string | undefined {
    return str(this.spec.clusterName);
  }
  get releaseImage(): string | undefined {
    return str(path(this.spec, 'release', 'image'));
  }
  /** `status.version`: set only when a rollout completes. */
  get version(): string | undefined {
    return str(this.status.version);
  }
  get upgradeType(): UpgradeType | undefined {
    const t = str(path(this.spec, 'management', 'upgradeType'));
    return t === 'Replace' || t === 'InPlace' ? t : undefined;
  }
  get replicas(): number | undefined {
    return num(this.spec.replicas);
  }
  get statusReplicas(): number | undefined {
    return num(this.status.replicas);
  }
  /** The target version while `UpdatingVersion` is True ("… Target version: 4.19.9"). */
  get targetVersion(): string | undefined {
    const c = this.condition('UpdatingVersion');
    if (c?.status !== 'True') return undefined;
    return /Target version: (\S+)/.exec(c.message)?.[1]?.replace(/\.$/, '');
  }
  /** Whether a rollout (of the version or the config) is under way. */
  get updating(): boolean {
    return ['UpdatingVersion', 'UpdatingConfig'].some((t) => this.condition(t)?.status === 'True');
  }
  /**
   * Nothing in flight: no rollout (nor one stopped on a degraded node), Ready with every Machine
   * ready and every node healthy, as many replicas as asked. A Machine that drains, is deleted,
   * has not joined or is unhealthy turns one of these False, so such a NodePool's Machines have
   * nothing to tell a rule. A NodePool without these conditions, or autoscaled, is not settled.
   */
  get settled(): boolean {
    if (
      ['Ready', 'AllMachinesReady', 'AllNodesHealthy'].some(
        (t) => this.condition(t)?.status !== 'True',
      )
    )
      return false;
    for (const t of ['UpdatingVersion', 'UpdatingConfig']) {
      const c = this.condition(t);
      if (c && (c.status !== 'False' || c.reason === 'InplaceUpgradeFailed')) return false;
    }
    return this.replicas !== undefined && this.statusReplicas === this.replicas;
  }
  /**
   * The Machines `AllMachinesReady` or `AllNodesHealthy` names when False: the operator's
   * aggregate writes one line `Machine <name>: <Reason>: <message>` per Machine (hypershift
   * `nodepool_controller.go`), the reasons comma-joined.
   */
  machineReports(type: 'AllMachinesReady' | 'AllNodesHealthy'): MachineReport[] {
    const c = this.condition(type);
    if (c?.status !== 'False') return [];
    return c.message.split('\n').flatMap((line) => {
      const m = /^Machine ([a-z0-9.-]+): ([A-Za-z, ]+?)(?:: (.*))?$/.exec(line.trim());
      return m ? [{ machine: m[1]!, reasons: m[2]!.split(/,\s*/), message: m[3] ?? '' }] : [];
    });
  }
}

/** One Machine a NodePool's aggregate condition names, with its reasons and message. */
export interface MachineReport {
  machine: string;
  reasons: string[];
  message: string;
}

/** A Cluster API Machine (`cluster.x-k8s.io`): one worker of a NodePool. */
export class CapiMachine extends KubeObject {
  protected override get subjectKind(): string {
    return 'machine';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  get phase(): string | undefined {
    return str(this.status.phase);
  }
  get deletionTimestamp(): Date | undefined {
    return date(path(this.raw, 'metadata', 'deletionTimestamp'));
  }
  /** The guest Node this Machine became (`status.nodeRef.name`). */
  get nodeName(): string | undefined {
    return str(path(this.status, 'nodeRef', 'name'));
  }
  /** The NodePool, from the MachineDeployment's or MachineSet's label HyperShift puts on it. */
  get nodePool(): string | undefined {
    return (
      this.label('hypershift.openshift.io/nodePool') ??
      this.deploymentName ??
      this.label('cluster.x-k8s.io/set-name')
    );
  }
  get deploymentName(): string | undefined {
    return this.label('cluster.x-k8s.io/deployment-name');
  }
  get version(): string | undefined {
    return str(this.spec.version);
  }
}

/** The management side of one hosted cluster, as a `hypershift dump` holds it. */
export interface HostedPart {
  cluster: HostedCluster;
  nodePools: NodePool[];
  machines: CapiMachine[];
  /** Its control-plane namespace's HostedControlPlane, components, pods and logs (model/hostedControlPlane.ts). */
  controlPlane?: ControlPlane;
  /** The MachineSets: an InPlace NodePool's one carries the in-place upgrader's progress. */
  machineSets?: CapiMachineSet[];
  /**
   * Machines of settled NodePools left unread, by NodePool (analysis/hostedMachineFiles.ts):
   * counted in the NodePool's status, read by the front ends that show every Machine.
   */
  unreadMachines?: ReadonlyMap<string, number>;
  /** NodePools of the namespace whose HostedCluster is not in the dump (`<np> -> <cluster>`). */
  strayNodePools?: string[];
}

/** The Machines by NodePool, grouped once per part (20 NodePools of 500 Machines, asked by several rules). */
const byPool = new WeakMap<HostedPart, Map<string, CapiMachine[]>>();

/** A NodePool's Machines (by the MachineDeployment/MachineSet name HyperShift gives them). */
export function machinesOf(part: HostedPart, pool: NodePool): CapiMachine[] {
  let groups = byPool.get(part);
  if (!groups) {
    groups = new Map();
    for (const m of part.machines) {
      const name = m.nodePool;
      if (name === undefined) continue;
      const group = groups.get(name);
      if (group) group.push(m);
      else groups.set(name, [m]);
    }
    byPool.set(part, groups);
  }
  return [...(groups.get(pool.name) ?? [])];
}

const hs = 'hypershift.openshift.io';

/**
 * A Cluster API MachineSet. An InPlace NodePool has one, named as the NodePool, on which
 * HyperShift writes the in-place upgrader's target and progress (hypershift
 * `inplaceupgrader.go`): "Nodepool update in progress. … Total Nodes: N. Upgraded: K", or
 * "Node <n> in nodepool degraded: <reason>".
 */
export class CapiMachineSet extends KubeObject {
  protected override get subjectKind(): string {
    return 'machineset';
  }
  /** The NodePool: the `hypershift.openshift.io/nodePool` annotation (`<ns>/<name>`). */
  get nodePool(): string | undefined {
    const a = this.annotation(`${hs}/nodePool`);
    return a ? a.slice(a.indexOf('/') + 1) : this.label('cluster.x-k8s.io/deployment-name');
  }
  get targetConfigVersion(): string | undefined {
    return this.annotation(`${hs}/nodePoolTargetConfigVersion`);
  }
  get currentConfigVersion(): string | undefined {
    return this.annotation(`${hs}/nodePoolCurrentConfigVersion`);
  }
  get inPlaceProgress(): string | undefined {
    return this.annotation(`${hs}/nodePoolUpgradeInProgressTrue`);
  }
  get inPlaceFailure(): string | undefined {
    return this.annotation(`${hs}/nodePoolUpgradeInProgressFalse`);
  }
  /** "Total Nodes: N. Upgraded: K" of the progress annotation. */
  get inPlaceCount(): { total: number; upgraded: number } | undefined {
    const m = /Total Nodes: (\d+)\. Upgraded: (\d+)/.exec(this.inPlaceProgress ?? '');
    return m ? { total: Number(m[1]), upgraded: Number(m[2]) } : undefined;
  }
  progressAt(): Location {
    return this.at(
      'metadata',
      'annotations',
      this.inPlaceFailure !== undefined
        ? `${hs}/nodePoolUpgradeInProgressFalse`
        : `${hs}/nodePoolUpgradeInProgressTrue`,
    );
  }
}

/** The MachineSet of an InPlace NodePool. */
export function inPlaceSetOf(part: HostedPart, pool: NodePool): CapiMachineSet | undefined {
  return part.machineSets?.find((m) => m.nodePool === pool.name && m.name === pool.name);
}
/**
 * The guest ClusterOperators the hosted cluster config operator writes for components that run
 * in the control-plane namespace: always Available and Upgradeable, so they never say what is
 * wrong (openshift/enhancements `hypershift/control-plane-upgradeable-condition.md`).
 */
export const hostedStubOperators: ReadonlySet<string> = new Set([
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
  'openshift-apiserver',
  'openshift-controller-manager',
  'operator-lifecycle-manager-packageserver',
]);
