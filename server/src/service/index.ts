/**
 * The one entry to the analysis. The front ends (cli/, mcp/, lsp/ with server.ts, and agent/)
 * import the layers below through this file only, as an editor imports yaml-language-server's
 * `getLanguageService()`: what is exported here is what a front end may ask of the analysis.
 * `npm run lint` refuses a front end that reaches past it (eslint.config.mjs, module `service`).
 * Sections follow a request's path: open a gather, analyze it, then status, recommend, timeline,
 * diff, compare and report; last, reading one file or object for a hover or a tool.
 */

// Open: find must-gathers in a folder, unpack archives, index and cache their files.
export { discoverGathers, discoverRoots, maxDiscoveryDepth } from '../gather/discover';
export type { GatherRoot } from '../gather/discover';
export { findArchives } from '../gather/archiveCandidates';
export {
  archiveBoundsFrom,
  archiveOfExtraction,
  cachedRoot,
  clearCache,
  listCache,
  openArchive,
} from '../gather/archiveCache';
export { ExtractionCancelled } from '../gather/archive/cancelled';
export { defaultCacheDir } from '../cacheDir';
export { cacheLimitsFrom, ParsedFileCache } from '../gather/fileCache';
export { ReadPool, readPoolOf } from '../gather/readPool';
export type { ReadMode } from '../gather/fileCache';
export { buildIndex, filesOf, podLogFiles } from '../gather/gatherIndex';
export { controlPlaneNamespace, placeInRoot } from '../gather/hostedIndex';
export { flatLogsOf } from '../analysis/loadHostedControlPlane';
export type { IndexedFile } from '../gather/gatherIndex';
export { logNotes } from '../gather/notes';

// Analyze: rules over a gather's snapshot, the user's levels, causes, problems of open files.
export {
  analysisContext,
  analyzeRoot,
  applyLevels,
  isRuleLevel,
  ruleLevelNames,
} from '../analysis/analyze';
export type { AnalysisContext, RootAnalysis, RuleLevels } from '../analysis/analyze';
export { causesOf } from '../analysis/causes';
export { openFileProblems } from '../analysis/fileProblems';
export { loadClusterVersion } from '../analysis/loadSnapshot';
export type { Snapshot } from '../model/snapshot';
export { allRuleIds, allRuleMeta } from '../rules/registry';
export { docPage } from '../rules/rule';
export type { RuleMeta } from '../rules/rule';

// Status and recommend: `oc adm upgrade status` and `recommend`, offline.
export { statusReport } from '../analysis/statusReport';
export { recommendReport } from '../analysis/recommendReport';

// Timeline: intervals of the update and the lanes the timeline page draws.
export { intervalsOf } from '../analysis/timeline';
export { openingWindow, timelineLanes } from '../analysis/timelineLanes';

// Diff: rendered MachineConfigs, decoded, normalized, compared and summarized.
export { findMachineConfig, listMachineConfigs } from '../analysis/loadMachineConfigs';
export type { MachineConfigListing } from '../analysis/loadMachineConfigs';
export { diffMachineConfigs, machineConfigHint } from '../analysis/diffMachineConfigs';
export { decodeOptionsFrom } from '../machineconfig/dataUrl';
export type { DecodeOptions } from '../machineconfig/dataUrl';
export { normalizeMachineConfig } from '../machineconfig/normalize';
export { summarizeChanges, summaryMarkdown, summaryText } from '../machineconfig/changeSummary';
export type { MachineConfigSummary } from '../machineconfig/changeSummary';
export type { RebootDecision } from '../machineconfig/reboot';

// Compare: two gathers of one cluster.
export { compareGathers } from '../analysis/compareGathers';
export {
  apart,
  controlPlaneBrief,
  levelChange,
  none,
  objectComparisonMarkdown,
  placeComparison,
  poolBriefs,
} from '../reports/comparison';
export type { ReportedComparedFinding, ReportedComparison } from '../reports/comparison';

// Report: findings and causes as every front end reports them, and the case report.
export { toReported, toReportedCauses, toReportedSummaries } from '../reports/reported';
export type { ReportedCause, ReportedFinding } from '../reports/reported';
export { causeRows, insightRows } from '../reports/healthRows';
export { formatCaseHtml, formatCaseMarkdown } from '../reports/caseReport';

// Read: one file, object, event or log of a gather, for hovers, links and agent tools.
export { parseText } from '../yaml/parse';
export type { ParsedFile } from '../yaml/parse';
export { offsetOf, rangeIn } from '../yaml/positions';
export { pathAt } from '../yaml/pathAt';
export { join as joinPointer, split as splitPointer } from '../yaml/pointer';
export { yamlLib } from '../yaml/lib';
export type { KubeObject } from '../model/kubeObject';
export { arr, path, rec, str } from '../model/access';
export { eventsAbout, newestFirst, nodeEventNamespaces } from '../model/events';
export type { EventSubject } from '../model/events';
export { operandNamespace, operatorNamespace } from '../model/staticPods';
export { parseRelease } from '../model/release';
export { containerLogs, logFileOf } from '../gather/podLogs';
export type { LogFile } from '../gather/podLogs';
export { readLogTail } from '../gather/logTail';
