/** `mustgather_list`: the must-gathers under the roots, each with its first look. */
import { summaryLine } from '../../core/gatherSummary';
import { bounded, countOf } from '../bounds';
import { defineTool } from '../tool';

/** Each root listed is analysed: a bound on the work one call starts. */
const defaultRoots = 20;
const maxRoots = 100;

export const listTool = defineTool({
  name: 'mustgather_list',
  title: 'List must-gathers',
  description:
    'Lists the OpenShift must-gathers (and CI gather-extra folders, Insights archives) under the roots, each with its id (the "root" argument of every other tool) and its first look: release, target while updating, platform, cluster ID, channel, gather time, counts, and what the gather lacks. Call it first. Each listed must-gather is analysed once and kept; refresh: true forgets the analyses and looks at the roots again (after files changed).',
  input: {
    type: 'object',
    properties: {
      refresh: { type: 'boolean', description: 'Look at the roots again and analyse anew' },
      limit: {
        type: 'integer',
        description: `Must-gathers listed (each one analysed), default ${defaultRoots}, at most ${maxRoots}`,
      },
    },
  },
  async run(args, gathers) {
    if (args.refresh) gathers.reset();
    const opened = await gathers.open();
    const all = await gathers.all();
    const shown = bounded(
      all,
      countOf(args.limit, defaultRoots, maxRoots),
      'ask with a larger limit',
    );
    const roots = [];
    for (const g of shown.items) {
      // One at a time: each analysis holds its must-gather's parse in memory.
      const a = await gathers.analysed(g);
      const summary = a.status.summary;
      roots.push({ id: g.id, kind: g.root.kind, headline: summaryLine(summary), summary });
    }
    return {
      data: {
        roots,
        notes: opened.notes,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      headline: `${all.length} must-gather${all.length === 1 ? '' : 's'}${shown.truncated ? ` (${shown.truncated.note})` : ''}${opened.notes.length ? `; ${opened.notes.length} root${opened.notes.length === 1 ? '' : 's'} not read (see notes)` : ''}.`,
    };
  },
});
