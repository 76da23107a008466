/**
 * The must-gathers a tool call may read, whoever holds them: the MCP server's roots (Session)
 * or the editor window's analyses. A tool names one by its id; an id is looked up among those
 * open, never used as a path.
 */
import { isAbsolute } from 'node:path';
import type { ParsedFileCache } from '../service';
import type { Limits } from '../limits';
import type { Analysed } from './analysed';
import type { Gather, Opened } from './open';
import { Refusal } from './refusal';

export abstract class Gathers {
  /** The parses the analyses made, for the lines of evidence. */
  abstract readonly cache: ParsedFileCache;
  abstract readonly limits: Limits;
  /** Said when there is no must-gather, to tell the agent how to give one. */
  abstract readonly howToGive: string;
  /** The must-gathers, and what could not be opened. */
  abstract open(): Promise<Opened>;
  /** A gather's analysis with its reports placed. */
  abstract analysed(g: Gather): Promise<Analysed>;
  /** Forget what was opened and analysed: the next call looks again. */
  abstract reset(): void;

  /** Every must-gather, refusing when there is none. */
  async all(): Promise<Gather[]> {
    const o = await this.open();
    if (o.gathers.length > 0) return o.gathers;
    const why = o.notes.length > 0 ? ` (${o.notes.join('; ')})` : '';
    throw new Refusal(`no must-gather to read${why}: ${this.howToGive}`);
  }

  /** The must-gathers a call is about: the one named, else all of them. */
  async select(id: string | undefined): Promise<Gather[]> {
    const all = await this.all();
    if (id === undefined) return all;
    if (isAbsolute(id) || /^[a-zA-Z]:|^\\/.test(id))
      throw new Refusal(
        `root ${JSON.stringify(id)} is an absolute path: refused, a root is named by its id as mustgather_list gives it, never by a path`,
      );
    if (id.split(/[/\\]/).includes('..'))
      throw new Refusal(
        `root ${JSON.stringify(id)} climbs out with '..': refused, a root is named by its id as mustgather_list gives it`,
      );
    const g = all.find((x) => x.id === id);
    if (!g)
      throw new Refusal(
        `no must-gather ${JSON.stringify(id)}; the roots hold: ${all.map((x) => x.id).join(', ')} (mustgather_list names them)`,
      );
    return [g];
  }

  /** The one must-gather a call is about: the one named, or the only one. */
  async one(id: string | undefined): Promise<Gather> {
    const all = await this.select(id);
    if (all.length > 1)
      throw new Refusal(
        `${all.length} must-gathers are open: name one with "root" (${all.map((x) => x.id).join(', ')})`,
      );
    return all[0] as Gather;
  }
}
