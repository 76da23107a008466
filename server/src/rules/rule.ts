/** What every rule module exports: its metadata and a pure check over a Snapshot. */
import type {
  Finding,
  FindingText,
  Location,
  RelatedLocation,
  Severity,
  Subject,
} from '../core/finding';
import { messageMaxLength } from '../core/finding';
import { clip } from '../core/text';
import type { Limits } from '../limits';
import { assessUpdate } from '../model/assessment';
import type { Impact, UpdateAssessment } from '../model/assessment';
import type { Snapshot } from '../model/snapshot';

/**
 * What a rule may know besides the snapshot: the bounds the user set. The update assessment
 * (where the update as a whole stands) joins it, so that each rule can judge one object in the
 * light of the whole.
 */
export interface RuleContext {
  limits: Limits;
  /** Where the update as a whole stands; computed from the snapshot when a caller gives none. */
  assessment?: UpdateAssessment;
}

/** The update assessment of this snapshot: the one the analysis computed, or a new one. */
export function assessmentOf(s: Snapshot, context: RuleContext): UpdateAssessment {
  return context.assessment ?? assessUpdate(s);
}

/** An update to a new release is moving as expected (no stall, not slow). */
export function progressingNormally(a: UpdateAssessment): boolean {
  return a.controlPlane.assessment === 'Progressing';
}

/** An update to a new release is in flight, however fast. */
export function updating(a: UpdateAssessment): boolean {
  const cp = a.controlPlane.assessment;
  return cp === 'Progressing' || cp === 'ProgressingSlow' || cp === 'Stalled';
}

/**
 * A finding of another rule that a finding of this rule explains: of rule `rule`, about `subject`
 * (the explaining finding's own subject when not given), with `cause` when given. After the
 * user's levels, an explained finding is shown only as related evidence of its explainer; a rule
 * that is off is never run and so explains nothing.
 */
interface Explains {
  rule: string;
  subject?: string;
  cause?: string;
}

/** The kinds of evidence a rule reads, as the snapshot holds them. */
type EvidenceKind =
  | 'ClusterVersion'
  | 'ClusterOperator'
  | 'MachineConfigPool'
  | 'MachineConfig'
  | 'Node'
  | 'MachineOSConfig'
  | 'MachineOSBuild'
  | 'MachineConfigNode'
  | 'ConfigMap'
  | 'PodDisruptionBudget'
  | 'Pod'
  | 'Infrastructure'
  | 'Deployment'
  | 'Alert'
  | 'Event'
  | 'HostedCluster'
  | 'HostedControlPlane'
  | 'ControlPlaneComponent'
  | 'PersistentVolumeClaim'
  | 'NodePool'
  | 'Machine'
  | 'cluster-version-operator log'
  | 'machine-config-controller log'
  | 'machine-config-daemon log'
  | 'file';

/**
 * What a rule is, as data (ESLint's `meta`): the README table, the settings schema, Update
 * Health's impact and the doc page all come from it (`npm run generate`).
 */
export interface RuleMeta {
  /** Stable kebab-case id, used in settings and output; the rule's file name. */
  id: string;
  defaultSeverity: Severity;
  /** How the level follows what the finding sees (the README's "default" column). */
  levels: string;
  /** One line: what the rule reports. */
  description: string;
  /** What it means, in Markdown (the README's table). */
  explanation: string;
  /** What its findings mean for the update, in oc's words. */
  impact: Impact;
  /** The evidence it reads. */
  reads: readonly EvidenceKind[];
  /** Findings of other rules that this rule's findings explain (one owner per cause). */
  explains?: readonly Explains[];
  /**
   * Rules whose findings this rule's findings can lead to, about the same object or one
   * upstream of it (node → pool → machine-config → ClusterVersion): what groups findings into
   * causes (`analysis/causes.ts`). Declared consequences only; the graph over rules is acyclic.
   */
  leadsTo?: readonly string[];
}

export interface Rule {
  meta: RuleMeta;
  check(snapshot: Snapshot, context: RuleContext): Finding[];
}

/** A rule's page: `docs/rules/<id>.md`. */
export function docPage(id: string): string {
  return `docs/rules/${id}.md`;
}

export function finding(
  rule: Rule,
  subject: Subject,
  location: Location,
  text: string | FindingText,
  related: (RelatedLocation | undefined)[] = [],
  severity: Severity = rule.meta.defaultSeverity,
  since?: Date,
): Finding {
  const words = typeof text === 'string' ? { message: text, detail: '' } : text;
  // Names and quotes come from the must-gather: a crafted one must not break the one-line contract.
  const message = clip(words.message.replace(/`/g, "'"), messageMaxLength);
  const detail = words.detail;
  const f: Finding = {
    rule: rule.meta.id,
    severity,
    subject,
    location,
    message,
    related: related.filter((r): r is RelatedLocation => r !== undefined),
  };
  if (detail) f.detail = detail;
  if (since) f.since = since;
  return f;
}

/** A related location with its explanation; undefined-safe so callers can pass optional evidence. */
export function rel(location: Location | undefined, message: string): RelatedLocation | undefined {
  return location ? { ...location, message } : undefined;
}
