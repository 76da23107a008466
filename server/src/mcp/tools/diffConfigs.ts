/**
 * `mustgather_diff_configs`: two MachineConfigs of one must-gather (usually a pool's rendered
 * configs, current and desired): what changed in the MCO's terms, what the daemon does to the
 * nodes for it (reboot, reload, drain first), and the diff of their decoded, normalised contents.
 */
import { z } from 'zod';
import {
  findMachineConfig,
  listMachineConfigs,
  similarNames,
} from '../../analysis/loadMachineConfigs';
import type { MachineConfigListing } from '../../analysis/loadMachineConfigs';
import { decodeOptionsFrom } from '../../machineconfig/dataUrl';
import { normalizeMachineConfig } from '../../machineconfig/normalize';
import { summarizeChanges, summaryText } from '../../machineconfig/changeSummary';
import type { MachineConfigSummary } from '../../machineconfig/changeSummary';
import type { RebootDecision } from '../../machineconfig/reboot';
import { unifiedDiff } from '../../machineconfig/unifiedDiff';
import { parseRelease } from '../../model/release';
import { boundedText, countOf, defaultTextBytes, maxTextBytes } from '../bounds';
import { confined, plainName } from '../confine';
import { quoted } from '../quote';
import { Refusal } from '../refusal';
import { described, rootArg, textTruncatedSchema } from '../schemas';
import { tool } from '../tool';

const changes = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});

export const diffConfigsTool = tool({
  name: 'mustgather_diff_configs',
  title: 'Compare two MachineConfigs',
  description:
    "Compares two MachineConfigs of one must-gather, typically a pool's rendered configs (a node's currentConfig and desiredConfig, as mustgather_status and findings name them): the change in the MCO's terms (files, units, dropins, OS image, kernel arguments, extensions, images by role), the node action the machine-config daemon takes for it on this release (reboot, reload or restart a service, none; drain first or not) and why, and the unified diff of the decoded, normalised configs.",
  input: {
    root: rootArg,
    a: z.string().describe('The first (older) MachineConfig, e.g. rendered-worker-<hash>'),
    b: z.string().describe('The second (newer) MachineConfig'),
    maxBytes: z
      .number()
      .int()
      .optional()
      .describe(`Bytes of diff given, default ${defaultTextBytes}, at most ${maxTextBytes}`),
  },
  output: {
    root: z.string(),
    a: z.string(),
    b: z.string(),
    nodeAction: described<RebootDecision>({
      action: z
        .string()
        .describe(
          "'none', 'reload crio', 'restart crio', 'reboot', or from 4.17 the NodeDisruptionPolicy steps",
        ),
      rules: z.string().describe('The release whose rules were applied'),
      reasons: z.array(z.string()),
      drain: z
        .enum(['yes', 'no', 'unless safe'])
        .optional()
        .describe('Whether the node is drained first'),
    }),
    summary: described<MachineConfigSummary>({
      files: changes,
      units: changes,
      dropins: changes,
    }).describe(
      'The change summary: files, units, dropins, OS fields, images by role, redacted contents, reboot',
    ),
    summaryText: z.string(),
    identical: z.boolean().describe('The normalised configs are the same'),
    diff: z.string().describe('Unified diff of the normalised configs'),
    truncated: textTruncatedSchema,
  },
  async run(args, session) {
    const nameA = plainName('MachineConfig', args.a);
    const nameB = plainName('MachineConfig', args.b);
    const g = await session.one(args.root);
    const an = await session.analysed(g);
    const list = await listMachineConfigs(an.analysis.index, session.ctx.cache);
    const pick = async (name: string): Promise<MachineConfigListing> => {
      const m = findMachineConfig(list, name);
      if (!m) {
        const close = similarNames(list, name);
        const rendered = list
          .filter((x) => x.name.startsWith('rendered-'))
          .map((x) => x.name)
          .slice(0, 20);
        throw new Refusal(
          list.length === 0
            ? `${g.id} holds no MachineConfig`
            : `no MachineConfig ${name} in ${g.id}; ${close.length ? `close names: ${close.join(', ')}` : `rendered configs: ${rendered.join(', ')}`}`,
        );
      }
      await confined(g.boundary, m.file, an.name(m.file));
      return m;
    };
    const a = await pick(nameA);
    const b = await pick(nameB);
    const decode = decodeOptionsFrom(session.limits);
    // The reboot rules follow the release the cluster is updating to, as the CLI's diff does.
    const summary = summarizeChanges(
      a.raw,
      b.raw,
      parseRelease(an.analysis.snapshot.clusterVersion?.desiredVersion)?.minor,
      decode,
    );
    const diff = unifiedDiff(
      normalizeMachineConfig(a.raw, decode),
      normalizeMachineConfig(b.raw, decode),
      a.name,
      b.name,
    );
    const cut = boundedText(
      diff,
      countOf(args.maxBytes, defaultTextBytes, maxTextBytes),
      'ask with a larger maxBytes',
    );
    const text = summaryText(summary);
    return {
      structured: {
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
      text: [
        `${a.name} → ${b.name} in ${g.id}: node action ${summary.reboot.action}${summary.reboot.drain ? `, drain ${summary.reboot.drain}` : ''} (rules of ${summary.reboot.rules}).`,
        quoted(text),
        diff === ''
          ? 'The normalised configs are identical.'
          : `Diff${cut.truncated ? ` (${cut.truncated.note})` : ''}:`,
        ...(diff === '' ? [] : [quoted(cut.text)]),
      ].join('\n'),
    };
  },
});
