/** What `list`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { truncatedSchema } from '../schemas';
import { summarySchema } from './summarySchema';

export const listOutput = {
  roots: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['must-gather', 'gather-extra', 'insights']),
      headline: z.string().describe('The first look in one line'),
      summary: summarySchema,
    }),
  ),
  notes: z.array(z.string()).describe('Roots that could not be opened or held no must-gather'),
  truncated: truncatedSchema,
};
