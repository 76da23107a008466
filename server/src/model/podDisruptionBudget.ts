/**
 * PodDisruptionBudget (`policy/v1`): how many of its pods may be evicted now. `oc adm inspect`
 * writes them as a List, `namespaces/<ns>/policy/poddisruptionbudgets.yaml`, only for the
 * namespaces it inspects (a customer's namespace usually is not).
 */
import type { Location } from '../core/finding';
import { num, path, str, strMap } from './access';
import { KubeObject } from './kubeObject';

export class PodDisruptionBudget extends KubeObject {
  protected override get subjectKind(): string {
    return 'pdb';
  }
  /** `status.disruptionsAllowed`: 0 means every eviction of its pods is refused. */
  get disruptionsAllowed(): number | undefined {
    return num(this.status.disruptionsAllowed);
  }
  get disruptionsAllowedLocation(): Location {
    return this.status.disruptionsAllowed === undefined
      ? this.at('status')
      : this.at('status', 'disruptionsAllowed');
  }
  /** `minAvailable: 1` or `maxUnavailable: 0` (numbers or percentages), as written. */
  get budget(): string | undefined {
    const min = str(this.spec.minAvailable);
    if (min !== undefined) return `minAvailable ${min}`;
    const max = str(this.spec.maxUnavailable);
    return max === undefined ? undefined : `maxUnavailable ${max}`;
  }
  get currentHealthy(): number | undefined {
    return num(this.status.currentHealthy);
  }
  get desiredHealthy(): number | undefined {
    return num(this.status.desiredHealthy);
  }
  get expectedPods(): number | undefined {
    return num(this.status.expectedPods);
  }
  /** `spec.selector.matchLabels`. */
  get matchLabels(): Record<string, string> {
    return strMap(path(this.spec, 'selector', 'matchLabels'));
  }
}
