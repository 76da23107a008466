/**
 * What each agent tool answers, as an MCP output schema: the MCP client checks a tool's
 * structured content against it, and so does the adapter before it answers. The tools
 * themselves (name, description, input schema, answer) are the agent core's.
 */
import type { z } from 'zod';
import { diffConfigsOutput } from './outputs/diffConfigs';
import { eventsOutput } from './outputs/events';
import { explainOutput } from './outputs/explain';
import { causesOutput, findingsOutput } from './outputs/findings';
import { getOutput } from './outputs/get';
import { listOutput } from './outputs/list';
import { logsOutput } from './outputs/logs';
import { recommendOutput } from './outputs/recommend';
import { statusOutput } from './outputs/status';
import { timelineOutput } from './outputs/timeline';

export const outputSchemas: Record<string, z.ZodRawShape> = {
  mustgather_list: listOutput,
  mustgather_status: statusOutput,
  mustgather_findings: findingsOutput,
  mustgather_causes: causesOutput,
  mustgather_explain: explainOutput,
  mustgather_get: getOutput,
  mustgather_diff_configs: diffConfigsOutput,
  mustgather_timeline: timelineOutput,
  mustgather_logs: logsOutput,
  mustgather_events: eventsOutput,
  mustgather_recommend: recommendOutput,
};
