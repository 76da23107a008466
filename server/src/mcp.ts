/**
 * MCP entry: `node dist/mcp.js [path…]` serves the same read-only analysis as the CLI to AI
 * agents over stdio. stdout carries the protocol only; everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpUsageError, mcpUsage, parseMcpArgs } from './mcp/args';
import { createServer } from './mcp/server';
import { version } from './version';

const log = (m: string) => process.stderr.write(`must-gather-inspector mcp: ${m}\n`);

async function main(argv: string[]): Promise<number | undefined> {
  let command;
  try {
    command = parseMcpArgs(argv);
  } catch (err) {
    if (!(err instanceof McpUsageError)) throw err;
    process.stderr.write(`must-gather-inspector mcp: ${err.message}\n\n${mcpUsage}\n`);
    return 2;
  }
  if (command.cmd === 'help') {
    // stdout is not the protocol here: no server runs.
    process.stdout.write(`${mcpUsage}\n`);
    return 0;
  }
  if (command.cmd === 'version') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const server = createServer({ ...command, log });
  await server.connect(new StdioServerTransport());
  return undefined;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    log(`fatal: ${(err as Error).stack ?? String(err)}`);
    process.exitCode = 2;
  },
);
