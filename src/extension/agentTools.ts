// Waypoint's agent tools in VS Code's agent mode: each of package.json's `languageModelTools` is
// registered with vscode.lm.registerTool by its name alone, so activation loads nothing of them;
// the first call loads dist/agentTools.js (the same core/tools `waypoint mcp` serves) and every call
// runs there, its arguments checked by the tool's zod schema. A render that writes a file asks first.
// The MCP server definition provider (contributes.mcpServerDefinitionProviders) is not offered:
// vscode.lm.registerMcpServerDefinitionProvider came after VS Code 1.100, this extension's engine.
import * as vscode from 'vscode';

type AgentToolsBundle = typeof import('../bundles/agentTools');

/** package.json's tool names are `waypoint_<tool>`; the core names the tool without the prefix. */
export const AGENT_TOOL_PREFIX = 'waypoint_';

interface ContributedTool {
  readonly name: string;
}

export function registerAgentTools(context: vscode.ExtensionContext): void {
  // Older hosts, and hosts without language models, have no vscode.lm.registerTool.
  if (typeof vscode.lm?.registerTool !== 'function') return;
  const contributed = (context.extension.packageJSON as { contributes?: { languageModelTools?: ContributedTool[] } })
    .contributes?.languageModelTools;
  let bundle: AgentToolsBundle | undefined;
  const load = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    bundle ??= require(context.asAbsolutePath('dist/agentTools.js')) as AgentToolsBundle;
    return bundle;
  };
  for (const { name } of contributed ?? []) {
    if (!name.startsWith(AGENT_TOOL_PREFIX)) continue;
    const tool = name.slice(AGENT_TOOL_PREFIX.length);
    context.subscriptions.push(
      vscode.lm.registerTool<Record<string, unknown>>(name, {
        prepareInvocation({ input }) {
          if (typeof input.out !== 'string') return { invocationMessage: `Waypoint: ${tool}` };
          return {
            invocationMessage: `Waypoint: ${tool} (writes ${input.out})`,
            confirmationMessages: {
              title: 'Write an SVG file',
              message: `Waypoint's ${tool} tool will write ${input.out}.`,
            },
          };
        },
        async invoke({ input }) {
          const tools = load();
          const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
          const result = await tools.callAgentTool(tool, input, tools.workspaceToolHost(root));
          return new vscode.LanguageModelToolResult([
            new vscode.LanguageModelTextPart(result.isError ? `Error:\n${result.text}` : result.text),
          ]);
        },
      }),
    );
  }
}
