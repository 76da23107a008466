/**
 * The status report (core/updateStatus, `status --format json`) as an output schema, with the
 * node lists cut to a bound (worst first) and the cut said.
 */
import { z } from 'zod';
import type {
  CauseHeadline,
  ControlPlaneReport,
  InsightReport,
  NodeReport,
} from '../../core/updateStatus';
import type { BoundedStatus } from '../../agent/front';
import { chainSchema, described, truncatedSchema } from '../schemas';
import { summarySchema } from './summarySchema';

const evidence = { file: z.string(), line: z.number().int() };

const nodesCut = truncatedSchema.describe(
  'Present when nodes were cut (worst first: Degraded, Unavailable, Progressing …)',
);

const node = described<NodeReport>({
  name: z.string(),
  pool: z.string().nullable(),
  assessment: z.enum([
    'Outdated',
    'Progressing',
    'Completed',
    'Degraded',
    'Unavailable',
    'Excluded',
  ]),
  phase: z.enum(['Pending', 'Draining', 'Updating', 'Rebooting', 'Paused', 'Updated']),
  version: z.string().nullable(),
  message: z.string().nullable(),
  ...evidence,
});

const controlPlane = described<BoundedStatus['controlPlane']>({
  assessment: z.enum(['Progressing', 'ProgressingSlow', 'Stalled', 'Completed', 'NotUpdating']),
  reason: z.string().describe('Why the assessment is what it is, in one sentence'),
  target: z.string().nullable(),
  from: z.string().nullable(),
  completionPercent: z.number().nullable(),
  health: described<ControlPlaneReport['health']>({
    healthy: z.number(),
    unavailable: z.number(),
    degraded: z.number(),
  }),
  nodes: z.array(node),
  nodesTruncated: nodesCut,
});

const pool = described<BoundedStatus['pools'][number]>({
  name: z.string(),
  required: z.boolean(),
  paused: z.boolean(),
  assessment: z.enum(['Pending', 'Progressing', 'Completed', 'Degraded', 'Excluded', 'Empty']),
  completionPercent: z.number().nullable(),
  nodes: z.array(node),
  nodesTruncated: nodesCut,
  ...evidence,
});

const insight = described<InsightReport>({
  level: z.enum(['error', 'warning', 'info']),
  impact: z.enum(['Update Stalled', 'Update Speed', 'API Availability', 'Unknown', 'None']),
  since: z.string().nullable(),
  message: z.string(),
  rule: z.string().nullable(),
  subject: z.string(),
  cause: z.string().nullable(),
  ...evidence,
});

const cause = described<CauseHeadline>({
  id: z.string(),
  title: z.string(),
  level: z.enum(['error', 'warning', 'info', 'hint']),
  chain: chainSchema,
});

export const rootStatusSchema = described<BoundedStatus>({
  root: z.string(),
  gatherTime: z.string().nullable(),
  summary: summarySchema,
  controlPlane,
  pools: z.array(pool),
  insights: z.array(insight),
  causes: z.array(cause),
});
