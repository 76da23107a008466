/** The MCP server's command line: `[--cache-dir DIR] [--limit <name>=<n>]… [path…]`. */
import { resolve } from 'node:path';
import { defaultCacheDir } from '../service';
import { defaultLimits, isLimitName, limitNames, limitProblem } from '../limits';
import type { Limits } from '../limits';

export type McpCommand =
  | { cmd: 'serve'; paths: string[]; cacheDir: string; limits: Limits }
  | { cmd: 'help' }
  | { cmd: 'version' };

export const mcpUsage = `Usage: node dist/mcp.js [--cache-dir DIR] [--limit <name>=<n>]... [path...]

Serves the read-only analysis of OpenShift must-gathers to AI agents over MCP (stdio).
Each path is a must-gather, a folder holding several, a CI gather-extra folder or an archive
(.tar, .tar.gz, .tar.xz, .zip, nested; extracted once into the cache). Without paths, the
client's roots (MCP roots/list) are read. Only files inside them are ever read.
  --cache-dir DIR   where archives are extracted (default ${defaultCacheDir()})
  --limit <name>=<n>  a bound on the work per file: ${limitNames.map((n) => `${n} (${defaultLimits[n]})`).join(', ')}`;

export class McpUsageError extends Error {}

export function parseMcpArgs(argv: readonly string[]): McpCommand {
  const paths: string[] = [];
  const limits: Limits = { ...defaultLimits };
  let cacheDir = defaultCacheDir();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--help' || a === '-h') return { cmd: 'help' };
    if (a === '--version') return { cmd: 'version' };
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new McpUsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--cache-dir') cacheDir = resolve(value());
    else if (a === '--limit') {
      const spec = value();
      const m = /^([A-Za-z]+)=(\d+)$/.exec(spec);
      if (!m) throw new McpUsageError(`--limit takes <name>=<whole number>, not "${spec}"`);
      const name = m[1] as string;
      if (!isLimitName(name)) throw new McpUsageError(`unknown limit "${name}"`);
      const problem = limitProblem(name, Number(m[2]));
      if (problem) throw new McpUsageError(problem);
      limits[name] = Number(m[2]);
    } else if (a.startsWith('--')) throw new McpUsageError(`unknown option ${a}`);
    else paths.push(a);
  }
  return { cmd: 'serve', paths, cacheDir, limits };
}
