/**
 * `mustgather_timeline`: what happened when, as intervals (an update from start to end, a
 * condition since its last transition, an event from first to last seen, an alert, a log line),
 * filtered by object, time window, level and source.
 */
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { subjectFilter } from '../confine';
import { rootField, windowFields } from '../schema';
import { overlaps, windowOf } from '../timeWindow';
import { defineTool } from '../tool';

const levels = ['Info', 'Warning', 'Error'] as const;

export const timelineTool = defineTool({
  name: 'mustgather_timeline',
  title: 'Timeline',
  description:
    'What happened when, oldest first: ClusterVersion history (each update from start to end), every condition of the ClusterVersion, operators, pools, nodes and MachineConfigNodes since its last transition, Warning events and alerts the analysis read, the CVO\'s "Result of work" lines and drain lines, and the gather itself, each with its level, source, object (locator), reason, message and evidence. Filter by subject (exactly, or `node/` for every node), a time window (intervals overlapping it), least level and source. Times come from the gather, never the wall clock.',
  input: {
    type: 'object',
    properties: {
      root: rootField,
      subject: {
        type: 'string',
        description:
          'The object (locator): co/machine-config, mcp/worker, node/<name>; `node/` for every node',
      },
      ...windowFields,
      level: {
        type: 'string',
        enum: levels,
        description: 'The least level kept: Error keeps errors, Warning errors and warnings',
      },
      source: {
        type: 'string',
        description:
          'ClusterVersion, ClusterVersionCondition, OperatorAvailable, OperatorDegraded, OperatorProgressing, OperatorUpgradeable, PoolCondition, NodeCondition, MachineConfigNode, Event, Alert, Log or Gather',
      },
      offset: { type: 'integer', description: 'Intervals skipped, for the next page' },
      limit: {
        type: 'integer',
        description: `Intervals given, default ${defaultItems}, at most ${maxItems}`,
      },
    },
  },
  async run(args, gathers) {
    const least = args.level === undefined ? 0 : levels.indexOf(args.level);
    const subject = args.subject === undefined ? undefined : subjectFilter('subject', args.subject);
    const matching = [];
    for (const g of await gathers.select(args.root)) {
      const a = await gathers.analysed(g);
      const w = windowOf(args.since, args.until, a.analysis.snapshot.gatherTime);
      for (const i of a.timeline) {
        if (levels.indexOf(i.level) < least) continue;
        if (args.source !== undefined && i.source !== args.source) continue;
        if (
          subject !== undefined &&
          !(subject.endsWith('/') ? i.locator.startsWith(subject) : i.locator === subject)
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
      data: {
        intervals: page.items,
        total: matching.length,
        ...(truncated ? { truncated } : {}),
      },
      headline: `${matching.length} interval${matching.length === 1 ? '' : 's'}, oldest first${truncated ? `; ${truncated.note}` : ''}.`,
    };
  },
});
