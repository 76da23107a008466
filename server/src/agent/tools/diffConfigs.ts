/**
 * `mustgather_diff_configs`: two MachineConfigs of one must-gather (usually a pool's rendered
 * configs, current and desired): what changed in the MCO's terms, what the daemon does to the
 * nodes for it (reboot, reload, drain first), and the diff of their decoded, normalised contents.
 */
import {
  decodeOptionsFrom,
  diffMachineConfigs,
  findMachineConfig,
  listMachineConfigs,
  machineConfigHint,
  parseRelease,
  summaryText,
} from '../../service';
import type { MachineConfigListing } from '../../service';
import { boundedText, countOf, defaultTextBytes, maxTextBytes } from '../bounds';
import { confined, plainName } from '../confine';
import { Refusal } from '../refusal';
import { rootField } from '../schema';
import { defineTool } from '../tool';

export const diffConfigsTool = defineTool({
  name: 'mustgather_diff_configs',
  title: 'Compare two MachineConfigs',
  description:
    "Compares two MachineConfigs of one must-gather, typically a pool's rendered configs (a node's currentConfig and desiredConfig, as mustgather_status and findings name them): the change in the MCO's terms (files, units, dropins, OS image, kernel arguments, extensions, images by role), the node action the machine-config daemon takes for it on this release (reboot, reload or restart a service, none; drain first or not) and why, and the unified diff of the decoded, normalised configs.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      a: {
        type: 'string',
        description: 'The first (older) MachineConfig, e.g. rendered-worker-<hash>',
      },
      b: { type: 'string', description: 'The second (newer) MachineConfig' },
      maxBytes: {
        type: 'integer',
        description: `Bytes of diff given, default ${defaultTextBytes}, at most ${maxTextBytes}`,
      },
    },
    required: ['a', 'b'],
  },
  async run(args, gathers) {
    const nameA = plainName('MachineConfig', args.a);
    const nameB = plainName('MachineConfig', args.b);
    const g = await gathers.one(args.root);
    const an = await gathers.analysed(g);
    const list = await listMachineConfigs(an.analysis.index, gathers.cache);
    const pick = async (name: string): Promise<MachineConfigListing> => {
      const m = findMachineConfig(list, name);
      if (!m) {
        throw new Refusal(
          list.length === 0
            ? `${g.id} holds no MachineConfig`
            : `no MachineConfig ${name} in ${g.id}; ${machineConfigHint(list, name)}`,
        );
      }
      await confined(g.boundary, m.file, an.name(m.file));
      return m;
    };
    const a = await pick(nameA);
    const b = await pick(nameB);
    // The reboot rules follow the release the cluster is updating to, as the CLI's diff does.
    const { summary, diff } = diffMachineConfigs(
      a,
      b,
      parseRelease(an.analysis.snapshot.clusterVersion?.desiredVersion)?.minor,
      decodeOptionsFrom(gathers.limits),
    );
    const cut = boundedText(
      diff,
      countOf(args.maxBytes, defaultTextBytes, maxTextBytes),
      'ask with a larger maxBytes',
    );
    const text = summaryText(summary);
    return {
      data: {
        root: g.id,
        a: a.name,
        b: b.name,
        nodeAction: summary.reboot,
        summary,
        summaryText: text,
        identical: diff === '',
        diff: cut.text,
        ...(cut.truncated ? { truncated: cut.truncated } : {}),
      },
      headline: `${a.name} → ${b.name} in ${g.id}: the node action, the change summary and ${diff === '' ? 'no diff (the normalised configs are identical)' : `the diff${cut.truncated ? ` (${cut.truncated.note})` : ''}`}.`,
    };
  },
});
