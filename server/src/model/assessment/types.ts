import type { HostedAssessment } from './hosted';
/**
 * Where a cluster update stands, in the vocabulary of `oc adm upgrade status` (openshift/oc
 * pkg/cli/admin/upgrade/status), judged from a must-gather: every judgement carries the
 * location of its evidence. Times are Dates; a value the must-gather does not tell is undefined.
 */
import type { Location } from '../../core/finding';
import type { PoolReport } from '../../core/updateStatus';

/**
 * `Completed`: the ClusterVersion finished the update but some nodes still run the previous
 * release. `NotUpdating`: nothing is being updated to a new release (a config rollout without a
 * version change is not an update). `ProgressingSlow` and `Stalled`: the update takes longer
 * than expected, or has made no progress for long.
 */
export type ControlPlaneAssessment =
  | 'Progressing'
  | 'ProgressingSlow'
  | 'Stalled'
  | 'Completed'
  | 'NotUpdating';

/** A paused pool is `Excluded`; a pool without nodes is `Empty`. */
export type PoolAssessment =
  | 'Pending'
  | 'Progressing'
  | 'Completed'
  | 'Degraded'
  | 'Excluded'
  | 'Empty';

export type NodeAssessment =
  | 'Outdated'
  | 'Progressing'
  | 'Completed'
  | 'Degraded'
  | 'Unavailable'
  | 'Excluded';

export type NodePhase = 'Pending' | 'Draining' | 'Updating' | 'Rebooting' | 'Paused' | 'Updated';

export interface NodeStatus {
  name: string;
  /** The pool the node belongs to (as the MCO's node controller decides). */
  pool: string | undefined;
  assessment: NodeAssessment;
  phase: NodePhase;
  /**
   * Not ready, under disk or network pressure, cordoned, or its daemon still processing it: oc
   * counts it out of the pool's Available whatever its assessment.
   */
  unavailable: boolean;
  /** oc's EST column: `-` (done or excluded), `?` (waiting or stuck), `+5m`, `+10m` (draining). */
  estimate: '-' | '?' | '+5m' | '+10m';
  /** The release of its current rendered config (`release-image-version`), when stamped. */
  version: string | undefined;
  currentConfig: string | undefined;
  desiredConfig: string | undefined;
  /** The daemon's reason, `Not ready`, `Node is marked unschedulable`, … */
  message: string | undefined;
  /** Since when the node is in its state, when the must-gather tells. */
  since: Date | undefined;
  evidence: Location;
}

export interface UpdatingOperator {
  name: string;
  /** Its Progressing=True transition. */
  since: Date | undefined;
  message: string;
  evidence: Location;
}

export interface MachineConfigImage {
  /** `status.versions` `operator-image` of the ClusterOperator. */
  reported: string;
  /** The image the operator's Deployment runs. */
  deployed: string;
  /** They differ: the operator itself is still being updated. */
  pending: boolean;
  evidence: Location;
}

export interface UnhealthyOperator {
  name: string;
  condition: 'Available' | 'Degraded';
  since: Date | undefined;
  message: string;
  evidence: Location;
}

export interface ControlPlaneStatus {
  assessment: ControlPlaneAssessment;
  /** The release of the newest history entry (what the cluster updates, or updated, to). */
  target: string | undefined;
  /** The release it updates from (the history entry before the newest). */
  from: string | undefined;
  /** The update from `from` never completed (that entry is Partial). */
  fromIncomplete: boolean;
  /** The newest Completed release before the current update. */
  lastCompleted: string | undefined;
  /** `Multi` during a migration to a multi-architecture payload. */
  architecture: 'Multi' | undefined;
  startedAt: Date | undefined;
  completedAt: Date | undefined;
  durationSeconds: number | undefined;
  /** Operators of the release payload at the target, rounded percent (undefined without any). */
  completionPercent: number | undefined;
  operators: { total: number; updated: number; updating: number; waiting: number };
  /**
   * oc's "Est. Time Remaining" (`<10m`, `1h25m`, `N/A; estimate duration was 1h24m`, `N/A for
   * Multi-Architecture Migration`), while operators are left to update.
   */
  estimate: string | undefined;
  /** machine-config's reported image against its Deployment's, when the gather holds both. */
  machineConfigImage: MachineConfigImage | undefined;
  updating: UpdatingOperator[];
  health: {
    healthy: number;
    unavailable: number;
    degraded: number;
    unhealthy: UnhealthyOperator[];
  };
  /** Control-plane (master pool) nodes. */
  nodes: NodeStatus[];
  /**
   * Pools labelled required-for-upgrade with a node not yet on the target: once the control
   * plane completed, the machine-config operator should not have leveled (bug 1999556).
   */
  requiredPoolsNotUpdated: string[];
  /** Why the assessment is what it is, in one sentence, for hovers and the status line. */
  reason: string;
  evidence: Location | undefined;
}

/** Nodes of a pool by state, as the status report carries them. */
export type PoolCounts = PoolReport['counts'];

export interface PoolStatus {
  name: string;
  required: boolean;
  paused: boolean;
  assessment: PoolAssessment;
  /** Updated nodes of all, rounded percent (undefined for an empty pool). */
  completionPercent: number | undefined;
  counts: PoolCounts;
  nodes: NodeStatus[];
  evidence: Location;
}

export interface UpdateAssessment {
  /** The time every age is measured from: the gather's, else the newest condition change. */
  now: Date | undefined;
  controlPlane: ControlPlaneStatus;
  /** Worker pools (every pool but master). */
  pools: PoolStatus[];
  /** A hosted cluster's control plane and NodePools (HyperShift), from the management side. */
  hosted?: HostedAssessment;
}

/** oc's words for what an insight affects (`Unknown`: a firing alert, whose effect oc cannot tell). */
export type Impact = 'Update Stalled' | 'Update Speed' | 'API Availability' | 'Unknown' | 'None';
