/**
 * package.json's language-model tools (`contributes.languageModelTools`) from the agent core's
 * definitions: each tool's input schema and model description are the ones the MCP server
 * lists, written once in server/src/agent/tools/.
 */
import { agentTools } from '../../server/src/agent/front';

interface LanguageModelTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
}

export function packageWithAgentTools(text: string): string {
  const pkg = JSON.parse(text) as { contributes: { languageModelTools: LanguageModelTool[] } };
  const listed = pkg.contributes.languageModelTools;
  const names = agentTools.map((t) => t.name);
  if (listed.map((t) => t.name).join() !== names.join())
    throw new Error(`package.json's languageModelTools must be, in order: ${names.join(', ')}`);
  for (const [i, t] of agentTools.entries()) {
    const entry = listed[i] as LanguageModelTool;
    entry.modelDescription = t.description;
    entry.inputSchema = t.input;
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
