// Waypoint's agent tools, one table for every host: the MCP server (`waypoint mcp`,
// src/cli/mcp.ts) lists and calls them, the extension registers them for VS Code's agent mode
// (package.json `languageModelTools`, src/extension/agentTools.ts). Each call's arguments are
// checked against the tool's zod schema first; a bad argument is a located error
// (`arguments.<name>:1:1: error ... [tool/bad-argument]`), as is anything that fails inside.
import type * as z from 'zod/mini';
import { explainTool } from './explain';
import type { ToolHost } from './host';
import { listQuestionsTool, oracleTool, scoreTool, simulateTool } from './questions';
import { renderTool } from './render';
import { argumentError, atStart, locatedError, type ToolResult } from './result';
import {
  explainInput,
  listQuestionsInput,
  oracleInput,
  renderInput,
  scoreInput,
  simulateInput,
  toolInputJsonSchema,
  validateInput,
} from './schemas';
import { validateTool } from './validate';

export type { ToolHost, ToolFileSystem } from './host';
export type { ToolResult } from './result';

export interface AgentTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: z.ZodMiniType;
  /** Only `render` writes, and only to a path given in `out`. */
  readonly readOnly: boolean;
  run(input: never, host: ToolHost): Promise<ToolResult> | ToolResult;
}

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: 'validate',
    title: 'Validate benchmark files',
    description:
      'Check a Waypoint benchmark file, MANGO game folder or folder (path), or a file text of a given kind (text, kind), with the exact rules of `waypoint validate`. Answers one `file:line:col: severity message [code]` line per problem and a summary.',
    input: validateInput,
    readOnly: true,
    run: validateTool,
  },
  {
    name: 'explain',
    title: 'Explain a diagnostic code',
    description: 'What a Waypoint diagnostic code (the [code] of a validate or score line) means, and its severity.',
    input: explainInput,
    readOnly: true,
    run: explainTool,
  },
  {
    name: 'list_questions',
    title: 'List benchmark questions',
    description:
      'The questions a benchmark asks of some sources (as `waypoint run` builds them): sample id and label, paged with offset and limit.',
    input: listQuestionsInput,
    readOnly: true,
    run: listQuestionsTool,
  },
  {
    name: 'oracle',
    title: 'Oracle answer',
    description:
      "The built-in oracle's answer to one question (a MANGO route, a BabyAI plan, a GRASP action list, a SmartPlay solver's episode), with its scores: also the answer format a reply must follow.",
    input: oracleInput,
    readOnly: true,
    run: oracleTool,
  },
  {
    name: 'score',
    title: 'Score an answer',
    description:
      "Score a reply to one question with the benchmark's scoring (the mode is named in the result), with diagnostics located on the reply as `answer:line:col`.",
    input: scoreInput,
    readOnly: true,
    run: scoreTool,
  },
  {
    name: 'simulate',
    title: 'Simulate actions',
    description:
      "Step an answer (or, for episodes, one action a turn) through the question's maze, grid, level or game: the scores and every state it walks through.",
    input: simulateInput,
    readOnly: true,
    run: simulateTool,
  },
  {
    name: 'render',
    title: 'Render a maze or board as SVG',
    description:
      "Draw a MANGO game's maze, a board file's scene (BabyAI level, GRASP grid, SmartPlay episode) or the state an answer reaches, as an SVG document. Writes a file only when `out` names one.",
    input: renderInput,
    readOnly: false,
    run: renderTool,
  },
];

export function findAgentTool(name: string): AgentTool | null {
  return AGENT_TOOLS.find((tool) => tool.name === name) ?? null;
}

/** The JSON Schema of a tool's input: what MCP's tools/list and package.json's languageModelTools declare. */
export function agentToolJsonSchema(tool: AgentTool): Record<string, unknown> {
  return toolInputJsonSchema(tool.input);
}

/** Runs a tool on unchecked arguments: checked against its schema, failures answered as located errors. */
export async function callAgentTool(name: string, args: unknown, host: ToolHost): Promise<ToolResult> {
  const tool = findAgentTool(name);
  if (!tool)
    return argumentError(
      'name',
      `unknown tool '${name}' (tools: ${AGENT_TOOLS.map((known) => known.name).join(', ')})`,
      'tool/unknown-tool',
    );
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const at = issue.path.length > 0 ? issue.path.join('.') : '';
      const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
      return atStart(
        'tool/bad-argument',
        `${at ? `${at}: ` : ''}${issue.message}${keys && !issue.message.includes(keys) ? ` (${keys})` : ''}`,
      );
    });
    return locatedError('arguments', issues);
  }
  try {
    return await tool.run(parsed.data as never, host);
  } catch (error) {
    return locatedError('waypoint', [
      atStart('waypoint/internal', error instanceof Error ? error.message : String(error)),
    ]);
  }
}
