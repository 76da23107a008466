/**
 * The editor's language-model tools (`mustGatherInspector/agentTool`): the agent core's tools,
 * the very ones the MCP server offers, answered from this window's analyses. A must-gather is
 * named by its place in the window (`examples/bug-…/must-gather.local.…`), as mustgather_list
 * gives it; a refusal is the tool's error result, its sentence as is.
 */
import type { ParsedFileCache, RootAnalysis } from '../service';
import { agentTools, boundaryOf, callTool, Gathers, placed } from '../agent/front';
import type { Analysed, Gather, Opened } from '../agent/front';
import type { Limits } from '../limits';
import type { AgentToolResult } from '../protocol/messages';
import { withParsedFiles } from './parsedFiles';

/** What a tool call needs of the window: its analyses, their names, the parse cache. */
export interface AgentContext {
  analyses: readonly RootAnalysis[];
  place: (root: string) => string;
  cache: ParsedFileCache;
  limits: Limits;
  log: (m: string) => void;
}

/**
 * Placed reports of an analysis, kept with it; redone when the server appended open files'
 * problems to its findings.
 */
const kept = new WeakMap<RootAnalysis, { count: number; id: string; analysed: Analysed }>();

/** The window's analyses as the must-gathers a tool reads, each confined to its real path. */
class WindowGathers extends Gathers {
  readonly howToGive = 'open a folder that holds a must-gather in this window';
  private opened: Promise<Opened> | undefined;
  private readonly analysisOf = new Map<Gather, RootAnalysis>();

  constructor(private readonly ctx: AgentContext) {
    super();
  }

  get cache(): ParsedFileCache {
    return this.ctx.cache;
  }

  get limits(): Limits {
    return this.ctx.limits;
  }

  open(): Promise<Opened> {
    this.opened ??= (async () => {
      const gathers: Gather[] = [];
      for (const a of this.ctx.analyses) {
        const g = {
          id: this.ctx.place(a.root.path),
          root: a.root,
          boundary: await boundaryOf(a.root),
        };
        this.analysisOf.set(g, a);
        gathers.push(g);
      }
      return { gathers, notes: [] };
    })();
    return this.opened;
  }

  async analysed(g: Gather): Promise<Analysed> {
    const a = this.analysisOf.get(g) as RootAnalysis;
    const k = kept.get(a);
    if (k && k.count === a.findings.length && k.id === g.id) return k.analysed;
    // The analysis may be older than the parses it read: lines are placed once they are back.
    const analysed = await withParsedFiles(this.ctx.cache, (peek) => placed(g, a, peek));
    kept.set(a, { count: a.findings.length, id: g.id, analysed });
    return analysed;
  }

  /** The window's analyses are the language server's: nothing here to forget. */
  reset(): void {}
}

export async function agentTool(
  name: string,
  input: unknown,
  ctx: AgentContext,
): Promise<AgentToolResult> {
  const r = await callTool(agentTools, name, input, new WindowGathers(ctx), ctx.log);
  return r.ok ? { text: r.text } : { text: r.text, isError: true };
}
