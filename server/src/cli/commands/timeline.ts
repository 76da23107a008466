/** `timeline <path>`: what happened when, oldest first. */
import { analyzeRoot, intervalsOf, rangeIn } from '../../service';
import type { Interval } from '../../core/interval';
import { defineCommand } from '../command';
import { cacheDirOption, choice, jobsOption, limitOption, ruleOption, text } from '../options';
import { formatOriginIntervals } from '../originIntervals';
import { formatTimelineJson, formatTimelineText, isSinceSpec, sinceTime } from '../timeline';
import type { RootTimeline } from '../timeline';
import { gatherArgs, openForAnalysis, tell } from './shared';

const format = choice(
  '--format',
  ['text', 'json', 'intervals'],
  'text for a terminal, JSON, or openshift/origin’s monitor interval JSON ({"items": [...]}) that Sippy’s and origin’s interval charts read',
);

const since = text(
  '--since',
  '<time|duration>',
  'only what began at or after a time (2021-03-25T09:00:00Z) or a duration before the gather (3h, 90m)',
  {
    check: (v) =>
      isSinceSpec(v)
        ? undefined
        : `--since takes an RFC 3339 time or a duration (3h, 90m), not "${v}"`,
  },
);

export const timeline = defineCommand({
  name: 'timeline',
  operands: '<path>',
  summary: 'What happened when, oldest first, each with how long it held and its file:line.',
  description:
    'What happened when, oldest first: each update of the ClusterVersion history, every condition of the ClusterVersion, operators, pools, nodes and MachineConfigNodes since its last transition, Warning events, firing alerts, the CVO’s and the drains’ log lines, the gather; each with how long it held and its evidence’s file:line. --since keeps what began at or after a time (2021-03-25T09:00:00Z) or a duration before the gather (3h, 90m). --format intervals writes openshift/origin’s monitor interval JSON ({"items": [...]}), which Sippy’s and origin’s interval charts read.',
  exitStatus: '0, 2 on bad usage or a fatal error.',
  options: [format, since, ruleOption, limitOption, jobsOption, cacheDirOption],
  args: (p) => ({
    ...gatherArgs('timeline', p),
    format: p.get(format),
    since: p.get(since),
    levels: p.get(ruleOption),
  }),
  async run(a) {
    const opened = await openForAnalysis(a, a.levels, true);
    if (!opened) return 2;
    const { display, ctx } = opened;
    const timelines: RootTimeline[] = [];
    const raw: { root: string; intervals: Interval[] }[] = [];
    for (const root of opened.roots) {
      const r = await analyzeRoot(root, ctx);
      for (const e of r.internalErrors) tell(e);
      const from = a.since ? sinceTime(a.since, r.snapshot.gatherTime) : undefined;
      if (a.since && !from)
        tell(`${display(root.path)} has no gather time: --since ${a.since} keeps everything`);
      const intervals = intervalsOf(r.snapshot, r.assessment.now).filter(
        (i) => !from || i.from.getTime() >= from.getTime(),
      );
      raw.push({ root: display(root.path), intervals });
      if (a.format === 'intervals') continue;
      // Positions now, while this root's files are surely still in the bounded cache.
      timelines.push({
        root: display(root.path),
        intervals: intervals.map(({ from, to, evidence, ...rest }) => ({
          ...rest,
          from: from.toISOString(),
          to: to.toISOString(),
          file: display(evidence.file),
          line: rangeIn(ctx.cache.peek(evidence.file), evidence).start.line + 1,
        })),
      });
    }
    process.stdout.write(
      a.format === 'intervals'
        ? formatOriginIntervals(raw)
        : a.format === 'json'
          ? formatTimelineJson(timelines)
          : formatTimelineText(timelines, process.stdout.isTTY === true),
    );
    return 0;
  },
});
