/** What `timeline`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { truncatedSchema } from '../schemas';

const levels = ['Info', 'Warning', 'Error'] as const;

export const timelineOutput = {
  intervals: z.array(
    z.object({
      root: z.string(),
      level: z.enum(levels),
      source: z.string(),
      locator: z.string(),
      reason: z.string(),
      message: z.string(),
      from: z.string(),
      to: z.string(),
      file: z.string(),
      line: z.number().int(),
      annotations: z.record(z.string(), z.string()),
    }),
  ),
  total: z.number().int().describe('Intervals that match'),
  truncated: truncatedSchema,
};
