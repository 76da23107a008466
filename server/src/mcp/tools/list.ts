/** `mustgather_list`: the must-gathers under the roots, each with its first look. */
import { z } from 'zod';
import { summaryLine } from '../../core/gatherSummary';
import { bounded, countOf } from '../bounds';
import { quoted } from '../quote';
import { truncatedSchema } from '../schemas';
import { tool } from '../tool';
import { summarySchema } from './summarySchema';

/** Each root listed is analysed: a bound on the work one call starts. */
const defaultRoots = 20;
const maxRoots = 100;

export const listTool = tool({
  name: 'mustgather_list',
  title: 'List must-gathers',
  description:
    'Lists the OpenShift must-gathers (and CI gather-extra folders, Insights archives) under the roots, each with its id (the "root" argument of every other tool) and its first look: release, target while updating, platform, cluster ID, channel, gather time, counts, and what the gather lacks. Call it first. Each listed must-gather is analysed once and kept; refresh: true forgets the analyses and looks at the roots again (after files changed).',
  input: {
    refresh: z.boolean().optional().describe('Look at the roots again and analyse anew'),
    limit: z
      .number()
      .int()
      .optional()
      .describe(
        `Must-gathers listed (each one analysed), default ${defaultRoots}, at most ${maxRoots}`,
      ),
  },
  output: {
    roots: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['must-gather', 'gather-extra', 'insights']),
        headline: z.string().describe('The first look in one line'),
        summary: summarySchema,
      }),
    ),
    notes: z.array(z.string()).describe('Roots that could not be opened or held no must-gather'),
    truncated: truncatedSchema,
  },
  async run(args, session) {
    if (args.refresh) session.reset();
    const opened = await session.open();
    const all = await session.all();
    const shown = bounded(
      all,
      countOf(args.limit, defaultRoots, maxRoots),
      'ask with a larger limit',
    );
    const roots = [];
    for (const g of shown.items) {
      // One at a time: each analysis holds its must-gather's parse in memory.
      const a = await session.analysed(g);
      const summary = a.status.summary;
      roots.push({ id: g.id, kind: g.root.kind, headline: summaryLine(summary), summary });
    }
    const lines = roots.map((r) => `${r.id}\n  ${r.headline}`);
    return {
      structured: {
        roots,
        notes: opened.notes,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      text: [
        `${all.length} must-gather${all.length === 1 ? '' : 's'}${shown.truncated ? ` (${shown.truncated.note})` : ''}:`,
        quoted(lines.join('\n')),
        ...opened.notes.map((n) => `Note: ${n}`),
      ].join('\n'),
    };
  },
});
