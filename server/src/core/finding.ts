/**
 * The contract between analysis and every front end (diagnostics, CLI, hovers).
 * Rules never see LSP types; front ends never decide what is wrong.
 */

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** A place in a must-gather file: a JSON pointer into one YAML/JSON document. */
export interface Location {
  /** Absolute file path of the file holding the evidence. */
  file: string;
  /** Index of the YAML document inside the file (0 for nearly every file). */
  doc: number;
  /** JSON pointer (RFC 6901) into that document, e.g. `/status/conditions/2`. */
  pointer: string;
  /** Character offsets [start, end) used instead of the pointer when no node exists (parse errors). */
  span?: [number, number];
}

export interface RelatedLocation extends Location {
  message: string;
}

/**
 * The object a finding is about, as `<kind>/<name>`: `cv/version`, `co/machine-config`,
 * `mcp/worker`, `node/<name>`, `mc/<name>`, `pod/<namespace>/<name>` for a pod, and for a hosted
 * cluster `hc/`, `np/`, `machine/`, `hcp/`, `cpc/` (a ControlPlaneComponent), `deployment/`,
 * `statefulset/` and `pvc/<namespace>/<name>` (a PersistentVolumeClaim),
 * `log/<namespace>/<pod>/<container>` for a pod log,
 * `alert/<namespace>/<alertname>` (`alert/<alertname>` without a namespace) for a Prometheus
 * alert, and `file/<path in the must-gather>` for a file that cannot be read. Stable across gathers of
 * one cluster, so findings can be grouped by cause and compared between gathers.
 */
export type Subject = string;

/**
 * One step of the way from what an operator reports down to what is wrong, as an engineer
 * follows it by hand: the operator's condition, its workload, the pod, the container's state,
 * the node, the log line. A cause's chain starts at the report and ends at the root.
 */
export interface ChainLink {
  kind: 'operator' | 'workload' | 'pod' | 'container' | 'node' | 'log';
  /** The object as a person names it: `Deployment openshift-apiserver/apiserver`, `node ip-10-0-1-2`. */
  name: string;
  /** Its state in a few words: `Degraded for 49m`, `2 of 3 available`, `CrashLoopBackOff, 14 restarts`. */
  state: string;
  /** Where the evidence is; absent when the object is not in the gather. */
  location?: Location;
}

/** How much of an object's own words a finding keeps (`Finding.quote`). */
export const quoteMaxLength = 1000;

export interface Finding {
  rule: string;
  severity: Severity;
  subject: Subject;
  location: Location;
  /**
   * One plain sentence for a list (the Problems panel, a CI log): the object and the verdict,
   * at most `messageMaxLength` characters, no Markdown, no newline.
   */
  message: string;
  /** The explanation, in Markdown: why, how the release behaves, the known bug, what to do. */
  detail?: string;
  /**
   * The object's own words the judgement rests on (a condition's message), verbatim and
   * untrusted: a case report quotes it whole where the message clips it.
   */
  quote?: string;
  related: RelatedLocation[];
  /** Since when what the finding says holds, when the must-gather tells (a condition's change). */
  since?: Date;
  /**
   * What the finding says is wrong, as a short key another rule's `explains` can name
   * (`kubelet-skew`): set where one condition has several possible owners.
   */
  cause?: string;
  /**
   * The object this finding bears on when its subject is a witness rather than the object: an
   * alert about a node (`node/<name>`), the CVO's log waiting on an operator (`co/<name>`). Causes
   * group a witness with what is wrong with that object.
   */
  about?: Subject;
  /**
   * The way from the operators that report this finding's object down to it, when the finding
   * is a root others are reported through (a pod, a node): report first, root and its log last.
   */
  chain?: ChainLink[];
}

/** The longest `message` a list shows whole (the Problems panel cuts near this width). */
export const messageMaxLength = 200;

/** A finding's words: the short message, and the explanation behind it. */
export interface FindingText {
  message: string;
  detail?: string;
}

export function severityRank(s: Severity): number {
  return { error: 0, warning: 1, info: 2, hint: 3 }[s];
}
