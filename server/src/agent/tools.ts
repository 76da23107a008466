/** Every agent tool, in the order the MCP server lists them and the editor registers them. */
import type { AgentTool } from './tool';
import { diffConfigsTool } from './tools/diffConfigs';
import { eventsTool } from './tools/events';
import { explainTool } from './tools/explain';
import { causesTool, findingsTool } from './tools/findings';
import { getTool } from './tools/get';
import { listTool } from './tools/list';
import { logsTool } from './tools/logs';
import { recommendTool } from './tools/recommend';
import { statusTool } from './tools/status';
import { timelineTool } from './tools/timeline';

export const agentTools: readonly AgentTool[] = [
  listTool,
  statusTool,
  findingsTool,
  causesTool,
  explainTool,
  getTool,
  diffConfigsTool,
  timelineTool,
  logsTool,
  eventsTool,
  recommendTool,
];
