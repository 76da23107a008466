/** `mcp [path…]`: the MCP server, its own bundle beside this one, which reads the arguments. */
import { join } from 'node:path';
import { defineCommand } from '../command';
import { cacheDirOption, limitOption } from '../options';

export const mcp = defineCommand({
  name: 'mcp',
  operands: '[<path>...]',
  summary: 'The read-only MCP server for AI agents over stdio.',
  description:
    'The read-only MCP server for AI agents over stdio (dist/mcp.js; README, AI agents): the paths given, else the client’s roots. It reads its own options (mcp --help).',
  // Declared for the help and the README; dist/mcp.js parses them.
  exitStatus:
    'it serves over stdio until the client disconnects; 0 after --help or --version, 2 on bad usage or a fatal error.',
  options: [cacheDirOption, limitOption],
  passthrough: true,
  args: () => undefined,
  run() {
    process.argv.splice(2, 1);
    // A bundle loaded at run time, so the CLI's bundle stays free of the MCP SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(join(__dirname, 'mcp.js'));
    // It sets its own exit code.
    return Promise.resolve(undefined);
  },
});
