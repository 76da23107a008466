/** MachineConfig metadata: who rendered it, for which release, when. */
import { KubeObject } from './kubeObject';

const annotations = {
  releaseImageVersion: 'machineconfiguration.openshift.io/release-image-version',
  controllerVersion: 'machineconfiguration.openshift.io/generated-by-controller-version',
} as const;

export class MachineConfig extends KubeObject {
  protected override get subjectKind(): string {
    return 'mc';
  }
  get releaseImageVersion(): string | undefined {
    return this.annotation(annotations.releaseImageVersion);
  }
  get controllerVersion(): string | undefined {
    return this.annotation(annotations.controllerVersion);
  }
  get isRendered(): boolean {
    return this.name.startsWith('rendered-');
  }
}
