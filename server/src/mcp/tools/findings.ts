/**
 * `mustgather_findings` and `mustgather_causes`: what the rules found, filtered, and the causes
 * that group them (one problem told once, root finding first).
 */
import { z } from 'zod';
import { severityRank } from '../../core/finding';
import type { Severity } from '../../core/finding';
import { allRuleIds } from '../../rules/registry';
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { quoted } from '../quote';
import { Refusal } from '../refusal';
import { chainSchema, levelSchema, placeShape, rootArg, truncatedSchema } from '../schemas';
import type { ReportedCause } from '../../reports/reported';
import { tool } from '../tool';

const related = z.array(z.object({ ...placeShape, column: z.number().int(), message: z.string() }));

const findingItem = z.object({
  root: z.string(),
  index: z.number().int().describe('Give it to mustgather_explain (with root) for the evidence'),
  rule: z.string(),
  severity: levelSchema,
  subject: z
    .string()
    .describe(
      'The object: co/<name>, mcp/<pool>, node/<name>, cv/version, mc/<name>, log/<ns>/<pod>/<container> …',
    ),
  message: z.string(),
  detail: z.string().optional().describe('The explanation in Markdown (with detail: true)'),
  cause: z.string().nullable().describe('The id of the cause it belongs to'),
  ...placeShape,
  column: z.number().int(),
  related,
});

/** `node/` matches every node; anything else matches exactly. */
function subjectMatches(filter: string, subject: string): boolean {
  return filter.endsWith('/') ? subject.startsWith(filter) : subject === filter;
}

export const findingsTool = tool({
  name: 'mustgather_findings',
  title: 'Findings',
  description:
    'The findings of the analysis rules (what is wrong, where the evidence is), worst first, filtered by rule id, least level, subject (exactly, or every object of a kind with a trailing slash: `node/`) or cause id (from mustgather_causes). Each finding has its index for mustgather_explain, its file and line, its related evidence and its cause.',
  input: {
    root: rootArg,
    rule: z.string().optional().describe('A rule id, e.g. node-mcd-degraded'),
    level: levelSchema
      .optional()
      .describe('The least severe level kept: error keeps errors, warning errors and warnings …'),
    subject: z
      .string()
      .optional()
      .describe('co/machine-config, mcp/worker, node/<name>; `node/` for every node'),
    cause: z.string().optional().describe('A cause id from mustgather_causes'),
    detail: z.boolean().optional().describe("Include each finding's Markdown explanation"),
    offset: z.number().int().optional().describe('Findings skipped, for the next page'),
    limit: z
      .number()
      .int()
      .optional()
      .describe(`Findings given, default ${defaultItems}, at most ${maxItems}`),
  },
  output: {
    findings: z.array(findingItem),
    total: z.number().int().describe('Findings that match'),
    truncated: truncatedSchema,
  },
  async run(args, session) {
    if (args.rule !== undefined && !allRuleIds().includes(args.rule))
      throw new Refusal(`no rule ${JSON.stringify(args.rule)}; rules: ${allRuleIds().join(', ')}`);
    const least = args.level === undefined ? undefined : severityRank(args.level);
    const matching: z.infer<typeof findingItem>[] = [];
    for (const g of await session.select(args.root)) {
      const a = await session.analysed(g);
      const causeOf = new Map(a.causes.flatMap((c) => c.findings.map((i) => [i, c.id] as const)));
      for (const [index, f] of a.findings.entries()) {
        if (args.rule !== undefined && f.rule !== args.rule) continue;
        if (least !== undefined && severityRank(f.severity) > least) continue;
        if (args.subject !== undefined && !subjectMatches(args.subject, f.subject)) continue;
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
    const counts = (['error', 'warning', 'info', 'hint'] as Severity[])
      .map((s) => [s, matching.filter((f) => f.severity === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`);
    return {
      structured: {
        findings: page.items,
        total: matching.length,
        ...(truncated ? { truncated } : {}),
      },
      text: [
        `${matching.length} finding${matching.length === 1 ? '' : 's'}${counts.length ? ` (${counts.join(', ')})` : ''}${truncated ? `; ${truncated.note}` : ''}.`,
        ...(page.items.length
          ? [
              quoted(
                page.items
                  .map(
                    (f) =>
                      `#${f.index} ${f.severity} [${f.rule}] ${f.subject}: ${f.message} (${f.file}:${f.line})`,
                  )
                  .join('\n'),
              ),
            ]
          : []),
      ].join('\n'),
    };
  },
});

export const causesTool = tool({
  name: 'mustgather_causes',
  title: 'Causes',
  description:
    "The causes of the findings, worst first: each names one problem (the root finding's object, what is wrong with it, what it holds back), its level, its root object (rootSubject), the objects involved, its findings (indexes for mustgather_explain; filter mustgather_findings by cause id) and its chain: the way from the reporting operator down to the root (workload, pod, container, node, log line), each step with its file and line.",
  input: {
    root: rootArg,
    limit: z
      .number()
      .int()
      .optional()
      .describe(`Causes given, default ${defaultItems}, at most ${maxItems}`),
  },
  output: {
    causes: z.array(
      z.object({
        root: z.string(),
        id: z.string(),
        title: z.string(),
        level: levelSchema,
        rootSubject: z.string().describe('The object at the root: what to fix'),
        subjects: z.array(z.string()),
        findings: z.array(z.number().int()).describe('Indexes of its findings, root finding first'),
        chain: chainSchema,
      }),
    ),
    truncated: truncatedSchema,
  },
  async run(args, session) {
    const all = [];
    for (const g of await session.select(args.root))
      all.push(...(await session.analysed(g)).causes);
    all.sort((a, b) => severityRank(a.level) - severityRank(b.level));
    const shown = bounded(
      all,
      countOf(args.limit, defaultItems, maxItems),
      'ask with a larger limit, or one root',
    );
    return {
      structured: {
        causes: shown.items,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      text: [
        `${all.length} cause${all.length === 1 ? '' : 's'}${shown.truncated ? `; ${shown.truncated.note}` : ''}.`,
        ...(shown.items.length
          ? [
              quoted(
                shown.items
                  .flatMap((c) => [
                    `${c.level}: ${c.title} (${c.findings.length} findings; id ${c.id})`,
                    ...chainText(c),
                  ])
                  .join('\n'),
              ),
            ]
          : []),
      ].join('\n'),
    };
  },
});

/** A cause's chain under its line: a step a line, with its file:line when it is in the gather. */
function chainText(c: ReportedCause): string[] {
  return c.chain.map(
    (s, i) =>
      `  ${i === 0 ? '' : '→ '}${s.name}: ${s.state}${s.file !== undefined ? ` (${s.file}:${s.line})` : ' (not in the gather)'}`,
  );
}
