/** `diff <path> <a> <b>`: what changed between two (rendered) MachineConfigs. */
import { defineCommand, UsageError } from '../command';
import { diffCommand } from '../diff';
import { cacheDirOption, jobsOption, limitOption, textOrJson } from '../options';
import { cacheDirOf, openForAnalysis } from './shared';

export const diff = defineCommand({
  name: 'diff',
  operands: '<path> <machineconfig-a> <machineconfig-b>',
  summary: 'What changed between two (rendered) MachineConfigs, and whether nodes reboot.',
  description:
    'What changed between two (rendered) MachineConfigs: a summary naming changed images (pause image, OS image) and whether nodes reboot, then a unified diff of the decoded configs.',
  exitStatus:
    '0 when both configs were found and compared, 2 on bad usage, an unknown config name or a fatal error.',
  options: [textOrJson, limitOption, jobsOption, cacheDirOption],
  args(p) {
    const [path, a, b, ...more] = p.operands;
    if (path === undefined || a === undefined || b === undefined || more.length > 0)
      throw new UsageError('diff takes <path> and two MachineConfig names');
    return {
      path,
      a,
      b,
      format: p.get(textOrJson),
      limits: p.get(limitOption),
      cacheDir: cacheDirOf(p),
      jobs: p.get(jobsOption),
    };
  },
  async run(args) {
    const opened = await openForAnalysis(args, {});
    if (!opened) return 2;
    const r = await diffCommand(opened.roots, opened.ctx, args.a, args.b, args.format);
    if (!r.ok) {
      process.stderr.write(
        r.error
          .split('\n')
          .map((l) => `must-gather-inspector: ${l}\n`)
          .join(''),
      );
      return 2;
    }
    process.stdout.write(r.output);
    return 0;
  },
});
