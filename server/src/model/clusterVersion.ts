/** ClusterVersion `version`: what the cluster is updating to and how far it got. */
import { arr, date, path, rec, str } from './access';
import { readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';
import type { Location } from '../core/finding';

export interface HistoryEntry {
  state: string;
  version: string;
  image: string;
  startedTime?: Date;
  completionTime?: Date;
  location: Location;
}

export class ClusterVersion extends KubeObject {
  protected override get subjectKind(): string {
    return 'cv';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  get desiredVersion(): string | undefined {
    return str(path(this.status, 'desired', 'version'));
  }
  /** Newest first, as the CVO writes it. */
  get history(): HistoryEntry[] {
    return arr(this.status.history).flatMap((h, i) => {
      const r = rec(h);
      if (!r) return [];
      const e: HistoryEntry = {
        state: str(r.state) ?? '',
        version: str(r.version) ?? '',
        image: str(r.image) ?? '',
        location: this.at('status', 'history', i),
      };
      const s = date(r.startedTime);
      const c = date(r.completionTime);
      if (s) e.startedTime = s;
      if (c) e.completionTime = c;
      return [e];
    });
  }
  /** `spec.clusterID`: the cluster's identity (Telemetry and support cases name it). */
  get clusterID(): string | undefined {
    return str(this.spec.clusterID) || undefined;
  }
  /** `spec.channel` (`stable-4.16`), when one is set. */
  get channel(): string | undefined {
    return str(this.spec.channel) || undefined;
  }
  /**
   * The release the cluster runs: the newest Completed history entry, else (no history entry is
   * Partial) `status.desired`; undefined during an install that never completed.
   */
  get currentVersion(): string | undefined {
    const history = this.history;
    const completed = history.find((h) => h.state === 'Completed' && h.version !== '');
    if (completed) return completed.version;
    return history.some((h) => h.state === 'Partial') ? undefined : this.desiredVersion;
  }
  /** An update is in flight when the newest history entry is Partial with no completion time. */
  get updateInProgress(): boolean {
    const h = this.history[0];
    return h !== undefined && h.state === 'Partial' && h.completionTime === undefined;
  }
}
