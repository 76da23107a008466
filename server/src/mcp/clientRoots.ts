/**
 * Roots from the client (MCP `roots/list`), when the server was started without paths: each
 * `file:` root is a folder or archive to search, asked for again after the client says its roots
 * changed. A client that offers no roots leaves the server without any, and every tool says how
 * to give one.
 */
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RootSource } from '../agent/front';

const noRoots =
  'start the server with must-gather paths (`node dist/mcp.js <path>…`), or use a client that offers roots (MCP roots/list) holding a must-gather or an archive of one';

/** Roots given at start: fixed for the server's life. */
export function givenRoots(paths: readonly string[]): RootSource {
  return {
    paths: async () => [...paths],
    howToGive:
      'the paths the server was started with hold none; give it a must-gather, a folder holding some, or an archive of one',
  };
}

/**
 * The client's roots. `changed` runs when the client says its roots changed, so that the
 * session forgets the old ones.
 */
export function clientRoots(
  server: Server,
  changed: () => void,
  log: (m: string) => void,
): RootSource {
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => changed());
  return {
    howToGive: noRoots,
    async paths() {
      if (!server.getClientCapabilities()?.roots) return [];
      const { roots } = await server.listRoots();
      const paths: string[] = [];
      for (const r of roots) {
        if (!r.uri.startsWith('file:')) {
          log(`root ${r.uri} is not a file: URI; not read`);
          continue;
        }
        paths.push(fileURLToPath(r.uri));
      }
      return paths;
    },
  };
}
