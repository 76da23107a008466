/** `compare <gather-a> <gather-b>`: two gathers of one cluster, what changed between them. */
import { defineCommand, UsageError } from '../command';
import { compareCommand } from '../compareCommand';
import { cacheDirOption, flag, jobsOption, limitOption, ruleOption, textOrJson } from '../options';
import { cacheDirOf, tell } from './shared';

const force = flag('--force', 'compare gathers of different clusters (by cluster ID) anyway');

export const compare = defineCommand({
  name: 'compare',
  operands: '<gather-a> <gather-b>',
  summary: 'Two gathers of one cluster, the older first: what changed, findings that came or went.',
  description:
    'Two gathers of one cluster, the older first: where the update stood in each, what changed object by object (versions, condition transitions, each pool’s configs and counts, each node’s configs and state, budgets), and the findings that appeared, cleared or changed level, each with its file:line. Gathers of different clusters (by cluster ID) are refused unless --force. Each <gather> must hold exactly one must-gather.',
  exitStatus:
    '0 when compared, 2 on bad usage, different clusters without --force, or a fatal error.',
  options: [textOrJson, force, ruleOption, limitOption, jobsOption, cacheDirOption],
  args(p) {
    const [a, b, ...more] = p.operands;
    if (a === undefined || b === undefined || more.length > 0)
      throw new UsageError('compare takes two gathers of one cluster');
    return {
      paths: [a, b] as const,
      format: p.get(textOrJson),
      force: p.get(force),
      levels: p.get(ruleOption),
      limits: p.get(limitOption),
      cacheDir: cacheDirOf(p),
      jobs: p.get(jobsOption),
    };
  },
  run: (a) => compareCommand(a, a.cacheDir, tell),
});
