/**
 * The MCP server: its name, its instructions to the agent and its tools, over one session.
 * Roots come from the paths given at start, else from the client (`roots/list`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Limits } from '../limits';
import { version } from '../version';
import { clientRoots, givenRoots } from './clientRoots';
import { dataNotice, Session } from '../agent/front';
import { registerResources } from './resources';
import { registerTools } from './tool';

const instructions = `Must-Gather Inspector reads OpenShift must-gathers (cluster YAML and logs, read-only and offline) and says where a cluster update stands and why it is stuck. Start with mustgather_list (the must-gathers and their ids), then mustgather_status (the update assessment) and mustgather_causes; follow a cause's findings with mustgather_explain, and check evidence with mustgather_get, mustgather_events, mustgather_logs and mustgather_timeline. mustgather_diff_configs compares two rendered MachineConfigs; mustgather_recommend says whether and to what it is safe to update. Only files inside the must-gathers are read. ${dataNotice}`;

export interface ServerOptions {
  /** Roots given at start; none: the client's roots. */
  paths: readonly string[];
  cacheDir: string;
  limits: Limits;
  log: (m: string) => void;
}

export function createServer(o: ServerOptions): McpServer {
  const server = new McpServer({ name: 'must-gather-inspector', version }, { instructions });
  const source =
    o.paths.length > 0
      ? givenRoots(o.paths)
      : // The client's roots changed: the next call looks at the new ones.
        clientRoots(server.server, () => session.reset(), o.log);
  const session = new Session(source, o);
  registerTools(server, session, o.log);
  registerResources(server, session);
  return server;
}
