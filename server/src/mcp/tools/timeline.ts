/**
 * `mustgather_timeline`: what happened when, as intervals (an update from start to end, a
 * condition since its last transition, an event from first to last seen, an alert, a log line),
 * filtered by object, time window, level and source.
 */
import { z } from 'zod';
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { quoted } from '../quote';
import { rootArg, truncatedSchema, windowShape } from '../schemas';
import { overlaps, windowOf } from '../timeWindow';
import { tool } from '../tool';

const levels = ['Info', 'Warning', 'Error'] as const;

export const timelineTool = tool({
  name: 'mustgather_timeline',
  title: 'Timeline',
  description:
    'What happened when, oldest first: ClusterVersion history (each update from start to end), every condition of the ClusterVersion, operators, pools, nodes and MachineConfigNodes since its last transition, Warning events and alerts the analysis read, the CVO\'s "Result of work" lines and drain lines, and the gather itself, each with its level, source, object (locator), reason, message and evidence. Filter by subject (exactly, or `node/` for every node), a time window (intervals overlapping it), least level and source. Times come from the gather, never the wall clock.',
  input: {
    root: rootArg,
    subject: z
      .string()
      .optional()
      .describe(
        'The object (locator): co/machine-config, mcp/worker, node/<name>; `node/` for every node',
      ),
    ...windowShape,
    level: z
      .enum(levels)
      .optional()
      .describe('The least level kept: Error keeps errors, Warning errors and warnings'),
    source: z
      .string()
      .optional()
      .describe(
        'ClusterVersion, ClusterVersionCondition, OperatorAvailable, OperatorDegraded, OperatorProgressing, OperatorUpgradeable, PoolCondition, NodeCondition, MachineConfigNode, Event, Alert, Log or Gather',
      ),
    offset: z.number().int().optional().describe('Intervals skipped, for the next page'),
    limit: z
      .number()
      .int()
      .optional()
      .describe(`Intervals given, default ${defaultItems}, at most ${maxItems}`),
  },
  output: {
    intervals: z.array(
      z.object({
        root: z.string(),
        level: z.enum(levels),
        source: z.string(),
        locator: z.string(),
        reason: z.string(),
        message: z.string(),
        from: z.string(),
        to: z.string(),
        file: z.string(),
        line: z.number().int(),
        annotations: z.record(z.string(), z.string()),
      }),
    ),
    total: z.number().int().describe('Intervals that match'),
    truncated: truncatedSchema,
  },
  async run(args, session) {
    const least = args.level === undefined ? 0 : levels.indexOf(args.level);
    const matching = [];
    for (const g of await session.select(args.root)) {
      const a = await session.analysed(g);
      const w = windowOf(args.since, args.until, a.analysis.snapshot.gatherTime);
      for (const i of a.timeline) {
        if (levels.indexOf(i.level) < least) continue;
        if (args.source !== undefined && i.source !== args.source) continue;
        if (
          args.subject !== undefined &&
          !(args.subject.endsWith('/')
            ? i.locator.startsWith(args.subject)
            : i.locator === args.subject)
        )
          continue;
        if (!overlaps(w, Date.parse(i.from), Date.parse(i.to))) continue;
        matching.push({ root: g.id, ...i });
      }
    }
    const offset = Math.max(0, Math.floor(args.offset ?? 0));
    const limit = countOf(args.limit, defaultItems, maxItems);
    const page = bounded(
      matching.slice(offset),
      limit,
      `ask for offset ${offset + limit}, or narrow by subject, since/until, level or source`,
    );
    const truncated = page.truncated && { ...page.truncated, total: matching.length };
    return {
      structured: {
        intervals: page.items,
        total: matching.length,
        ...(truncated ? { truncated } : {}),
      },
      text: [
        `${matching.length} interval${matching.length === 1 ? '' : 's'}${truncated ? `; ${truncated.note}` : ''}.`,
        ...(page.items.length
          ? [
              quoted(
                page.items
                  .map(
                    (i) =>
                      `${i.from} ${i.level} ${i.source} ${i.locator} ${i.reason} ${i.message.replace(/\s+/g, ' ').slice(0, 200)}`,
                  )
                  .join('\n'),
              ),
            ]
          : []),
      ].join('\n'),
    };
  },
});
