/** The Infrastructure `cluster`: the platform the cluster runs on. */
import { path, str } from './access';
import { KubeObject } from './kubeObject';

export class Infrastructure extends KubeObject {
  protected override get subjectKind(): string {
    return 'infrastructure';
  }
  /**
   * `AWS`, `BareMetal`, `None`, …: `status.platformStatus.type`, else the deprecated
   * `status.platform` that older clusters alone set; undefined when neither says.
   */
  get platform(): string | undefined {
    return (
      str(path(this.status, 'platformStatus', 'type')) || str(this.status.platform) || undefined
    );
  }
}
