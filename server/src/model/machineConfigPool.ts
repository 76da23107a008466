/** MachineConfigPool: target vs current rendered config, machine counts, conditions. */
import { arr, num, path, rec, str, strMap } from './access';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import type { Location } from '../core/finding';
import { KubeObject } from './kubeObject';

/** The label that makes the machine-config operator wait for a pool before it reports level. */
export const requiredForUpgradeLabel =
  'operator.machineconfiguration.openshift.io/required-for-upgrade';

export interface MachineCounts {
  machine?: number;
  ready?: number;
  updated?: number;
  unavailable?: number;
  degraded?: number;
}

export class MachineConfigPool extends KubeObject {
  protected override get subjectKind(): string {
    return 'mcp';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  get requiredForUpgrade(): boolean {
    return requiredForUpgradeLabel in this.labels;
  }
  get paused(): boolean {
    return this.spec.paused === true || this.spec.paused === 'true';
  }
  /** The rendered config the pool is rolling out. */
  get targetConfig(): string | undefined {
    return str(path(this.spec, 'configuration', 'name'));
  }
  /** The rendered config every node in the pool runs; set only once all are updated. */
  get currentConfig(): string | undefined {
    return str(path(this.status, 'configuration', 'name'));
  }
  get counts(): MachineCounts {
    const s = this.status;
    return {
      machine: num(s.machineCount),
      ready: num(s.readyMachineCount),
      updated: num(s.updatedMachineCount),
      unavailable: num(s.unavailableMachineCount),
      degraded: num(s.degradedMachineCount),
    };
  }
  /** The PinnedImageSets the pool pins (`spec.pinnedImageSets[].name`, 4.16+), with their places. */
  get pinnedImageSets(): { name: string; location: Location }[] {
    return arr(this.spec.pinnedImageSets).flatMap((r, i) => {
      const name = str(rec(r)?.name);
      return name ? [{ name, location: this.at('spec', 'pinnedImageSets', i) }] : [];
    });
  }
  get nodeSelector(): Record<string, string> {
    return strMap(path(this.spec, 'nodeSelector', 'matchLabels'));
  }
  /**
   * Updated as the operator's required-pool check sees it: Updated=True, not Updating, at its
   * target config, and the controller has observed the latest spec.
   */
  get isUpdated(): boolean {
    const gen = num(path(this.raw, 'metadata', 'generation'));
    const observed = num(this.status.observedGeneration);
    const generationSeen = gen === undefined || observed === undefined || observed >= gen;
    return (
      this.condition('Updated')?.status === 'True' &&
      this.condition('Updating')?.status !== 'True' &&
      (this.targetConfig === undefined || this.currentConfig === this.targetConfig) &&
      generationSeen
    );
  }
}
