/** What `findings`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { chainSchema, levelSchema, placeShape, truncatedSchema } from '../schemas';

const related = z.array(z.object({ ...placeShape, column: z.number().int(), message: z.string() }));

const findingItem = z.object({
  root: z.string(),
  index: z.number().int().describe('Give it to mustgather_explain (with root) for the evidence'),
  rule: z.string(),
  severity: levelSchema,
  subject: z
    .string()
    .describe(
      'The object: co/<name>, mcp/<pool>, node/<name>, cv/version, mc/<name>, log/<ns>/<pod>/<container> …',
    ),
  message: z.string(),
  detail: z.string().optional().describe('The explanation in Markdown (with detail: true)'),
  cause: z.string().nullable().describe('The id of the cause it belongs to'),
  ...placeShape,
  column: z.number().int(),
  related,
});

export const findingsOutput = {
  findings: z.array(findingItem),
  total: z.number().int().describe('Findings that match'),
  truncated: truncatedSchema,
};
export const causesOutput = {
  causes: z.array(
    z.object({
      root: z.string(),
      id: z.string(),
      title: z.string(),
      level: levelSchema,
      rootSubject: z.string().describe('The object at the root: what to fix'),
      subjects: z.array(z.string()),
      findings: z.array(z.number().int()).describe('Indexes of its findings, root finding first'),
      chain: chainSchema,
    }),
  ),
  truncated: truncatedSchema,
};
