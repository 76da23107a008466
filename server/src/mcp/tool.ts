/**
 * The agent core's tools offered over MCP: listed with their JSON Schema input (the core's own)
 * and output, answered by the core with structured content and its text; a refusal is the
 * tool's error result (`isError`), its sentence as is. Every tool is read-only, closed-world
 * and idempotent.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { agentTools, callTool } from '../agent/front';
import type { Gathers } from '../agent/front';
import { outputSchemas } from './outputSchemas';

function listed(): Tool[] {
  return agentTools.map((t) => {
    const output = outputSchemas[t.name];
    return {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: {
        type: 'object',
        properties: t.input.properties,
        ...(t.input.required ? { required: [...t.input.required] } : {}),
      },
      ...(output
        ? {
            outputSchema: toJsonSchemaCompat(z.object(output), {
              strictUnions: true,
              pipeStrategy: 'output',
            }) as Tool['outputSchema'],
          }
        : {}),
      annotations: {
        title: t.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    };
  });
}

export function registerTools(server: McpServer, gathers: Gathers, log: (m: string) => void): void {
  const tools = listed();
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { name } = req.params;
    const r = await callTool(agentTools, name, req.params.arguments, gathers, log);
    if (!r.ok) return { isError: true, content: [{ type: 'text', text: r.text }] };
    // The output schema is a promise to the client: an answer that breaks it is a bug, said so.
    const output = outputSchemas[name];
    const checked = output ? z.object(output).safeParse(r.data) : undefined;
    if (checked && !checked.success) {
      log(`${name} answered outside its output schema: ${checked.error.message}`);
      return {
        isError: true,
        content: [{ type: 'text', text: `${name} failed: its answer broke its output schema` }],
      };
    }
    return { structuredContent: r.data, content: [{ type: 'text', text: r.text }] };
  });
}
