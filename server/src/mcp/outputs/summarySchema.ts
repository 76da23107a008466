/** The first look at a must-gather (core/gatherSummary) as an output schema. */
import { z } from 'zod';
import type { GatherSummary } from '../../core/gatherSummary';
import { described } from '../schemas';

export const summarySchema = described<GatherSummary>({
  root: z.string(),
  form: z.string().describe('must-gather, inspect, gather-extra or insights'),
  version: z.string().optional().describe('The release the cluster runs'),
  target: z.string().optional().describe('The release it is updating to, while updating'),
  platform: z.string().optional(),
  clusterID: z.string().optional(),
  channel: z.string().optional(),
  gatherTime: z.string().optional(),
  image: z.string().optional(),
  ocVersion: z.string().optional(),
  counts: z.object({
    nodes: z.number(),
    pools: z.number(),
    clusterOperators: z.number(),
    machineConfigs: z.number(),
  }),
  notes: z.array(z.string()).describe('What the gather lacks or what went wrong gathering'),
});
