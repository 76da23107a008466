/**
 * `mustgather_recommend`: whether and to what it is safe to update, as `recommend --format json`
 * answers per root: `oc adm upgrade recommend` offline plus what only the gather shows.
 */
import { z } from 'zod';
import { recommendReport } from '../../analysis/recommendReport';
import type { RootRecommendReport } from '../../core/recommend';
import { quoted } from '../quote';
import { described, rootArg } from '../schemas';
import { tool } from '../tool';

type Report = RootRecommendReport;

const placed = { file: z.string().nullable(), line: z.number().int().nullable() };
const status = z
  .enum(['True', 'False', 'Unknown'])
  .describe('True: no concern, False: a concern, Unknown: cannot tell');

const reportSchema = described<Report>({
  root: z.string(),
  gatherTime: z.string().nullable(),
  version: z.string().nullable().describe('The release the cluster runs'),
  channel: z.string().nullable(),
  clusterConditions: z.array(
    described<Report['clusterConditions'][number]>({
      type: z.string(),
      status,
      message: z.string(),
      acceptName: z.string().nullable(),
      ...placed,
    }),
  ),
  checks: z.array(
    described<Report['checks'][number]>({
      name: z.string(),
      status,
      level: z.enum(['error', 'warning', 'info']),
      message: z.string(),
      acceptName: z.string().nullable().describe('What accept takes to accept this concern'),
      ...placed,
    }),
  ),
  updates: z.array(
    described<Report['updates'][number]>({
      version: z.string(),
      minor: z.string(),
      recommended: z.boolean(),
      outdated: z.boolean(),
      ...placed,
    }),
  ),
  target: described<NonNullable<Report['target']>>({
    version: z.string(),
    found: z.boolean(),
    recommended: z.boolean().nullable(),
    unaccepted: z.array(z.string()),
  }).nullable(),
});

export const recommendTool = tool({
  name: 'mustgather_recommend',
  title: 'Update recommendation',
  description:
    "Before an update: whether and to what it is safe to update this cluster, as `oc adm upgrade recommend` would answer from the must-gather (the ClusterVersion's conditions of concern, the alert precheck from the gathered Prometheus rules, the updates offered by minor with their risks), plus what only the gather shows (paused or degraded pools, unavailable nodes, operators Upgradeable=False, admin gates not acknowledged, PodDisruptionBudgets at their limit with the pods and nodes they cover, kubelet skew, removed APIs in use). version gives the verdict on one target; accept names the concerns accepted, by their acceptName.",
  input: {
    root: rootArg,
    version: z
      .string()
      .optional()
      .describe('A target release, e.g. 4.16.3: the verdict on updating to it'),
    accept: z
      .array(z.string())
      .optional()
      .describe('Concerns accepted, by acceptName (as oc adm upgrade recommend --accept)'),
    showOutdated: z
      .boolean()
      .optional()
      .describe(
        'Also list the releases beyond the two newest of each minor (olderHidden counts them otherwise)',
      ),
  },
  output: { roots: z.array(reportSchema) },
  async run(args, session) {
    const roots: RootRecommendReport[] = [];
    const showOutdated = args.showOutdated === true;
    for (const g of await session.select(args.root)) {
      const a = await session.analysed(g);
      if (args.version === undefined && args.accept === undefined && !showOutdated) {
        roots.push(a.recommend);
        continue;
      }
      roots.push({
        ...recommendReport(a.analysis, a.name, (f) => session.ctx.cache.peek(f), {
          ...(args.version !== undefined ? { version: args.version } : {}),
          accept: args.accept ?? [],
          showOutdatedReleases: showOutdated,
        }),
        root: g.id,
      });
    }
    // Older releases of a minor can be a hundred entries: left out unless asked, as oc does.
    const shown = roots.map((r) => ({ ...r, updates: r.updates.filter((u) => !u.outdated) }));
    return { structured: { roots: shown }, text: shown.map(recommendText).join('\n\n') };
  },
});

function recommendText(r: RootRecommendReport): string {
  const concerns = [
    ...r.clusterConditions.map((c) => `${c.type}: ${c.message}`),
    ...r.checks.filter((c) => c.status !== 'True').map((c) => `${c.level} ${c.name}: ${c.message}`),
  ];
  const updates = r.updates.map(
    (u) => `${u.version}${u.recommended ? '' : ` (not recommended: ${u.reason ?? 'risks'})`}`,
  );
  const target = r.target
    ? [
        r.target.found
          ? `Target ${r.target.version}: ${r.target.recommended === false ? 'not recommended' : 'offered'}${r.target.unaccepted.length ? `; concerns not accepted: ${r.target.unaccepted.join(', ')}` : ''}`
          : `Target ${r.target.version} is not offered: ${r.target.message ?? ''}`,
      ]
    : [];
  return [
    `${r.root}: runs ${r.version ?? 'an unknown release'}${r.channel ? ` on ${r.channel}` : ''}; ${concerns.length} concern${concerns.length === 1 ? '' : 's'}, ${updates.length} update${updates.length === 1 ? '' : 's'} offered.`,
    quoted(
      [...concerns, ...(updates.length ? [`Updates: ${updates.join(', ')}`] : []), ...target].join(
        '\n',
      ),
    ),
  ].join('\n');
}
