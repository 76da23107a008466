/**
 * A span of time a must-gather shows something held: a condition since its transition, an
 * update from its start to its end, an event from first to last seen, an alert since it fired, a
 * log line at its time. Plain data for every front end (CLI table and JSON, origin's interval
 * format, the timeline view). Times come from the gather, never the wall clock.
 */
import type { Location, Subject } from './finding';

export type IntervalLevel = 'Info' | 'Warning' | 'Error';

/** What kind of record an interval comes from (origin's monitor sources, where one fits). */
export type IntervalSource =
  | 'ClusterVersion'
  | 'ClusterVersionCondition'
  | 'OperatorAvailable'
  | 'OperatorDegraded'
  | 'OperatorProgressing'
  | 'OperatorUpgradeable'
  | 'PoolCondition'
  | 'NodeCondition'
  | 'MachineConfigNode'
  | 'HostedCluster'
  | 'NodePoolCondition'
  | 'Machine'
  | 'HostedControlPlane'
  | 'ControlPlaneComponent'
  | 'Pod'
  | 'Event'
  | 'Alert'
  | 'Log'
  | 'Gather';

export interface Interval {
  level: IntervalLevel;
  source: IntervalSource;
  /** The object it is about (`co/machine-config`, `mcp/worker`, `node/<name>`, `cv/version`). */
  locator: Subject;
  /** A short key: the condition's `Type=Status`, the history state, the event's reason. */
  reason: string;
  message: string;
  from: Date;
  /** The next change or the gather; equal to `from` for a moment (a log line, the gather). */
  to: Date;
  evidence: Location;
  /**
   * What the record says in fields, under the keys openshift/origin's intervals use
   * (`condition`, `status`, `reason`, `state`, `severity`, `alertstate`, `count`).
   */
  annotations: Record<string, string>;
}
