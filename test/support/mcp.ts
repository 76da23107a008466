/**
 * Drives the built MCP server (`dist/mcp.js`) over stdio with the SDK's own client, as an agent's
 * host would, with the no-network preload: a run that completes never reached the network.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { repoRoot } from './fixtures';

const mcpPath = join(repoRoot, 'dist', 'mcp.js');
const cliPath = join(repoRoot, 'dist', 'cli.js');
const noNetwork = join(repoRoot, 'test', 'support', 'no-network.cjs');

export interface McpRun {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Roots the client offers from now on (it tells the server they changed). */
  setRoots(paths: string[]): Promise<void>;
  /** A tool's answer: its structured content and text, or its error text. */
  call(name: string, args?: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

interface Answer {
  isError: boolean;
  text: string;
  structured: Record<string, unknown>;
  /** Bytes of the whole result as JSON: what the agent's context receives. */
  bytes: number;
}

/**
 * @param args the server's command line (paths, options).
 * @param o.roots when given, the client offers these folders as MCP roots.
 * @param o.viaCli started as `must-gather-inspector mcp` (`dist/cli.js mcp`).
 */
export async function startMcp(
  args: string[],
  o: { roots?: string[]; viaCli?: boolean } = {},
): Promise<McpRun> {
  const { roots } = o;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--require', noNetwork, ...(o.viaCli ? [cliPath, 'mcp'] : [mcpPath]), ...args],
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
  let offered = roots ?? [];
  const client = new Client(
    { name: 'mgi-test', version: '1' },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: offered.map((p) => ({ uri: pathToFileURL(p).href, name: p })),
    }));
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    async setRoots(paths) {
      offered = paths;
      await client.sendRootsListChanged();
    },
    async call(name, a = {}) {
      const r = (await client.callTool({ name, arguments: a })) as CallToolResult;
      const first = r.content[0];
      return {
        isError: r.isError === true,
        text: first?.type === 'text' ? first.text : '',
        structured: r.structuredContent ?? {},
        bytes: Buffer.byteLength(JSON.stringify(r), 'utf8'),
      };
    },
    close: () => client.close(),
  };
}
