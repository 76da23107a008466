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

/** A release the cluster may update to (`status.availableUpdates[]`, a conditional update's `release`). */
export interface UpdateRelease {
  version: string;
  image: string;
  /** The errata page; '' when the graph gives none. */
  url: string;
  location: Location;
}

/** A risk of a conditional update, inline or through `riskNames` (4.22's `conditionalUpdateRisks`). */
interface UpdateRisk {
  name: string;
  message: string;
  url: string;
}

/** `status.conditionalUpdates[]`: a release, the risks the graph knows for it, and whether they apply. */
export interface ConditionalUpdate {
  release: UpdateRelease;
  risks: UpdateRisk[];
  /** The `Recommended` condition the cluster-version operator evaluated, if any. */
  recommended?: Condition;
  location: Location;
}

function riskOf(v: unknown): UpdateRisk | undefined {
  const r = rec(v);
  const name = str(r?.name);
  if (!r || !name) return undefined;
  return { name, message: str(r.message) ?? '', url: str(r.url) ?? '' };
}

/**
 * A `history` list under `at` (a ClusterVersion's `status`; a HostedCluster's `status.version`,
 * which copies it, and `status.controlPlaneVersion`): newest first, as the CVO writes it.
 */
export function readHistory(obj: KubeObject, at: readonly string[]): HistoryEntry[] {
  return arr(path(obj.raw, ...at, 'history')).flatMap((h, i) => {
    const r = rec(h);
    if (!r) return [];
    const e: HistoryEntry = {
      state: str(r.state) ?? '',
      version: str(r.version) ?? '',
      image: str(r.image) ?? '',
      location: obj.at(...at, 'history', i),
    };
    const s = date(r.startedTime);
    const c = date(r.completionTime);
    if (s) e.startedTime = s;
    if (c) e.completionTime = c;
    return [e];
  });
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
    return readHistory(this, ['status']);
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
  /** `spec.upstream`: the update service asked, when not the default. */
  get upstream(): string | undefined {
    return str(this.spec.upstream) || undefined;
  }
  /** `status.desired.channels`: the channels the current release is in. */
  get availableChannels(): string[] {
    return arr(path(this.status, 'desired', 'channels')).flatMap((c) => {
      const v = str(c);
      return v ? [v] : [];
    });
  }
  /** `status.availableUpdates[]` (null when the update service was not asked). */
  get availableUpdates(): UpdateRelease[] {
    return arr(this.status.availableUpdates).flatMap((u, i) => {
      const r = this.release(u, ['status', 'availableUpdates', i]);
      return r ? [r] : [];
    });
  }
  /**
   * `status.conditionalUpdates[]`, each with its risks: inline (`risks`, required up to
   * OpenShift 5), else by `riskNames` from 4.22's `status.conditionalUpdateRisks`.
   */
  get conditionalUpdates(): ConditionalUpdate[] {
    const shared = new Map<string, UpdateRisk>();
    for (const r of arr(this.status.conditionalUpdateRisks)) {
      const risk = riskOf(r);
      if (risk) shared.set(risk.name, risk);
    }
    return arr(this.status.conditionalUpdates).flatMap((u, i) => {
      const o = rec(u);
      const release = o && this.release(o.release, ['status', 'conditionalUpdates', i, 'release']);
      if (!o || !release) return [];
      const inline = arr(o.risks).flatMap((r) => {
        const risk = riskOf(r);
        return risk ? [risk] : [];
      });
      const named = arr(o.riskNames).flatMap((n) => {
        const risk = shared.get(str(n) ?? '');
        return risk ? [risk] : [];
      });
      const recommended = readConditions(this, [
        'status',
        'conditionalUpdates',
        i,
        'conditions',
      ]).find((c) => c.type === 'Recommended');
      return [
        {
          release,
          risks: inline.length > 0 ? inline : named,
          ...(recommended ? { recommended } : {}),
          location: this.at('status', 'conditionalUpdates', i),
        },
      ];
    });
  }
  private release(v: unknown, at: (string | number)[]): UpdateRelease | undefined {
    const r = rec(v);
    const version = str(r?.version);
    if (!r || !version) return undefined;
    return { version, image: str(r.image) ?? '', url: str(r.url) ?? '', location: this.at(...at) };
  }
  /** An update is in flight when the newest history entry is Partial with no completion time. */
  get updateInProgress(): boolean {
    const h = this.history[0];
    return h !== undefined && h.state === 'Partial' && h.completionTime === undefined;
  }
}
