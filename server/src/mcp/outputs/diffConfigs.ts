/** What `diffConfigs`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import type { MachineConfigSummary, RebootDecision } from '../../service';
import { described, textTruncatedSchema } from '../schemas';

const changes = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});

export const diffConfigsOutput = {
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
};
