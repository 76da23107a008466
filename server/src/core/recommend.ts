/**
 * Before the update (issue 29): is it safe to update this cluster, and to what? What
 * `oc adm upgrade recommend` answers live, from the must-gather, plus what oc cannot see from the
 * API (pools, nodes, budgets, admin gates, certificates, kubelets). Plain data for every front end.
 * A check's `status` reads as oc's conditions: `True` no concern, `False` a concern, `Unknown`
 * cannot tell: a concern when it has an accept name (no alert data, admin gates not gathered),
 * else "not checked" (reason `NotGathered`: the must-gather does not hold what the check reads),
 * which holds no `--version` target.
 */
import type { Location } from './finding';

type CheckStatus = 'True' | 'False' | 'Unknown';

export interface RecommendCheck {
  /** oc's for the ClusterVersion (`Failing`) and alerts (`recommended/CriticalAlerts/<alert>/<i>`); ours `gather/<Category>/<object>`. */
  name: string;
  status: CheckStatus;
  reason: string;
  message: string;
  /** What `--accept` takes to accept it (oc's: the alert's name, `Failing`, …); none when no concern, or not checked. */
  acceptName?: string;
  level: 'error' | 'warning' | 'info';
  evidence?: Location;
  /** A concern only for an update to a later minor (an admin gate, Upgradeable=False): a z-stream target leaves it out. */
  laterMinorOnly?: boolean;
}

export interface UpdateRiskView {
  name: string;
  message: string;
  url: string;
}

export interface UpdateOption {
  version: string;
  image: string;
  url: string;
  /** `4.16`. */
  minor: string;
  recommended: boolean;
  /** The Recommended condition's, when not recommended (`MultipleReasons`, a risk's name). */
  reason?: string;
  message?: string;
  risks: UpdateRiskView[];
  /** Beyond the two newest of its minor: listed with `--show-outdated-releases` only (never set with it). */
  outdated: boolean;
  evidence: Location;
}

export interface RecommendTarget {
  version: string;
  found: boolean;
  recommended?: boolean;
  reason?: string;
  message?: string;
  image?: string;
  url?: string;
  risks: UpdateRiskView[];
  /** Accept names of the concerns that apply and `--accept` did not name, sorted. */
  unaccepted: string[];
  accepted: string[];
  /** Why it was not found (oc's words), when it was not. */
  notFound?: string;
}

export interface Recommendation {
  /** The release the cluster runs (`status.desired.version`). */
  version?: string;
  channel?: string;
  availableChannels: string[];
  upstream?: string;
  /**
   * The ClusterVersion's conditions of concern, in oc's order, each with the ClusterVersion's own
   * status (`Failing` `True`) and message: every one listed is a concern.
   */
  clusterConditions: RecommendCheck[];
  /** Alerts (oc's categories) then what the gather shows; each category with nothing wrong as one `True` check. */
  checks: RecommendCheck[];
  /** Newest minor first, newest release first. */
  updates: UpdateOption[];
  /** Per minor, how many releases are left out without `--show-outdated-releases` (empty with it). */
  olderHidden: Record<string, number>;
  target: RecommendTarget | null;
}

/** A place as the report gives it: the file (as the front end names it) and 1-based line. */
export interface Placed {
  file: string | null;
  line: number | null;
}

/** The report of one must-gather: the JSON contract of `recommend --format json`, and what the editor shows. */
export interface RootRecommendReport {
  root: string;
  /** RFC 3339, UTC. */
  gatherTime: string | null;
  version: string | null;
  channel: string | null;
  availableChannels: string[];
  upstream: string | null;
  clusterConditions: ({
    type: string;
    status: CheckStatus;
    reason: string;
    message: string;
    acceptName: string | null;
  } & Placed)[];
  checks: ({
    name: string;
    status: CheckStatus;
    reason: string;
    message: string;
    acceptName: string | null;
    level: RecommendCheck['level'];
  } & Placed)[];
  updates: ({
    version: string;
    image: string;
    url: string | null;
    minor: string;
    recommended: boolean;
    reason: string | null;
    message: string | null;
    risks: UpdateRiskView[];
    outdated: boolean;
  } & Placed)[];
  olderHidden: Record<string, number>;
  target: {
    version: string;
    found: boolean;
    recommended: boolean | null;
    reason: string | null;
    /** The Recommended condition's message; for a release not offered, why (oc's words). */
    message: string | null;
    image: string | null;
    url: string | null;
    risks: UpdateRiskView[];
    unaccepted: string[];
    accepted: string[];
  } | null;
}
