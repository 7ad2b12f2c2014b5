// `waypoint mcp`: Waypoint's agent tools (core/tools) as an MCP server over stdio, with the
// official TypeScript SDK. The low-level Server rather than McpServer.registerTool: tools/list must
// carry exactly the JSON Schemas package.json's languageModelTools declare (one zod schema each,
// core/tools/schemas.ts), and a bad argument must come back as Waypoint's located error, not the
// SDK's own validation message. stdout is the protocol's: nothing else is written there.
import { promises as fs } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: the MCP SDK's own server module, not Waypoint's src/server.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
// biome-ignore lint/style/noRestrictedImports: the MCP SDK's own server module, not Waypoint's src/server.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS, agentToolJsonSchema, callAgentTool, type ToolHost, type ToolResult } from '../core/tools';
import { parseArgs } from './args';
import { version } from '../../package.json';

export const nodeToolHost: ToolHost = { fs };

/** The tools as MCP lists them. */
export function mcpTools(): Tool[] {
  return AGENT_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: agentToolJsonSchema(tool) as Tool['inputSchema'],
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, openWorldHint: false },
  }));
}

export function mcpResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: result.text }],
    ...(result.data ? { structuredContent: { ...result.data } } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}

export function createMcpServer(host: ToolHost = nodeToolHost): Server {
  const server = new Server(
    { name: 'waypoint', title: 'Waypoint', version },
    {
      capabilities: { tools: {} },
      instructions:
        'Waypoint checks, scores and draws spatial-reasoning benchmark items (MANGO, GRASP, LLM-BabyBench, SmartPlay). Paths are relative to the folder the server runs in. list_questions gives the sample ids oracle, score, simulate and render take; explain says what a [code] means.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    mcpResult(await callAgentTool(request.params.name, request.params.arguments ?? {}, host)),
  );
  return server;
}

/** Serves until the client closes stdin. */
export async function runMcp(argv: readonly string[]): Promise<number> {
  parseArgs(argv, [], []);
  const server = createMcpServer();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await closed;
  return 0;
}
