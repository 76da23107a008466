/**
 * An operator's workload (Deployment, DaemonSet, StatefulSet, and the ReplicaSets between a
 * Deployment and its pods), read for its rollout: how many replicas it wants, how many run the
 * latest template, how many are available, whether the controller has seen the latest spec, and
 * a Deployment's `ProgressDeadlineExceeded`. `oc adm inspect` writes each namespace's as a List
 * (`namespaces/<ns>/apps/<plural>.yaml`). Field names: k8s.io/api apps/v1 `*Status`.
 */
import { arr, num, path, rec, str } from './access';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';

export type WorkloadKind = 'Deployment' | 'DaemonSet' | 'StatefulSet' | 'ReplicaSet';

/** A rollout's counts, as its controller last wrote them. */
export interface Rollout {
  desired: number;
  updated: number;
  available: number;
  /** The controller has not yet seen the latest spec (`observedGeneration` < `generation`). */
  stale: boolean;
}

export class Workload extends KubeObject {
  protected override get subjectKind(): string {
    return this.kind.toLowerCase() || 'workload';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  /** The ReplicaSet's owning Deployment (a Deployment's pods are owned by its ReplicaSet). */
  get ownerName(): string | undefined {
    return str(rec(arr(path(this.raw, 'metadata', 'ownerReferences'))[0])?.name);
  }

  get rollout(): Rollout {
    const s = this.status;
    const n = (k: string) => num(s[k]) ?? 0;
    const generation = num(path(this.raw, 'metadata', 'generation'));
    const observed = num(s.observedGeneration);
    const stale = generation !== undefined && observed !== undefined && observed < generation;
    if (this.kind === 'DaemonSet')
      return {
        desired: n('desiredNumberScheduled'),
        updated: n('updatedNumberScheduled'),
        available: n('numberAvailable'),
        stale,
      };
    const desired = num(this.spec.replicas) ?? n('replicas');
    return {
      desired,
      updated: n('updatedReplicas'),
      available: this.kind === 'StatefulSet' ? n('readyReplicas') : n('availableReplicas'),
      stale,
    };
  }

  /** A Deployment that gave up waiting for its rollout (`Progressing=False`, `ProgressDeadlineExceeded`). */
  get progressDeadlineExceeded(): Condition | undefined {
    const c = findCondition(this.conditions, 'Progressing');
    return c?.status === 'False' && c.reason === 'ProgressDeadlineExceeded' ? c : undefined;
  }

  /** `2 of 3 available, 3 updated`, and what holds the rollout when something does. */
  get rolloutWords(): string {
    const r = this.rollout;
    const parts = [`${r.available} of ${r.desired} available`];
    if (r.updated < r.desired) parts.push(`${r.updated} updated`);
    if (this.progressDeadlineExceeded) parts.push('progress deadline exceeded');
    if (r.stale) parts.push('spec not yet observed');
    return parts.join(', ');
  }
}
