/** What `get`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { textTruncatedSchema } from '../schemas';

export const getOutput = {
  root: z.string(),
  subject: z.string().nullable(),
  file: z.string().describe('Relative to the must-gather'),
  pointer: z
    .string()
    .describe(
      'JSON pointer of the object in its file: empty for the whole document, /items/N in a List',
    ),
  yaml: z.string(),
  truncated: textTruncatedSchema,
};
