/** What `logs`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { truncatedSchema } from '../schemas';

export const logsOutput = {
  root: z.string(),
  container: z.string().describe('<namespace>/<pod>/<container> as found'),
  files: z.array(
    z.object({
      file: z.string(),
      instance: z.enum(['current', 'rotated', 'previous']),
      searchedFromLine: z
        .number()
        .int()
        .describe('First line searched: earlier lines were counted, not read'),
      error: z.string().optional(),
    }),
  ),
  lines: z.array(
    z.object({
      file: z.string(),
      line: z.number().int(),
      time: z.string().optional(),
      text: z.string(),
    }),
  ),
  matched: z.number().int().describe('Lines that match, given or not'),
  truncated: truncatedSchema,
};
