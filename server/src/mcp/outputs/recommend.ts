/** What `recommend`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import type { RootRecommendReport } from '../../core/recommend';
import { described } from '../schemas';

type Report = RootRecommendReport;

const placed = { file: z.string().nullable(), line: z.number().int().nullable() };
const status = z
  .enum(['True', 'False', 'Unknown'])
  .describe('True: no concern, False: a concern, Unknown: cannot tell');

const reportSchema = described<Report>({
  root: z.string(),
  gatherTime: z.string().nullable(),
  version: z.string().nullable().describe('The release the cluster runs'),
  channel: z.string().nullable(),
  clusterConditions: z.array(
    described<Report['clusterConditions'][number]>({
      type: z.string(),
      status,
      message: z.string(),
      acceptName: z.string().nullable(),
      ...placed,
    }),
  ),
  checks: z.array(
    described<Report['checks'][number]>({
      name: z.string(),
      status,
      level: z.enum(['error', 'warning', 'info']),
      message: z.string(),
      acceptName: z.string().nullable().describe('What accept takes to accept this concern'),
      ...placed,
    }),
  ),
  updates: z.array(
    described<Report['updates'][number]>({
      version: z.string(),
      minor: z.string(),
      recommended: z.boolean(),
      outdated: z.boolean(),
      ...placed,
    }),
  ),
  target: described<NonNullable<Report['target']>>({
    version: z.string(),
    found: z.boolean(),
    recommended: z.boolean().nullable(),
    unaccepted: z.array(z.string()),
  }).nullable(),
});

export const recommendOutput = { roots: z.array(reportSchema) };
