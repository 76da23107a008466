/**
 * MachineConfigNode (`machineconfiguration.openshift.io`, one per node, named after it): the
 * daemon's and the drain controller's account of where the node's update stands. v1alpha1 on
 * 4.16–4.18 (TechPreviewNoUpgrade), v1 from 4.19, on by default from 4.20; must-gather writes
 * them to `cluster-scoped-resources/machineconfiguration.openshift.io/machineconfignodes/`.
 *
 * The phases are top-level conditions, parents and their children side by side in
 * `status.conditions` (MCO `pkg/upgrademonitor/upgrade_monitor.go`): a phase that is running, or
 * that failed and is being retried, is `Unknown` with what it is doing in its message; `True` is
 * done; `False` is not entered yet (`NotYetOccurred`), not needed for this update (a drain), or
 * reset once the node is `Updated` (`Action during update to <config>: …`).
 */
import { path, str } from './access';
import { readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';

/**
 * The update phases in the order a node goes through them, each with its parent (v1 and
 * v1alpha1; `UpdateCompatible` and `ReloadedCRIO` are v1alpha1 only, `AppliedFiles`,
 * `AppliedOSImage` and `ImagePulledFromRegistry` main's `ImageModeStatusReporting` split of
 * `AppliedFilesAndOS`).
 */
const mcnPhases: readonly { type: string; parent?: string }[] = [
  { type: 'UpdatePrepared' },
  { type: 'UpdateCompatible', parent: 'UpdatePrepared' },
  { type: 'UpdateExecuted' },
  { type: 'Cordoned', parent: 'UpdateExecuted' },
  { type: 'Drained', parent: 'UpdateExecuted' },
  { type: 'ImagePulledFromRegistry', parent: 'UpdateExecuted' },
  { type: 'AppliedFilesAndOS', parent: 'UpdateExecuted' },
  { type: 'AppliedFiles', parent: 'UpdateExecuted' },
  { type: 'AppliedOSImage', parent: 'UpdateExecuted' },
  { type: 'UpdatePostActionComplete' },
  { type: 'ReloadedCRIO', parent: 'UpdatePostActionComplete' },
  { type: 'RebootedNode', parent: 'UpdatePostActionComplete' },
  { type: 'UpdateComplete' },
  { type: 'Uncordoned', parent: 'UpdateComplete' },
  { type: 'Resumed' },
];

/** The phase a node is in: the most specific `Unknown` phase, with its parent. */
export interface McnPhase {
  condition: Condition;
  parent?: Condition;
}

export class MachineConfigNode extends KubeObject {
  protected override get subjectKind(): string {
    return 'mcn';
  }
  /** `v1` or `v1alpha1`. */
  get apiVersion(): string {
    return (str(this.raw.apiVersion) ?? '').replace(/^machineconfiguration\.openshift\.io\//, '');
  }
  /** The node it describes (`spec.node.name`, which must equal the object's name). */
  get nodeName(): string {
    return str(path(this.spec, 'node', 'name')) ?? this.name;
  }
  /** `spec.pool.name`. */
  get poolName(): string | undefined {
    return str(path(this.spec, 'pool', 'name'));
  }
  /** `spec.configVersion.desired`: the config the node should move to. */
  get desiredConfig(): string | undefined {
    return str(path(this.spec, 'configVersion', 'desired'));
  }
  /** `status.configVersion.current`: the config the daemon last completed. */
  get currentConfig(): string | undefined {
    return str(path(this.status, 'configVersion', 'current'));
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return this.conditions.find((c) => c.type === type);
  }
  /** `Updated=True`: the node is on its desired config and the phases were reset. */
  get updated(): boolean {
    return this.condition('Updated')?.status === 'True';
  }
  /** `NodeDegraded=True` (v1, 4.19+): the daemon's update failed; its message says why. */
  get degraded(): Condition | undefined {
    const c = this.condition('NodeDegraded');
    return c?.status === 'True' ? c : undefined;
  }
  /**
   * The phase in progress: the last `Unknown` phase in update order, preferring a child over its
   * parent (the parent says "Draining Node as part of update executed phase", the child why).
   */
  get phase(): McnPhase | undefined {
    const byType = new Map(this.conditions.map((c) => [c.type, c]));
    let found: McnPhase | undefined;
    for (const p of mcnPhases) {
      const c = byType.get(p.type);
      if (c?.status !== 'Unknown') continue;
      const parent = p.parent ? byType.get(p.parent) : undefined;
      found = parent ? { condition: c, parent } : { condition: c };
    }
    return found;
  }
}
