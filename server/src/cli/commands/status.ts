/** `status <path>`: where the update stands, as `oc adm upgrade status` would say it. */
import { analyzeRoot, logNotes, statusReport } from '../../service';
import type { RootStatusReport } from '../../core/updateStatus';
import { defineCommand } from '../command';
import { cacheDirOption, flag, jobsOption, limitOption, ruleOption, textOrJson } from '../options';
import { formatStatusJson, formatStatusText } from '../status';
import { gatherArgs, openForAnalysis, tell } from './shared';

const details = flag(
  '--details',
  'Update Health: every insight, as oc lists them, not one line per cause',
);

export const status = defineCommand({
  name: 'status',
  operands: '<path>',
  summary: 'Where the update stands, as oc adm upgrade status would say it, offline.',
  description:
    'Where the update stands, as oc adm upgrade status would say it (Control Plane, Worker Upgrade, Update Health), offline, each line with the file:line of its evidence. Update Health shows one line per cause (--details: every insight, as oc lists them).',
  exitStatus:
    '0 without error-level insights, 1 with at least one, 2 on bad usage or a fatal error.',
  options: [textOrJson, details, ruleOption, limitOption, jobsOption, cacheDirOption],
  args: (p) => ({
    ...gatherArgs('status', p),
    format: p.get(textOrJson),
    details: p.get(details),
    levels: p.get(ruleOption),
  }),
  async run(a) {
    const opened = await openForAnalysis(a, a.levels);
    if (!opened) return 2;
    const { display, ctx } = opened;
    const roots: RootStatusReport[] = [];
    for (const root of opened.roots) {
      const r = await analyzeRoot(root, ctx);
      for (const e of r.internalErrors) tell(e);
      logNotes(r.index.notes, tell);
      // Positions now, while this root's files are surely still in the bounded cache.
      roots.push(statusReport(r, display, (f) => ctx.cache.peek(f)));
    }
    const report = { roots };
    process.stdout.write(
      a.format === 'json'
        ? formatStatusJson(report)
        : formatStatusText(report, process.stdout.isTTY === true, a.details),
    );
    return roots.some((r) => r.insights.some((i) => i.level === 'error')) ? 1 : 0;
  },
});
