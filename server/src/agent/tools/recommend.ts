/**
 * `mustgather_recommend`: whether and to what it is safe to update, as `recommend --format json`
 * answers per root: `oc adm upgrade recommend` offline plus what only the gather shows.
 */
import { recommendReport } from '../../service';
import type { RootRecommendReport } from '../../core/recommend';
import { rootField } from '../schema';
import { defineTool } from '../tool';

export const recommendTool = defineTool({
  name: 'mustgather_recommend',
  title: 'Update recommendation',
  description:
    "Before an update: whether and to what it is safe to update this cluster, as `oc adm upgrade recommend` would answer from the must-gather (the ClusterVersion's conditions of concern, the alert precheck from the gathered Prometheus rules, the updates offered by minor with their risks), plus what only the gather shows (paused or degraded pools, unavailable nodes, operators Upgradeable=False, admin gates not acknowledged, PodDisruptionBudgets at their limit with the pods and nodes they cover, kubelet skew, removed APIs in use). version gives the verdict on one target; accept names the concerns accepted, by their acceptName.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      version: {
        type: 'string',
        description: 'A target release, e.g. 4.16.3: the verdict on updating to it',
      },
      accept: {
        type: 'array',
        items: { type: 'string' },
        description: 'Concerns accepted, by acceptName (as oc adm upgrade recommend --accept)',
      },
      showOutdated: {
        type: 'boolean',
        description:
          'Also list the releases beyond the two newest of each minor (olderHidden counts them otherwise)',
      },
    },
  },
  async run(args, gathers) {
    const roots: RootRecommendReport[] = [];
    const showOutdated = args.showOutdated === true;
    for (const g of await gathers.select(args.root)) {
      const a = await gathers.analysed(g);
      if (args.version === undefined && args.accept === undefined && !showOutdated) {
        roots.push(a.recommend);
        continue;
      }
      roots.push({
        ...recommendReport(a.analysis, a.name, (f) => gathers.cache.peek(f), {
          ...(args.version !== undefined ? { version: args.version } : {}),
          accept: args.accept ?? [],
          showOutdatedReleases: showOutdated,
        }),
        root: g.id,
      });
    }
    // Older releases of a minor can be a hundred entries: left out unless asked, as oc does.
    const shown = roots.map((r) => ({ ...r, updates: r.updates.filter((u) => !u.outdated) }));
    return { data: { roots: shown }, headline: shown.map(recommendLine).join('\n') };
  },
});

/** One line a root: how many concerns and updates, in plain words. */
function recommendLine(r: RootRecommendReport): string {
  const concerns = r.clusterConditions.length + r.checks.filter((c) => c.status !== 'True').length;
  const notRecommended = r.updates.filter((u) => !u.recommended).length;
  const target = r.target
    ? ` Target ${r.target.version}: ${!r.target.found ? 'not offered' : r.target.recommended === false ? 'not recommended' : 'offered'}${r.target.unaccepted.length ? `, ${r.target.unaccepted.length} concern${r.target.unaccepted.length === 1 ? '' : 's'} not accepted` : ''}.`
    : '';
  return `${r.root}: ${concerns} concern${concerns === 1 ? '' : 's'}, ${r.updates.length} update${r.updates.length === 1 ? '' : 's'} offered (${notRecommended} not recommended).${target}`;
}
