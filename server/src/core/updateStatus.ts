/**
 * Where an update stands, as every front end shows it: the JSON of `status --format json`, the
 * language server's update-status request and the editor's view. Plain data: times are RFC 3339
 * UTC strings, durations seconds, what the must-gather does not tell is null; `file` and `line`
 * (1-based) place the evidence.
 */

import type { ChainLink } from './finding';
import type { GatherSummary } from './gatherSummary';

export interface Evidence {
  file: string;
  line: number;
}

/** Node assessments worst first: the order every front end lists nodes in (as oc does). */
export const nodeAssessmentOrder: readonly NodeReport['assessment'][] = [
  'Degraded',
  'Unavailable',
  'Progressing',
  'Excluded',
  'Outdated',
  'Completed',
];

export interface NodeReport extends Evidence {
  name: string;
  pool: string | null;
  assessment: 'Outdated' | 'Progressing' | 'Completed' | 'Degraded' | 'Unavailable' | 'Excluded';
  phase: 'Pending' | 'Draining' | 'Updating' | 'Rebooting' | 'Paused' | 'Updated';
  /** Counted out of its pool's Available (not ready, cordoned, or still being processed). */
  unavailable: boolean;
  /** oc's EST column: `-`, `?`, `+5m` or `+10m`. */
  estimate: string;
  version: string | null;
  currentConfig: string | null;
  desiredConfig: string | null;
  message: string | null;
  since: string | null;
}

/** The control plane's assessment in words, as oc prints it, for every front end. */
export const controlPlaneLabels: Record<ControlPlaneReport['assessment'], string> = {
  Progressing: 'Progressing',
  ProgressingSlow: 'Progressing - Slow',
  Stalled: 'Stalled',
  Completed: 'Completed',
  NotUpdating: 'Not updating',
};

/** `, but required pool master is not updated`: a completed control plane whose required pools roll. */
export function requiredPoolsBehind(pools: readonly string[]): string {
  if (pools.length === 0) return '';
  const one = pools.length === 1;
  return `, but required pool${one ? '' : 's'} ${pools.join(', ')} ${one ? 'is' : 'are'} not updated`;
}

export interface ControlPlaneReport extends Partial<Evidence> {
  assessment: 'Progressing' | 'ProgressingSlow' | 'Stalled' | 'Completed' | 'NotUpdating';
  /** One sentence: why the assessment is what it is. */
  reason: string;
  target: string | null;
  from: string | null;
  fromIncomplete: boolean;
  lastCompleted: string | null;
  architecture: 'Multi' | null;
  startedAt: string | null;
  completedAt: string | null;
  durationSeconds: number | null;
  completionPercent: number | null;
  operators: { total: number; updated: number; updating: number; waiting: number };
  /** oc's "Est. Time Remaining" as it prints it (`<10m`, `1h25m`, `N/A; …`), else null. */
  estimate: string | null;
  /**
   * The image machine-config reports against the one its Deployment runs (when the gather holds
   * both): `pending` while they differ, as during a migration to multi-arch.
   */
  machineConfigImage: ({ reported: string; deployed: string; pending: boolean } & Evidence) | null;
  updating: ({ name: string; since: string | null; message: string } & Evidence)[];
  health: {
    healthy: number;
    unavailable: number;
    degraded: number;
    unhealthy: ({
      name: string;
      condition: 'Available' | 'Degraded';
      since: string | null;
      message: string;
    } & Evidence)[];
  };
  nodes: NodeReport[];
  /** Required-for-upgrade pools with a node not yet on the target. */
  requiredPoolsNotUpdated: string[];
}

export interface PoolReport extends Evidence {
  name: string;
  required: boolean;
  paused: boolean;
  assessment: 'Pending' | 'Progressing' | 'Completed' | 'Degraded' | 'Excluded' | 'Empty';
  completionPercent: number | null;
  counts: {
    total: number;
    updated: number;
    available: number;
    progressing: number;
    draining: number;
    degraded: number;
    excluded: number;
    outdated: number;
  };
  nodes: NodeReport[];
}

export interface InsightReport extends Evidence {
  level: 'error' | 'warning' | 'info';
  impact: 'Update Stalled' | 'Update Speed' | 'API Availability' | 'Unknown' | 'None';
  since: string | null;
  message: string;
  /** The rule of the finding that says why (null for what the assessment alone says). */
  rule: string | null;
  subject: string;
  /** The id of the cause it belongs to (`causes`), null when no finding stands behind it. */
  cause: string | null;
}

/** A cause as Update Health names it: one line for all the insights it explains. */
export interface CauseHeadline {
  id: string;
  title: string;
  level: 'error' | 'warning' | 'info' | 'hint';
  /** The rule and subject of its root finding, whose insight the cause's line stands on. */
  root: { rule: string; subject: string };
  /**
   * The way from the reporting operator down to the root (`core/cause.ts`), each step at its file
   * and line; a step the gather lacks has none. Empty when the cause has no chain.
   */
  chain: ChainStep[];
}

/** One step of a cause's chain, placed as evidence is. */
interface ChainStep {
  kind: ChainLink['kind'];
  name: string;
  state: string;
  file?: string;
  line?: number;
}

/** A hosted cluster's control plane (HyperShift), read from its HostedCluster. */
interface HostedControlPlaneReport extends Evidence {
  name: string;
  namespace: string;
  controlPlaneNamespace: string;
  platform: string | null;
  clusterID: string | null;
  version: string | null;
  target: string | null;
  state: string | null;
  startedAt: string | null;
  completedAt: string | null;
  /** `Progressing` as the HostedCluster reports it, when it is not False `AsExpected`. */
  progressing: { status: string; reason: string; message: string; since: string | null } | null;
  /**
   * `ClusterVersionSucceeding=False` (the guest CVO's Failing, inverted), with the CVO's reason and
   * message, when it fails; null otherwise.
   */
  failing: { reason: string; message: string; since: string | null } | null;
  /** `status.controlPlaneVersion`'s newest entry (4.20+): the management side's components. */
  components?: { version: string; state: string; since: string | null } & Evidence;
  /** The ControlPlaneComponents (4.18+) that have not rolled out, with the condition that says so. */
  notRolledOut: ({
    name: string;
    condition: string;
    message: string;
    since: string | null;
  } & Evidence)[];
}

/** One NodePool: its workers update on their own, after the control plane. */
interface NodePoolReport extends Evidence {
  name: string;
  upgradeType: 'Replace' | 'InPlace' | null;
  version: string | null;
  target: string | null;
  updating: boolean;
  machines: { total: number; updated: number; deleting: number };
  /** Its target's minor is past the control plane's newest Completed one: it waits for it. */
  ahead: boolean;
  message: string;
  since: string | null;
}

export interface HostedReport {
  controlPlane: HostedControlPlaneReport;
  nodePools: NodePoolReport[];
  /** The dump's management part, relative like `root`: its nodes and version are not this cluster's. */
  management: string;
}

export interface RootStatusReport {
  /** The must-gather, relative to the analysed path (absolute from the language server). */
  root: string;
  /**
   * The must-gather as a person names it, from the language server: inside an extracted
   * archive by the archive (`/case/must-gather.tar.gz!/must-gather.local.1`), else its path.
   */
  place?: string;
  gatherTime: string | null;
  /** The first look at the must-gather (its `root` named as above). */
  summary: GatherSummary;
  controlPlane: ControlPlaneReport;
  /** Worker pools (every pool but master). */
  pools: PoolReport[];
  insights: InsightReport[];
  /** The analysis' causes, worst first (`analysis/causes.ts`). */
  causes: CauseHeadline[];
  /** A hosted cluster's control plane and NodePools, when the root is a `hypershift dump`'s. */
  hosted?: HostedReport;
}

export interface StatusReport {
  roots: RootStatusReport[];
}

/**
 * The insight a cause's one line stands on: its root's, when that is among the cause's worst
 * (a node that cannot drain stalls the update, whatever an operator's Available says), else the
 * first of its worst in oc's order (`first`).
 */
export function causeLead(
  first: InsightReport,
  mine: readonly InsightReport[],
  cause: CauseHeadline,
): InsightReport {
  return (
    mine.find(
      (x) =>
        x.level === first.level && x.rule === cause.root.rule && x.subject === cause.root.subject,
    ) ?? first
  );
}
