/**
 * The analysis pipeline shared by the CLI and the language server:
 * root -> index -> snapshot -> rules -> findings, with the user's rule levels applied.
 */
import type { ReadPool } from '../gather/readPool';
import type { GatherRoot } from '../gather/discover';
import { cacheLimitsFrom, ParsedFileCache } from '../gather/fileCache';
import { defaultLimits } from '../limits';
import type { Limits } from '../limits';
import type { RuleContext } from '../rules/rule';
import { buildIndex } from '../gather/gatherIndex';
import type { GatherIndex } from '../gather/gatherIndex';
import { assessUpdate } from '../model/assessment';
import type { UpdateAssessment } from '../model/assessment';
import type { Snapshot } from '../model/snapshot';
import { insightsOf } from './insights';
import type { Insight } from './insights';
import type { Finding, Severity } from '../core/finding';
import { severityRank } from '../core/finding';
import { rules } from '../rules/registry';
import { foldExplained } from './explained';
import { loadSnapshot } from './loadSnapshot';
import type { EventStore } from './loadEvents';
import { summarizeGather } from './summarizeGather';
import type { GatherSummary } from '../core/gatherSummary';

export type RuleLevel = Severity | 'off';

/** Every level a user may give a rule, in settings and with `--rule`. */
export const ruleLevelNames: readonly RuleLevel[] = ['off', 'error', 'warning', 'info', 'hint'];

export function isRuleLevel(v: unknown): v is RuleLevel {
  return typeof v === 'string' && (ruleLevelNames as readonly string[]).includes(v);
}
export type RuleLevels = Record<string, RuleLevel>;

export interface RootAnalysis {
  root: GatherRoot;
  index: GatherIndex;
  /** The typed objects the rules saw; hovers and links read the same views. */
  snapshot: Snapshot;
  /** The first look: which cluster, how it was gathered, what it holds and lacks. */
  summary: GatherSummary;
  /** Where the update stands (computed before the rules, which read it). */
  assessment: UpdateAssessment;
  /** Update-level judgements from the assessment and the findings. */
  insights: Insight[];
  findings: Finding[];
  /** Files read for this analysis: diagnostics on them are replaced by this result. */
  filesRead: string[];
  /** The root's Warning events, read when a hover asks (those the rules cite are in the snapshot). */
  events: EventStore;
  /** Rules that threw: logged, never fatal. */
  internalErrors: string[];
}

/**
 * Everything one analysis runs with: the parse cache (shared across analyses), the bounds on
 * work (the cache was made with the same ones) and the user's rule levels for this root.
 */
export interface AnalysisContext {
  readonly cache: ParsedFileCache;
  readonly limits: Limits;
  readonly levels: RuleLevels;
  /**
   * Whether a hosted cluster's Machines of settled NodePools are read: the findings are the same
   * either way; hovers and the timeline show them, a one-shot command has no use for them.
   */
  readonly everyMachine: boolean;
}

/** A context whose cache applies `limits`; an existing cache is given the same bounds. */
export function analysisContext(
  options: {
    limits?: Limits;
    levels?: RuleLevels;
    cache?: ParsedFileCache;
    /** Threads that read files beside the main one, for a new cache (none: one thread). */
    pool?: ReadPool;
    /** Read settled NodePools' Machines too (default: true). */
    everyMachine?: boolean;
  } = {},
): AnalysisContext {
  const limits = options.limits ?? defaultLimits;
  const cache = options.cache ?? new ParsedFileCache(cacheLimitsFrom(limits), options.pool);
  cache.setLimits(cacheLimitsFrom(limits));
  return {
    cache,
    limits,
    levels: options.levels ?? {},
    everyMachine: options.everyMachine ?? true,
  };
}

export async function analyzeRoot(
  root: GatherRoot,
  ctx: AnalysisContext,
  index?: GatherIndex,
): Promise<RootAnalysis> {
  const idx = index ?? (await buildIndex(root));
  const { snapshot, problems, filesRead, events } = await loadSnapshot(idx, ctx.cache, {
    everyMachine: ctx.everyMachine,
  });
  const summary = await summarizeGather(idx, snapshot, ctx.cache);
  // Where the update stands is judged once, before the rules, which read it.
  const assessment = assessUpdate(snapshot);
  const { findings, internalErrors } = checkSnapshot(
    snapshot,
    { limits: ctx.limits, assessment },
    ctx.levels,
    { problems, where: root.path },
  );
  return {
    root,
    index: idx,
    snapshot,
    summary,
    assessment,
    insights: insightsOf(assessment, findings),
    findings,
    filesRead,
    events,
    internalErrors,
  };
}

/**
 * The findings of one snapshot: every rule that is not off, then the user's levels, then the
 * findings another shown finding explains folded into it. Pure; a rule that throws is an
 * internal error, never a lost analysis.
 */
export function checkSnapshot(
  snapshot: Snapshot,
  ruleContext: RuleContext,
  levels: RuleLevels,
  o: { problems?: readonly Finding[]; where?: string } = {},
): { findings: Finding[]; internalErrors: string[] } {
  const internalErrors: string[] = [];
  const found: Finding[] = [...(o.problems ?? [])];
  for (const rule of rules) {
    // A rule turned off is not run: it can neither report nor explain another rule's finding.
    if (levels[rule.meta.id] === 'off') continue;
    try {
      found.push(...rule.check(snapshot, ruleContext));
    } catch (err) {
      internalErrors.push(
        `rule ${rule.meta.id} failed on ${o.where ?? 'a snapshot'}: ${(err as Error).stack ?? String(err)}`,
      );
    }
  }
  return {
    findings: sortFindings(foldExplained(applyLevels(found, levels), rules)),
    internalErrors,
  };
}

export function applyLevels(findings: Finding[], levels: RuleLevels): Finding[] {
  return findings.flatMap((f) => {
    const level = levels[f.rule];
    if (level === undefined) return [f];
    if (level === 'off') return [];
    return [{ ...f, severity: level }];
  });
}

function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      a.location.file.localeCompare(b.location.file) ||
      severityRank(a.severity) - severityRank(b.severity) ||
      a.rule.localeCompare(b.rule),
  );
}
