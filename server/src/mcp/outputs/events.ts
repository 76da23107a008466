/** What `events`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { truncatedSchema } from '../schemas';

export const eventsOutput = {
  root: z.string(),
  subject: z.string(),
  namespaces: z.array(z.string()).describe('The namespaces whose events were read'),
  events: z.array(
    z.object({
      namespace: z.string(),
      reason: z.string(),
      count: z.number(),
      first: z.string().nullable(),
      last: z.string().nullable(),
      message: z.string(),
      component: z.string().nullable(),
      host: z.string().nullable(),
      file: z.string(),
      line: z.number().int(),
    }),
  ),
  total: z.number().int(),
  unreadable: z.array(z.string()).describe('Events files that could not be read'),
  present: z.boolean().describe('Whether the gather holds any events file'),
  truncated: truncatedSchema,
};
