/**
 * A Deployment, read for one fact: the image a container runs. The machine-config operator's
 * Deployment tells whether the operator itself was updated during a migration to the
 * multi-architecture payload, where the release version does not change (oc's status compares
 * it with the `operator-image` the ClusterOperator reports; see docs/domain/update-status.md).
 */
import type { Location } from '../core/finding';
import { arr, path, rec, str } from './access';
import { KubeObject } from './kubeObject';

/** The namespace and name of the machine-config operator's Deployment, and its container. */
export const MCO_DEPLOYMENT = {
  namespace: 'openshift-machine-config-operator',
  name: 'machine-config-operator',
  container: 'machine-config-operator',
} as const;

export class Deployment extends KubeObject {
  protected override get subjectKind(): string {
    return 'deploy';
  }
  /** The image of the named container of the pod template, with its location. */
  containerImage(container: string): { image: string; location: Location } | undefined {
    const containers = arr(path(this.raw, 'spec', 'template', 'spec', 'containers'));
    for (let i = 0; i < containers.length; i++) {
      const c = rec(containers[i]);
      if (str(c?.name) !== container) continue;
      const image = str(c?.image);
      return image
        ? { image, location: this.at('spec', 'template', 'spec', 'containers', i, 'image') }
        : undefined;
    }
    return undefined;
  }
}
