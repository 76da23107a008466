/**
 * On-cluster layering (image mode built in the cluster; OnClusterBuild GA in 4.19): a
 * MachineOSConfig opts a pool in and says how to build its OS image; a MachineOSBuild is one build
 * of it for one rendered config. `oc adm inspect` writes them under
 * `cluster-scoped-resources/machineconfiguration.openshift.io/machineosconfigs/` and
 * `machineosbuilds/` (openshift/api `machineconfiguration/v1/types_machineos{config,build}.go`).
 */
import { date, path, rec, str } from './access';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';

/** The MachineOSBuild label naming the pool it builds for (MCO `pkg/controller/build/constants`). */
const targetPoolLabel = 'machineconfiguration.openshift.io/target-machine-config-pool';
/** The MachineOSConfig annotation naming its current MachineOSBuild (4.18-4.19, beside the status). */
const currentBuildAnnotation = 'machineconfiguration.openshift.io/current-machine-os-build';

export class MachineOSConfig extends KubeObject {
  protected override get subjectKind(): string {
    return 'mosc';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  /** `spec.machineConfigPool.name`: the pool it opts into layering. */
  get pool(): string | undefined {
    return str(path(this.spec, 'machineConfigPool', 'name'));
  }
  /** `status.machineOSBuild.name`, else the current-build annotation. */
  get currentBuild(): string | undefined {
    return (
      str(path(this.status, 'machineOSBuild', 'name')) ?? this.annotation(currentBuildAnnotation)
    );
  }
  get currentImage(): string | undefined {
    return str(this.status.currentImagePullSpec);
  }
}

export type BuildState =
  | 'Failed'
  | 'Interrupted'
  | 'Succeeded'
  | 'Building'
  | 'Prepared'
  | 'Unknown';

export class MachineOSBuild extends KubeObject {
  protected override get subjectKind(): string {
    return 'mosb';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  condition(type: string): Condition | undefined {
    return findCondition(this.conditions, type);
  }
  /** `spec.machineOSConfig.name`. */
  get config(): string | undefined {
    return str(path(this.spec, 'machineOSConfig', 'name'));
  }
  /** `spec.machineConfig.name`: the rendered config it builds. */
  get renderedConfig(): string | undefined {
    return str(path(this.spec, 'machineConfig', 'name'));
  }
  get pool(): string | undefined {
    return this.label(targetPoolLabel);
  }
  /** The first condition of Failed, Interrupted, Succeeded, Building, Prepared that is True. */
  get state(): BuildState {
    for (const t of ['Failed', 'Interrupted', 'Succeeded', 'Building', 'Prepared'] as const)
      if (this.condition(t)?.status === 'True') return t;
    return 'Unknown';
  }
  /** `status.builder.job`: the build Job (namespace and name), when the status records it. */
  get job(): { namespace?: string; name: string } | undefined {
    const j = rec(path(this.status, 'builder', 'job'));
    const name = str(j?.name);
    if (!name) return undefined;
    const ns = str(j?.namespace);
    return ns ? { namespace: ns, name } : { name };
  }
  get buildStart(): Date | undefined {
    return date(this.status.buildStart);
  }
  get buildEnd(): Date | undefined {
    return date(this.status.buildEnd);
  }
}
