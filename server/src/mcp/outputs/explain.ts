/** What `explain`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { chainSchema, levelSchema, placeShape } from '../schemas';

export const explainOutput = {
  root: z.string(),
  index: z.number().int(),
  rule: z.object({ id: z.string(), description: z.string(), levels: z.string() }),
  severity: levelSchema,
  subject: z.string(),
  message: z.string(),
  detail: z.string().nullable(),
  cause: z
    .object({ id: z.string(), title: z.string(), rootSubject: z.string(), chain: chainSchema })
    .nullable(),
  evidence: z.array(
    z.object({
      role: z.enum(['location', 'related']),
      message: z.string(),
      ...placeShape,
      lines: z.array(z.object({ n: z.number().int(), text: z.string() })),
      unread: z.string().optional().describe('Why no lines are shown'),
    }),
  ),
  evidenceTruncated: z.string().optional(),
};
