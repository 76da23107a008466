/** Node: the machine-config daemon's annotations, roles and kubelet version. */
import { path, str } from './access';
import { KubeObject } from './kubeObject';

const mco = 'machineconfiguration.openshift.io/';
export const nodeAnnotations = {
  currentConfig: `${mco}currentConfig`,
  desiredConfig: `${mco}desiredConfig`,
  state: `${mco}state`,
  reason: `${mco}reason`,
} as const;

export class Node extends KubeObject {
  protected override get subjectKind(): string {
    return 'node';
  }
  get currentConfig(): string | undefined {
    return this.annotations[nodeAnnotations.currentConfig];
  }
  get desiredConfig(): string | undefined {
    return this.annotations[nodeAnnotations.desiredConfig];
  }
  /** `Working`, `Done`, `Degraded` or `Unreconcilable`. */
  get mcdState(): string | undefined {
    return this.annotations[nodeAnnotations.state];
  }
  get mcdReason(): string | undefined {
    return this.annotations[nodeAnnotations.reason];
  }
  get kubeletVersion(): string | undefined {
    return str(path(this.status, 'nodeInfo', 'kubeletVersion'));
  }
  matches(selector: Record<string, string>): boolean {
    const labels = this.labels;
    const keys = Object.keys(selector);
    return keys.length > 0 && keys.every((k) => labels[k] === selector[k]);
  }
}
