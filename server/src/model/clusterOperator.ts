/** ClusterOperator: conditions, reported versions and, for machine-config, the per-pool extension. */
import { arr, rec, str, strMap } from './access';
import { readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';
import type { Location } from '../core/finding';

export interface OperandVersion {
  name: string;
  version: string;
  location: Location;
}

export class ClusterOperator extends KubeObject {
  protected override get subjectKind(): string {
    return 'co';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  get versions(): OperandVersion[] {
    return arr(this.status.versions).flatMap((v, i) => {
      const r = rec(v);
      const name = str(r?.name);
      if (!r || !name) return [];
      return [{ name, version: str(r.version) ?? '', location: this.at('status', 'versions', i) }];
    });
  }
  /** The `operator` entry: the release level the operator claims. */
  get operatorVersion(): OperandVersion | undefined {
    return this.versions.find((v) => v.name === 'operator');
  }
  /**
   * The namespaces the operator names in `status.relatedObjects`: its `namespaces` entries and the
   * namespaces of its namespaced objects, in the operator's order, each once.
   */
  get relatedNamespaces(): string[] {
    const out = new Set<string>();
    for (const v of arr(this.status.relatedObjects)) {
      const r = rec(v);
      const ns = str(r?.resource) === 'namespaces' ? str(r?.name) : str(r?.namespace);
      if (ns) out.add(ns);
    }
    return [...out];
  }
  /** machine-config writes one string per pool plus `lastSyncError`. */
  get extension(): Record<string, string> {
    return strMap(this.status.extension);
  }
}
