/**
 * Two gathers of one cluster compared (`compare`, **Compare with Other Gather**), as plain data:
 * what changed object by object (by subject), which findings appeared, cleared or changed level,
 * and where the update stood in each. `analysis/compareGathers.ts` makes it.
 */
import type { Location, Severity, Subject } from './finding';

/** One gather of the two: `a` is the older. */
export interface ComparedGather {
  /** The must-gather root (absolute; front ends name it relative to what they analysed). */
  root: string;
  /** The gather's time (ISO), when the gather records it. */
  gatherTime: string | null;
  clusterId: string | null;
}

/** One fact of an object that differs: `null` where that gather does not have it. */
export interface FactChange {
  /** `version`, `conditions.Degraded.status`, `status.configuration`, `currentConfig`, …. */
  path: string;
  before: string | null;
  after: string | null;
}

export interface ObjectComparison {
  subject: Subject;
  changes: FactChange[];
  /** Where the object is in each gather (absent in a gather that does not hold it). */
  a?: Location;
  b?: Location;
}

/** A finding of one gather only, or of both at different levels; matched by rule and subject. */
export interface ComparedFinding {
  rule: string;
  subject: Subject;
  /** The level in gather `a` (absent: the finding appeared in `b`). */
  before?: Severity;
  /** The level in gather `b` (absent: the finding cleared). */
  after?: Severity;
  /** The message of the newer gather that has it. */
  message: string;
  location: Location;
}

/** Where the update stood in one gather, in `status`'s words. */
export interface AssessmentBrief {
  /** `Stalled`, `Progressing`, `Completed`, `Not updating`, …. */
  controlPlane: string;
  target: string | null;
  from: string | null;
  completionPercent: number | null;
  pools: { name: string; assessment: string; completionPercent: number | null }[];
}

export interface GatherComparison {
  a: ComparedGather;
  b: ComparedGather;
  /** Both gathers name one cluster ID. */
  sameCluster: boolean;
  /** Objects with at least one change, in the order kinds are read (cv, co, mcp, node, …). */
  objects: ObjectComparison[];
  findings: {
    appeared: ComparedFinding[];
    cleared: ComparedFinding[];
    changed: ComparedFinding[];
  };
  assessment: { before: AssessmentBrief; after: AssessmentBrief };
}
