/** `recommend <path>`: before an update, is it safe, and to what (oc adm upgrade recommend). */
import { analyzeRoot, recommendReport } from '../../service';
import type { RootRecommendReport } from '../../core/recommend';
import { defineCommand, UsageError } from '../command';
import type { Option } from '../command';
import { cacheDirOption, flag, given, jobsOption, limitOption, text, textOrJson } from '../options';
import { formatRecommendJson, formatRecommendText, recommendFails } from '../recommend';
import { gatherArgs, openForAnalysis, tell } from './shared';

const target = text(
  '--version',
  'V',
  'the verdict on that release, and the concerns --accept does not name',
  {
    check: (v) => (/^\d+\.\d+\.\d+/.test(v) ? undefined : `cannot parse SemVer target "${v}"`),
  },
);

const showOutdated = flag(
  '--show-outdated-releases',
  'every update of each minor, not the two newest',
);

const accept: Option<string[]> = {
  flags: ['--accept'],
  value: 'A,B',
  repeatable: true,
  help: 'the concerns (by name, comma-separated) that do not fail --version',
  init: () => [],
  fold: (prev, value, f) => [
    ...prev,
    ...given(f, value)
      .split(',')
      .filter((x) => x !== ''),
  ],
};

export const recommend = defineCommand({
  name: 'recommend',
  operands: '<path>',
  summary: 'Before an update: is it safe to update this cluster, and to what?',
  description:
    'Before an update: is it safe to update this cluster, and to what? oc adm upgrade recommend, offline: the ClusterVersion’s conditions of concern, the alerts oc checks (from monitoring/prometheus/rules.json), what the gather shows beyond oc (paused or degraded pools, unavailable nodes, operators Upgradeable=False, admin gates not acknowledged, PodDisruptionBudgets at their limit, kubelet skew, removed APIs in use), then the updates by minor, two per minor (--show-outdated-releases: all). --version V: that release’s verdict and the concerns not named in --accept.',
  exitStatus:
    '0, or 1 when --version names a release that is not offered or a concern applies that --accept does not name; 2 on bad usage or a fatal error.',
  options: [target, showOutdated, accept, textOrJson, limitOption, jobsOption, cacheDirOption],
  args(p) {
    const a = {
      ...gatherArgs('recommend', p),
      format: p.get(textOrJson),
      target: p.get(target),
      showOutdated: p.get(showOutdated),
      accept: p.get(accept),
    };
    if (a.target !== undefined && a.showOutdated)
      throw new UsageError('when --version is set, --show-outdated-releases is unnecessary');
    return a;
  },
  async run(a) {
    const opened = await openForAnalysis(a, {});
    if (!opened) return 2;
    const { display, ctx } = opened;
    const reports: RootRecommendReport[] = [];
    for (const root of opened.roots) {
      const r = await analyzeRoot(root, ctx);
      for (const e of r.internalErrors) tell(e);
      // Positions now, while this root's files are surely still in the bounded cache.
      reports.push(
        recommendReport(r, display, (f) => ctx.cache.peek(f), {
          ...(a.target !== undefined ? { version: a.target } : {}),
          accept: a.accept,
          showOutdatedReleases: a.showOutdated,
        }),
      );
    }
    if (a.format === 'json') {
      process.stdout.write(formatRecommendJson(reports));
      return recommendFails(reports) ? 1 : 0;
    }
    const { out, errors } = formatRecommendText(reports, {
      accept: a.accept,
      showOutdated: a.showOutdated,
      color: process.stdout.isTTY === true,
    });
    process.stdout.write(out);
    // oc's wording of a failed verdict, not the program's name.
    for (const e of errors) process.stderr.write(`error: ${e}\n`);
    return recommendFails(reports) ? 1 : 0;
  },
});
