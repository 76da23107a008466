/** Schema pieces several tools share. */
import { z } from 'zod';

export const truncatedSchema = z
  .object({
    shown: z.number().int(),
    total: z.number().int(),
    note: z.string().describe('"truncated, N more: …" and how to narrow the question'),
  })
  .optional()
  .describe('Present when the list was cut to its bound');

export const textTruncatedSchema = z
  .object({ shownBytes: z.number().int(), totalBytes: z.number().int(), note: z.string() })
  .optional()
  .describe('Present when the text was cut to its byte bound');

export const levelSchema = z.enum(['error', 'warning', 'info', 'hint']);

/** A place in a must-gather file: relative to the gather, 1-based line. */
export const placeShape = {
  file: z
    .string()
    .describe('Path relative to the must-gather (give it to mustgather_get as "file")'),
  line: z.number().int(),
};

/** A cause's way from the reporting operator down to its root, as causes and explain give it. */
export const chainSchema = z
  .array(
    z.object({
      kind: z.enum(['operator', 'workload', 'pod', 'container', 'node', 'log']),
      name: z.string(),
      state: z.string(),
      file: placeShape.file.optional().describe('Absent when the object is not in the gather'),
      line: z.number().int().optional(),
      column: z.number().int().optional(),
    }),
  )
  .describe(
    'From the operator that reports the problem down to its root (workload, pod, container, node, log line), each step with its place; empty when the cause has none',
  );

/**
 * The schema of a report type `T` of the analysis (status, recommend, a change summary): the
 * fields an agent reads first, each checked against `T`'s own type; the others pass unlisted
 * (a loose object), so the report is given whole.
 */
export function described<T>(shape: { [K in keyof T]?: z.ZodType<T[K]> }): z.ZodType<T> {
  return z.looseObject(shape as Record<string, z.ZodType>) as unknown as z.ZodType<T>;
}
