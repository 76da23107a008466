/**
 * The must-gather tools for the editor's own agent: language-model tools (`vscode.lm`) answered
 * by the language server from this window's analyses (`mustGatherInspector/agentTool`), and,
 * where the editor offers MCP servers (VS Code 1.101+), the full MCP server (`dist/mcp.js`) on
 * the window's folders. Both read only; both say must-gather text is data.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AgentToolRequest } from '../../server/src/protocol/messages';

/** The tools `package.json` contributes (`contributes.languageModelTools`), and what each does. */
const tools: Record<string, string> = {
  mustgather_list: 'Listing the must-gathers',
  mustgather_status: 'Reading where the update stands',
  mustgather_causes: 'Reading what holds the update back',
  mustgather_findings: 'Reading the findings',
  mustgather_recommend: 'Reading whether it is safe to update',
  mustgather_explain: 'Reading a finding and its evidence',
  mustgather_timeline: 'Reading what happened when',
  mustgather_get: 'Reading an object',
  mustgather_events: 'Reading the events about an object',
  mustgather_diff_configs: 'Comparing two MachineConfigs',
  mustgather_logs: 'Searching a log',
};

export function registerAgentTools(client: LanguageClient): vscode.Disposable[] {
  return Object.entries(tools).map(([name, doing]) =>
    vscode.lm.registerTool<object>(name, {
      prepareInvocation: () => ({ invocationMessage: `${doing}…` }),
      async invoke(options, token) {
        const r = await client.sendRequest(AgentToolRequest, { name, input: options.input }, token);
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(r.text)]);
      },
    }),
  );
}

/** The MCP parts of the API, which VS Code 1.100 (our floor) does not have. */
interface McpApi {
  registerMcpServerDefinitionProvider?: (
    id: string,
    provider: { provideMcpServerDefinitions(): unknown[] },
  ) => vscode.Disposable;
}
type StdioDefinition = new (label: string, command: string, args: string[]) => unknown;

/**
 * Offers `dist/mcp.js` on the window's folders, where the editor takes MCP servers. VS Code 1.100
 * has the API only as a proposal, which throws for an extension that did not enable it: then
 * the language-model tools are all the agent gets.
 */
export function offerMcpServer(
  extensionPath: string,
  log: vscode.LogOutputChannel,
): vscode.Disposable | undefined {
  const lm = vscode.lm as typeof vscode.lm & McpApi;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinition })
    .McpStdioServerDefinition;
  if (!lm.registerMcpServerDefinitionProvider || !Definition) return undefined;
  const script = path.join(extensionPath, 'dist', 'mcp.js');
  try {
    return lm.registerMcpServerDefinitionProvider('mustGatherInspector.mcp', {
      provideMcpServerDefinitions: () => [
        new Definition('Must-Gather Inspector', process.execPath, [
          script,
          ...(vscode.workspace.workspaceFolders ?? [])
            .filter((f) => f.uri.scheme === 'file')
            .map((f) => f.uri.fsPath),
        ]),
      ],
    });
  } catch (err) {
    log.info(`the MCP server is not offered to this editor: ${String(err)}`);
    return undefined;
  }
}
