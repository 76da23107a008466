/**
 * A tool defined once, whoever offers it (the MCP server, the editor's language-model tools):
 * name, title, description, input schema, and the function that answers with bounded data and
 * a line or two of plain words. `callTool` checks the arguments, runs the tool, bounds the whole
 * answer, and turns a refusal into the tool's error with its sentence as is. Every tool is
 * read-only, closed-world and idempotent.
 */
import { dataNotice, answerText } from './quote';
import type { Gathers } from './gathers';
import { Refusal } from './refusal';
import { checkArgs } from './schema';
import type { ArgsOf, Fields, InputSchema } from './schema';

export interface Answer {
  /** The data, bounded by the tool (lists and texts cut, the cut said). */
  data: Record<string, unknown>;
  /** A line or two of plain words: what the data says. */
  headline: string;
}

/** A tool ready to offer and call, whatever its schema. */
export interface AgentTool {
  name: string;
  title: string;
  /** What it answers and when to use it, with the data notice. */
  description: string;
  input: InputSchema;
  run(args: Record<string, unknown>, gathers: Gathers): Promise<Answer>;
}

export function defineTool<P extends Fields, R extends keyof P & string = never>(t: {
  name: string;
  title: string;
  description: string;
  input: InputSchema<P, R>;
  run(args: ArgsOf<P, R>, gathers: Gathers): Promise<Answer>;
}): AgentTool {
  return {
    name: t.name,
    title: t.title,
    description: `${t.description} ${dataNotice}`,
    input: t.input,
    // checkArgs held the arguments to the schema ArgsOf<P, R> is read from.
    run: (args, gathers) => t.run(args as ArgsOf<P, R>, gathers),
  };
}

/** What a call gives back: data and text, or a refusal's sentence. */
export type Called =
  | { ok: true; data: Record<string, unknown>; text: string }
  | { ok: false; text: string };

/** Bytes of one answer's text, whatever the tool: no answer floods the context. */
const maxAnswerBytes = 4 * 1024 * 1024;

export async function callTool(
  tools: readonly AgentTool[],
  name: string,
  input: unknown,
  gathers: Gathers,
  log: (m: string) => void,
): Promise<Called> {
  const t = tools.find((x) => x.name === name);
  if (!t)
    return {
      ok: false,
      text: `No tool ${JSON.stringify(name)}; the tools: ${tools.map((x) => x.name).join(', ')}.`,
    };
  try {
    const a = await t.run(checkArgs(t.input, input), gathers);
    const text = answerText(a.headline, a.data);
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > maxAnswerBytes)
      throw new Refusal(
        `the answer would be ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${maxAnswerBytes / 1024 / 1024} MiB an answer may take: narrow the question (name a root, filter, or lower the limits)`,
      );
    return { ok: true, data: a.data, text };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, text: err.message };
    log(`${t.name} failed: ${(err as Error).stack ?? String(err)}`);
    return { ok: false, text: `${t.name} failed: ${(err as Error).message}` };
  }
}
