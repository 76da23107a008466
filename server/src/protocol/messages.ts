/**
 * The custom messages between the VS Code client and the server, typed once for both sides (as
 * vscode-eslint shares its `RequestType`s). It imports only the plain-data contracts of core/,
 * so the client bundle never pulls in the analysis.
 */
import { NotificationType, RequestType, RequestType0 } from 'vscode-languageserver-protocol';
import type { RootRecommendReport } from '../core/recommend';
import type { StatusReport } from '../core/updateStatus';

export {
  causeLead,
  controlPlaneLabels,
  nodeAssessmentOrder,
  requiredPoolsBehind,
} from '../core/updateStatus';
export { summaryDetails, summaryHeadline, summaryLine, summaryNotes } from '../core/gatherSummary';
export type { GatherSummary } from '../core/gatherSummary';
/** Escapes must-gather text for the client's Markdown (tooltips), as the server's hovers do. */
export { text as markdownText } from '../core/markdown';
export type { RootRecommendReport } from '../core/recommend';
export type {
  HostedReport,
  InsightReport,
  NodeReport,
  PoolReport,
  RootStatusReport,
  StatusReport,
} from '../core/updateStatus';

/** Where indexing stands and what was found, per must-gather root. */
export interface StatusParams {
  indexing: boolean;
  roots: { path: string; kind: string; findings: number }[];
  counts: Record<'error' | 'warning' | 'info' | 'hint', number>;
}

/** Sent whenever the set of roots or the totals change. */
export const StatusNotification = new NotificationType<StatusParams>('mustGatherInspector/status');

/** Finds every root again and analyses each; answers with the status after it. */
export const ReindexRequest = new RequestType0<StatusParams, void>('mustGatherInspector/reindex');

export interface MachineConfigsParams {
  /** Limit to the root holding this file (a MachineConfig or a pool the user started from). */
  uri?: string;
}

export interface MachineConfigEntry {
  root: string;
  name: string;
  pool?: string;
  /** ISO time. */
  created?: string;
  release?: string;
  uri: string;
}

/** Rendered MachineConfigs of the must-gathers, for the compare command's pickers. */
export const MachineConfigsRequest = new RequestType<
  MachineConfigsParams,
  MachineConfigEntry[],
  void
>('mustGatherInspector/machineConfigs');

export interface NormalizedConfigParams {
  root: string;
  name: string;
}

/** Normalised text of one config, for the read-only virtual documents of the diff. */
export const NormalizedConfigRequest = new RequestType<NormalizedConfigParams, string, void>(
  'mustGatherInspector/normalizedConfig',
);

export interface CompareSummaryParams {
  root: string;
  a: string;
  b: string;
}

/** The semantic summary of a change between two configs, as Markdown. */
export const CompareSummaryRequest = new RequestType<CompareSummaryParams, string, void>(
  'mustGatherInspector/compareSummary',
);

/** The command the client registers, also used by the server's code lenses. */
export const compareCommand = 'mustGatherInspector.compareRenderedConfigs';

/**
 * Opens the Upgrade Timeline of a root (its path the only argument). A ClusterVersion hover links
 * to it when the client lists it in the initialisation option `commandLinks` (it trusts hover
 * Markdown for exactly that command).
 */
export const timelineCommand = 'mustGatherInspector.showTimeline';

export interface UpdateStatusParams {
  /** Limit to the must-gather holding this file; every must-gather when absent. */
  uri?: string;
}

/**
 * Where the update stands in each must-gather (`status --format json`'s object, with absolute
 * paths): control plane, worker pools, nodes and insights, each with its evidence's file and line.
 */
export const UpdateStatusRequest = new RequestType<UpdateStatusParams, StatusReport, void>(
  'mustGatherInspector/updateStatus',
);

export interface WorkspaceArchive {
  path: string;
  /** Its extracted tree when the cache holds it, unchanged. */
  extracted?: string;
}

/** Archives in the workspace folders that may hold a must-gather (named so, told by bytes). */
export const ArchivesRequest = new RequestType0<{ archives: WorkspaceArchive[] }, void>(
  'mustGatherInspector/archives',
);

export interface OpenArchiveParams {
  /** The archive's local path. */
  path: string;
  /** The client's own progress (a cancellable notification): the percentages go there. */
  workDoneToken?: string | number;
}

export interface OpenArchiveResult {
  /** The extracted tree, in the archive cache, read-only. */
  root: string;
  /** The archive's file name, for the workspace folder. */
  name: string;
  /** Refused or skipped entries, one line each. */
  notes: string[];
}

/**
 * Extracts an archive into the cache (once; reused while it is unchanged), with cancellable
 * work-done progress. Cancelling leaves nothing in the cache and answers with an error.
 */
export const OpenArchiveRequest = new RequestType<OpenArchiveParams, OpenArchiveResult, void>(
  'mustGatherInspector/openArchive',
);

export interface LogTextParams {
  /** A `file:` URI of a log in an analysed must-gather (`current.log.gz`, a rotated file, …). */
  uri: string;
}

export interface LogTextResult {
  /** The log's text, gunzipped, as the analysis read it (its last `maxLogMiB`). */
  text: string;
  /** Lines before `text` that were counted but not read: positions in `text` start there. */
  firstLine: number;
}

/**
 * A pod log as the analysis read it, for a read-only document: `.log.gz` files cannot be shown
 * by the editor, and their findings' positions are in this text.
 */
export const LogTextRequest = new RequestType<LogTextParams, LogTextResult, void>(
  'mustGatherInspector/logText',
);

/** A place to open: a file and the range of the evidence in it (LSP positions). */
export interface EvidenceLink {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  /** What this place shows (a related location's message); absent for a finding's own place. */
  message?: string;
}

export interface FindingEntry {
  rule: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  subject: string;
  message: string;
  location: EvidenceLink;
  related: EvidenceLink[];
}

export interface CauseEntry {
  id: string;
  title: string;
  level: 'error' | 'warning' | 'info' | 'hint';
  subjects: string[];
  /** In causal order: the root(s) first. */
  findings: FindingEntry[];
}

export interface RootFindings {
  /** The root's path on disk. */
  root: string;
  /** How to name it: `<archive>!/<path>` for an extracted archive, else the path. */
  place: string;
  /** Worst first. */
  causes: CauseEntry[];
}

/**
 * Each must-gather's findings grouped by cause (`analysis/causes.ts`), worst first, for the
 * Findings view. The client asks again on every status notification.
 */
export const FindingsRequest = new RequestType0<{ roots: RootFindings[] }, void>(
  'mustGatherInspector/findings',
);

export interface TimelineParams {
  /** The root's path; absent for every analysed root. */
  root?: string;
}

/** One interval of the timeline, its times in milliseconds since the epoch. */
export interface TimelineBar {
  level: 'Info' | 'Warning' | 'Error';
  source: string;
  reason: string;
  message: string;
  from: number;
  to: number;
  evidence: EvidenceLink;
}

export interface TimelineLane {
  /** The object, as findings name it (`co/machine-config`): causes highlight lanes by it. */
  locator: string;
  label: string;
  bars: TimelineBar[];
}

export interface TimelineGroup {
  id: string;
  label: string;
  folded: boolean;
  lanes: TimelineLane[];
}

export interface RootTimelineView {
  root: string;
  /** How to name it (`Workspace.placeOf`). */
  place: string;
  /** The release and platform, as the Upgrade Status view's item reads. */
  title: string;
  gather?: number;
  /** The span it opens on (the newest update to the gather) and the span of all its intervals. */
  window?: { from: number; to: number };
  extent?: { from: number; to: number };
  groups: TimelineGroup[];
  causes: { id: string; title: string; level: CauseEntry['level']; subjects: string[] }[];
}

/** Each analysed must-gather's intervals in swimlanes (`analysis/timelineLanes.ts`), for the Upgrade Timeline. */
export const TimelineRequest = new RequestType<TimelineParams, { roots: RootTimelineView[] }, void>(
  'mustGatherInspector/timeline',
);

export interface RecommendParams {
  /** The root's path; absent for every analysed root. */
  root?: string;
  /** `--version`: the verdict on one release, and `--accept`'s names. */
  version?: string;
  accept?: string[];
  /** `--show-outdated-releases`: no release marked outdated, none counted in `olderHidden`. */
  showOutdatedReleases?: boolean;
}

/**
 * Before the next update (`recommend`): each analysed must-gather's report, files as absolute
 * paths, lines 1-based (`analysis/recommendReport.ts`).
 */
export const RecommendRequest = new RequestType<
  RecommendParams,
  { roots: RootRecommendReport[] },
  void
>('mustGatherInspector/recommend');

export interface CaseReportParams {
  /** The must-gather root (as the Upgrade Status view names it). */
  root: string;
  /** Markdown to paste, or one self-contained HTML file. */
  format: 'md' | 'html';
}

export interface CaseReportResult {
  text: string;
  /** The root as the window names it (`examples/…`, `<archive>!/…`). */
  place: string;
  /** Error-level findings in the report. */
  errors: number;
}

/** A case summary of one must-gather, as `report` writes it. */
export const CaseReportRequest = new RequestType<CaseReportParams, CaseReportResult, void>(
  'mustGatherInspector/caseReport',
);

export interface OtherGathersParams {
  /** A resource file of an analysed must-gather. */
  uri: string;
  /** The cursor, for a List file: the item under it is the object compared. */
  position?: { line: number; character: number };
}

export interface OtherGather {
  root: string;
  place: string;
  /** ISO time, when the gather records it. */
  gatherTime?: string;
  /** The same object's file there. */
  uri: string;
}

export interface OtherGathersResult {
  root: string;
  place: string;
  gatherTime?: string;
  /** The object compared: `co/machine-config`, or the file's path in the root when it is none. */
  subject: string;
  clusterId?: string;
  /** The window's other gathers of the same cluster that hold the object. */
  others: OtherGather[];
}

/** The other gathers of the cluster a file belongs to, for "Compare with Other Gather". */
export const OtherGathersRequest = new RequestType<OtherGathersParams, OtherGathersResult, void>(
  'mustGatherInspector/otherGathers',
);

export interface GatherComparisonParams {
  root: string;
  other: string;
  subject: string;
}

/** The summary beside the diff: the two gathers compared, for one object, as Markdown. */
export const GatherComparisonRequest = new RequestType<GatherComparisonParams, string, void>(
  'mustGatherInspector/gatherComparison',
);

export interface AgentToolParams {
  /** `mustgather_status`, …: the language-model tool called. */
  name: string;
  /** Its input, as the model gave it (checked by the server). */
  input: unknown;
}

export interface AgentToolResult {
  /** A line or two, then the data as JSON in a fence, said to be data from the must-gather. */
  text: string;
  isError?: boolean;
}

/** A language-model tool's answer from this window's analyses (the MCP server's core tools). */
export const AgentToolRequest = new RequestType<AgentToolParams, AgentToolResult, void>(
  'mustGatherInspector/agentTool',
);
