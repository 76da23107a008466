/**
 * `mustgather_findings` and `mustgather_causes`: what the rules found, filtered, and the causes
 * that group them (one problem told once, root finding first).
 */
import { severityRank } from '../../core/finding';
import type { Severity } from '../../core/finding';
import { allRuleIds } from '../../service';
import type { ReportedFinding } from '../../service';
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { subjectFilter } from '../confine';
import { Refusal } from '../refusal';
import { rootField } from '../schema';
import { defineTool } from '../tool';

const levels = ['error', 'warning', 'info', 'hint'] as const;

/** A finding as listed: its index for mustgather_explain, its cause, its places. */
type FindingItem = Omit<ReportedFinding, 'endLine' | 'endColumn' | 'detail'> & {
  index: number;
  detail?: string;
  cause: string | null;
};

/** `node/` matches every node; anything else matches exactly. */
function subjectMatches(filter: string, subject: string): boolean {
  return filter.endsWith('/') ? subject.startsWith(filter) : subject === filter;
}

export const findingsTool = defineTool({
  name: 'mustgather_findings',
  title: 'Findings',
  description:
    'The findings of the analysis rules (what is wrong, where the evidence is), worst first, filtered by rule id, least level, subject (exactly, or every object of a kind with a trailing slash: `node/`) or cause id (from mustgather_causes). Each finding has its index for mustgather_explain, its file and line, its related evidence and its cause.',
  input: {
    type: 'object',
    properties: {
      root: rootField,
      rule: { type: 'string', description: 'A rule id, e.g. node-mcd-degraded' },
      level: {
        type: 'string',
        enum: levels,
        description:
          'The least severe level kept: error keeps errors, warning errors and warnings …',
      },
      subject: {
        type: 'string',
        description: 'co/machine-config, mcp/worker, node/<name>; `node/` for every node',
      },
      cause: { type: 'string', description: 'A cause id from mustgather_causes' },
      detail: { type: 'boolean', description: "Include each finding's Markdown explanation" },
      offset: { type: 'integer', description: 'Findings skipped, for the next page' },
      limit: {
        type: 'integer',
        description: `Findings given, default ${defaultItems}, at most ${maxItems}`,
      },
    },
  },
  async run(args, gathers) {
    if (args.rule !== undefined && !allRuleIds().includes(args.rule))
      throw new Refusal(`no rule ${JSON.stringify(args.rule)}; rules: ${allRuleIds().join(', ')}`);
    const least = args.level === undefined ? undefined : severityRank(args.level);
    const subject = args.subject === undefined ? undefined : subjectFilter('subject', args.subject);
    const matching: FindingItem[] = [];
    for (const g of await gathers.select(args.root)) {
      const a = await gathers.analysed(g);
      const causeOf = new Map(a.causes.flatMap((c) => c.findings.map((i) => [i, c.id] as const)));
      for (const [index, f] of a.findings.entries()) {
        if (args.rule !== undefined && f.rule !== args.rule) continue;
        if (least !== undefined && severityRank(f.severity) > least) continue;
        if (subject !== undefined && !subjectMatches(subject, f.subject)) continue;
        const cause = causeOf.get(index) ?? null;
        if (args.cause !== undefined && cause !== args.cause) continue;
        matching.push({
          root: f.root,
          index,
          rule: f.rule,
          severity: f.severity,
          subject: f.subject,
          message: f.message,
          ...(args.detail && f.detail ? { detail: f.detail } : {}),
          cause,
          file: f.file,
          line: f.line,
          column: f.column,
          related: f.related,
        });
      }
    }
    matching.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
    const offset = Math.max(0, Math.floor(args.offset ?? 0));
    const page = bounded(
      matching.slice(offset),
      countOf(args.limit, defaultItems, maxItems),
      `ask for offset ${offset + countOf(args.limit, defaultItems, maxItems)}, or narrow by rule, level, subject or cause`,
    );
    const truncated = page.truncated && { ...page.truncated, total: matching.length };
    const counts = (levels as readonly Severity[])
      .map((s) => [s, matching.filter((f) => f.severity === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`);
    return {
      data: {
        findings: page.items,
        total: matching.length,
        ...(truncated ? { truncated } : {}),
      },
      headline: `${matching.length} finding${matching.length === 1 ? '' : 's'}${counts.length ? ` (${counts.join(', ')})` : ''}${truncated ? `; ${truncated.note}` : ''}.`,
    };
  },
});

export const causesTool = defineTool({
  name: 'mustgather_causes',
  title: 'Causes',
  description:
    "The causes of the findings, worst first: each names one problem (the root finding's object, what is wrong with it, what it holds back), its level, its root object (rootSubject), the objects involved, its findings (indexes for mustgather_explain; filter mustgather_findings by cause id) and its chain: the way from the reporting operator down to the root (workload, pod, container, node, log line), each step with its file and line.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      limit: {
        type: 'integer',
        description: `Causes given, default ${defaultItems}, at most ${maxItems}`,
      },
    },
  },
  async run(args, gathers) {
    const all = [];
    for (const g of await gathers.select(args.root))
      all.push(...(await gathers.analysed(g)).causes);
    all.sort((a, b) => severityRank(a.level) - severityRank(b.level));
    const shown = bounded(
      all,
      countOf(args.limit, defaultItems, maxItems),
      'ask with a larger limit, or one root',
    );
    return {
      data: {
        causes: shown.items,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      headline: `${all.length} cause${all.length === 1 ? '' : 's'}${shown.truncated ? `; ${shown.truncated.note}` : ''}, worst first, each with its chain from the reporting operator to its root.`,
    };
  },
});
