/**
 * A hosted cluster's control plane as its namespace of the management cluster holds it
 * (`namespaces/<hc-ns>-<name>/` of a `hypershift dump`): the HostedControlPlane the control-plane
 * operator (CPO) reports on, a ControlPlaneComponent per component (4.18+), their Deployments and
 * etcd's StatefulSet, the pods, etcd's volume claims, and the last error lines of failing
 * containers' flat logs. Conditions and messages: hypershift
 * `control-plane-operator/controllers/hostedcontrolplane/hostedcontrolplane_controller.go`,
 * `support/controlplane-component/status.go` (docs/domain/hosted-control-planes.md).
 */
import { arr, rec, str } from './access';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import type { HostedDrainFailures, MachineDrainFailures } from './hostedDrainLog';
import type { KubeEvent } from './events';
import { KubeObject } from './kubeObject';
import type { Pod } from './pod';
import { podFailure } from './podFailures';
import type { PodFailure } from './podFailures';
import type { TailLine } from './logTail';
import type { Workload } from './workload';

export class HostedControlPlane extends KubeObject {
  protected override get subjectKind(): string {
    return 'hcp';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  /** `status.version`: the release the control plane last rolled out. */
  get version(): string | undefined {
    return str(this.status.version);
  }
  get releaseImage(): string | undefined {
    return str(this.spec.releaseImage);
  }
}

export class ControlPlaneComponent extends KubeObject {
  protected override get subjectKind(): string {
    return 'cpc';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  /** `status.version`: the release its workload last rolled out. */
  get version(): string | undefined {
    return str(this.status.version);
  }
  /** The workload it runs, from `status.resources` (a Deployment or etcd's StatefulSet). */
  get workloadKind(): 'Deployment' | 'StatefulSet' | undefined {
    for (const x of arr(this.status.resources)) {
      const kind = str(rec(x)?.kind);
      if (kind === 'Deployment' || kind === 'StatefulSet') return kind;
    }
    return undefined;
  }
}

export class PersistentVolumeClaim extends KubeObject {
  protected override get subjectKind(): string {
    return 'pvc';
  }
  get phase(): string {
    return str(this.status.phase) ?? '';
  }
}

/** The control-plane namespace's side of a hosted cluster (`HostedPart.controlPlane`). */
export interface ControlPlane {
  namespace: string;
  hcp?: HostedControlPlane;
  components: ControlPlaneComponent[];
  pods: Pod[];
  /** Its Deployments and StatefulSets. */
  workloads: Workload[];
  pvcs: PersistentVolumeClaim[];
  /** Failing containers' last error lines, keyed `<namespace>/<pod>/<container>` (a `PodLogTail`). */
  logTails: Map<string, { file: string; previous: boolean; lines: TailLine[] }>;
  /** The namespace's Warning events, newest first: read only when something in it fails. */
  events: KubeEvent[];
  /** The drainer's failures in the hosted cluster config operator's log, by guest node: read only while an InPlace NodePool updates. */
  drainLog?: { file: string; failures: Map<string, HostedDrainFailures> };
  /** Cluster API's refused evictions and failed drains, by Machine name: read only while a Machine drains. */
  machineDrainLog?: { file: string; failures: Map<string, MachineDrainFailures> };
}

/**
 * What says a component has not rolled out: `RolloutComplete=False` (4.20+), else, as 4.18 and
 * 4.19 report it, `Available=False` or a `Progressing` that gave up (`ProgressDeadlineExceeded`,
 * copied from the Deployment) or waits on something (`WaitingForDependencies`,
 * `ReconciliationError`).
 */
export function componentNotRolledOut(c: ControlPlaneComponent): Condition | undefined {
  const rollout = c.condition('RolloutComplete');
  if (rollout) return rollout.status === 'False' ? rollout : undefined;
  const available = c.condition('Available');
  if (available?.status === 'False') return available;
  const p = c.condition('Progressing');
  const stuck = ['ProgressDeadlineExceeded', 'WaitingForDependencies', 'ReconciliationError'];
  return p?.status === 'False' && stuck.includes(p.reason) ? p : undefined;
}

/** The Deployments `Degraded=True` `UnavailableReplicas` names ("<d> deployment has N unavailable replicas"). */
export function unavailableDeployments(hcp: HostedControlPlane | undefined): Map<string, number> {
  const c = hcp?.condition('Degraded');
  const out = new Map<string, number>();
  if (c?.status !== 'True' || c.reason !== 'UnavailableReplicas') return out;
  for (const m of c.message.matchAll(/([a-z0-9.-]+) deployment has (\d+) unavailable replicas/g))
    out.set(m[1]!, Number(m[2]));
  return out;
}

/** The components 4.20's `Available=False` `ComponentsNotAvailable` names ("Waiting for components to be available: a, b"). */
export function componentsNotAvailable(hcp: HostedControlPlane | undefined): string[] {
  const c = hcp?.condition('Available');
  if (c?.status !== 'False' || c.reason !== 'ComponentsNotAvailable') return [];
  const m = /^Waiting for components to be available: (.+)$/.exec(c.message.trim());
  return m
    ? m[1]!
        .split(', ')
        .map((x) => x.trim())
        .filter((x) => x !== '')
    : [];
}

/** The component a control-plane pod belongs to: its label, else its owner's name less the hash. */
export function componentOfPod(p: Pod): string {
  const label =
    p.label('hypershift.openshift.io/control-plane-component') ?? p.label('app') ?? undefined;
  if (label) return label;
  const owner = p.owner;
  if (owner?.kind === 'ReplicaSet') return owner.name.replace(/-[a-z0-9]{8,10}$/, '');
  return owner?.name ?? p.name.replace(/-[a-z0-9]+-[a-z0-9]{5}$/, '');
}

/** A control-plane pod that cannot run, and why (model/podFailures.ts). */
export interface FailingPod {
  pod: Pod;
  failure: PodFailure;
  component: string;
}

/** The control-plane pods that cannot run: scheduled nowhere, crash-looping, OOM-killed. */
export function failingControlPlanePods(cp: ControlPlane): FailingPod[] {
  return cp.pods.flatMap((pod) => {
    const failure = podFailure(pod);
    return failure ? [{ pod, failure, component: componentOfPod(pod) }] : [];
  });
}

/** etcd's claims that are not bound (`Etcd volume claim <pvc> pending: <events>`). */
export function pendingEtcdClaims(cp: ControlPlane): PersistentVolumeClaim[] {
  return cp.pvcs.filter((c) => c.label('app') === 'etcd' && c.phase !== 'Bound');
}

/** A rollout places a pod in seconds: one the scheduler has not placed for this long is stuck. */
const unscheduledMinutes = 5;

/** A control-plane pod the scheduler has not placed, since when (`unscheduledControlPlanePods`). */
export interface UnscheduledPod {
  pod: Pod;
  /** Its `PodScheduled=False` condition. */
  scheduled: Condition;
  since: Date;
  component: string;
}

/**
 * The control-plane pods still Pending with `PodScheduled=False` for at least 5 minutes at `now`
 * (the gather), whatever the scheduler's reason: `SchedulerError` when binding a volume failed
 * (etcd's claim not provisioned) is not `Unschedulable`, so `failingControlPlanePods` does not
 * name the pod, though it cannot run. The pods it names already are left out. Without `now`, or
 * a time the condition or the pod began, how long is unknown: none.
 */
export function unscheduledControlPlanePods(
  cp: ControlPlane,
  now: Date | undefined,
): UnscheduledPod[] {
  if (!now) return [];
  return cp.pods.flatMap((pod) => {
    const scheduled = pod.scheduled;
    if (pod.phase !== 'Pending' || scheduled?.status !== 'False' || podFailure(pod)) return [];
    const since = scheduled.lastTransitionTime ?? pod.creationTimestamp;
    if (!since || now.getTime() - since.getTime() < unscheduledMinutes * 60_000) return [];
    return [{ pod, scheduled, since, component: componentOfPod(pod) }];
  });
}
