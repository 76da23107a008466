/** Node: the machine-config daemon's annotations, roles and kubelet version. */
import type { Location } from '../core/finding';
import { arr, date, path, rec, str } from './access';
import { readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';

const mco = 'machineconfiguration.openshift.io/';
export const nodeAnnotations = {
  currentConfig: `${mco}currentConfig`,
  desiredConfig: `${mco}desiredConfig`,
  state: `${mco}state`,
  reason: `${mco}reason`,
  desiredDrain: `${mco}desiredDrain`,
  lastAppliedDrain: `${mco}lastAppliedDrain`,
  /** 4.13+: why the previous boot's ostree-finalize-staged failed (the staged OS did not take). */
  finalizeFailure: `${mco}ostree-finalize-staged-failure`,
} as const;

/** The taint the kubelet's cordon puts on an unschedulable node (its `timeAdded` dates it). */
export const unschedulableTaint = 'node.kubernetes.io/unschedulable';

export class Node extends KubeObject {
  protected override get subjectKind(): string {
    return 'node';
  }
  get currentConfig(): string | undefined {
    return this.annotation(nodeAnnotations.currentConfig);
  }
  get desiredConfig(): string | undefined {
    return this.annotation(nodeAnnotations.desiredConfig);
  }
  /** `Working`, `Done`, `Degraded` or `Unreconcilable`. */
  get mcdState(): string | undefined {
    return this.annotation(nodeAnnotations.state);
  }
  get mcdReason(): string | undefined {
    return this.annotation(nodeAnnotations.reason);
  }
  /** `drain-<config>` or `uncordon-<config>`: what the controller asks the daemon to do. */
  get desiredDrain(): string | undefined {
    return this.annotation(nodeAnnotations.desiredDrain);
  }
  get lastAppliedDrain(): string | undefined {
    return this.annotation(nodeAnnotations.lastAppliedDrain);
  }
  /**
   * The drain the node waits for: the controller's (4.11+: `desiredDrain` asks `drain-<config>`
   * and `lastAppliedDrain` is not yet it), or a ≤4.10 daemon's own (no drain annotations;
   * cordoned, Working, moving to another config).
   */
  get pendingDrain(): 'controller' | 'daemon' | undefined {
    const desired = this.desiredDrain;
    if (desired !== undefined) {
      return desired.startsWith('drain-') && desired !== this.lastAppliedDrain
        ? 'controller'
        : undefined;
    }
    const updating = this.desiredConfig !== undefined && this.currentConfig !== this.desiredConfig;
    return this.unschedulable && this.mcdState === 'Working' && updating ? 'daemon' : undefined;
  }
  /** 4.13+: the previous boot's `ostree-finalize-staged` failure, when the daemon recorded one. */
  get finalizeFailure(): string | undefined {
    return this.annotation(nodeAnnotations.finalizeFailure) || undefined;
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  /** Cordoned: `spec.unschedulable: true`. */
  get unschedulable(): boolean {
    return this.spec.unschedulable === true;
  }
  /** When the node was cordoned (the unschedulable taint's `timeAdded`), when known. */
  get unschedulableSince(): Date | undefined {
    const taint = arr(this.spec.taints)
      .map(rec)
      .find((t) => t?.key === unschedulableTaint);
    return date(taint?.timeAdded);
  }
  /** Where the cordon is written, for evidence. */
  get unschedulableLocation(): Location {
    return this.at('spec', 'unschedulable');
  }
  get kubeletVersion(): string | undefined {
    return str(path(this.status, 'nodeInfo', 'kubeletVersion'));
  }
  matches(selector: Record<string, string>): boolean {
    const keys = Object.keys(selector);
    return keys.length > 0 && keys.every((k) => this.label(k) === selector[k]);
  }
}
