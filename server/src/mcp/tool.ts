/**
 * A tool as the server offers it: name, description, input and output schemas, and the function
 * that answers with structured content (checked against the output schema by the SDK) and a
 * short text for clients that show only text. Every tool is read-only, closed-world and
 * idempotent; a refusal is the tool's error result, with its message as is.
 */
import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { dataNotice } from './quote';
import { Refusal } from './refusal';
import type { Session } from './session';

interface Answer<O> {
  structured: O;
  /** A few lines: what the structured content says, must-gather text quoted. */
  text: string;
}

/** Bytes of one answer, structured content and text together, whatever the tool. */
const maxAnswerBytes = 4 * 1024 * 1024;

export interface Tool<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  name: string;
  title: string;
  /** What it answers and when to use it; the data notice is added. */
  description: string;
  input: I;
  output: O;
  run(args: ShapeOutput<I>, session: Session): Promise<Answer<z.infer<z.ZodObject<O>>>>;
}

/** A tool ready to offer, whatever its schemas. */
export interface ToolEntry {
  name: string;
  register(server: McpServer, session: Session, log: (m: string) => void): void;
}

export function tool<I extends z.ZodRawShape, O extends z.ZodRawShape>(t: Tool<I, O>): ToolEntry {
  return { name: t.name, register: (server, session, log) => register(server, t, session, log) };
}

function register<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  t: Tool<I, O>,
  session: Session,
  log: (m: string) => void,
): void {
  // The SDK parses the arguments with `t.input` before the call, so they are ShapeOutput<I>; its
  // callback type is a conditional type TypeScript cannot resolve for a generic I, hence the cast.
  const answer = async (args: ShapeOutput<I>): Promise<CallToolResult> => {
    try {
      const a = await t.run(args, session);
      // The last bound: whatever a tool's own bounds let through, no answer floods the context.
      const bytes =
        Buffer.byteLength(JSON.stringify(a.structured), 'utf8') + Buffer.byteLength(a.text, 'utf8');
      if (bytes > maxAnswerBytes)
        throw new Refusal(
          `the answer would be ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${maxAnswerBytes / 1024 / 1024} MiB an answer may take: narrow the question (name a root, filter, or lower the limits)`,
        );
      return {
        structuredContent: a.structured as Record<string, unknown>,
        content: [{ type: 'text', text: a.text }],
      };
    } catch (err) {
      if (!(err instanceof Refusal))
        log(`${t.name} failed: ${(err as Error).stack ?? String(err)}`);
      const message =
        err instanceof Refusal ? err.message : `${t.name} failed: ${(err as Error).message}`;
      return { isError: true, content: [{ type: 'text', text: message }] };
    }
  };
  server.registerTool(
    t.name,
    {
      title: t.title,
      description: `${t.description} ${dataNotice}`,
      inputSchema: t.input,
      outputSchema: t.output,
      annotations: {
        title: t.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    answer as unknown as ToolCallback<I>,
  );
}
