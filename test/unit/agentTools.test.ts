// The agent tools as VS Code's agent mode gets them: package.json's languageModelTools must be
// exactly core/tools' table (names with the `waypoint_` prefix the extension strips, the same
// descriptions, the JSON Schema of the same zod schema), since the extension registers them by
// package.json's names and runs them with core's schemas. And the extension's file system resolves
// relative paths from the workspace folder, not from the extension host's cwd.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import '../../src/core/benchmarks';
import { AGENT_TOOLS, agentToolJsonSchema, callAgentTool } from '../../src/core/tools';
import { documentedCodes } from '../../src/core/tools/explain';
import { workspaceToolHost } from '../../src/extension/agentToolHost';
import { repoRoot } from '../support/paths';

interface ContributedTool {
  name: string;
  toolReferenceName?: string;
  displayName: string;
  modelDescription: string;
  inputSchema: Record<string, unknown>;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  contributes: { languageModelTools: ContributedTool[] };
};
const contributed = manifest.contributes.languageModelTools;

describe('agent tools: package.json languageModelTools and the core table', () => {
  it('contributes each core tool once, as waypoint_<name>, in the same order', () => {
    assert.deepEqual(
      contributed.map((tool) => tool.name),
      AGENT_TOOLS.map((tool) => `waypoint_${tool.name}`),
    );
    for (const tool of contributed) assert.equal(tool.toolReferenceName, tool.name);
  });

  it('declares the JSON Schema of each tool’s zod schema and its description', () => {
    for (const tool of AGENT_TOOLS) {
      const entry = contributed.find((candidate) => candidate.name === `waypoint_${tool.name}`);
      assert.ok(entry, tool.name);
      assert.deepEqual(entry.inputSchema, agentToolJsonSchema(tool), `${tool.name}: inputSchema differs from core`);
      assert.equal(entry.modelDescription, tool.description, tool.name);
      assert.equal(entry.inputSchema.type, 'object');
      assert.equal(entry.inputSchema.additionalProperties, false, `${tool.name}: unknown arguments are refused`);
    }
  });

  it('marks only render as writing (and only with out)', () => {
    assert.deepEqual(
      AGENT_TOOLS.filter((tool) => !tool.readOnly).map((tool) => tool.name),
      ['render'],
    );
    const render = AGENT_TOOLS.find((tool) => tool.name === 'render');
    assert.ok(render && 'out' in (agentToolJsonSchema(render).properties as object));
  });

  it('resolves relative paths from the workspace folder', async () => {
    const host = workspaceToolHost(join(repoRoot, 'samples'));
    const result = await callAgentTool('validate', { path: 'babyai/goto-red-ball.level.json' }, host);
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /^1 file validated: 0 errors/m);
  });

  it('explains the codes of docs/diagnostics.md’s tables, prose and answer lists', () => {
    const codes = documentedCodes();
    assert.equal(codes.get('walkthrough/act-empty')?.severity, 'information');
    assert.equal(codes.get('grasp/obstacle-mismatch')?.severity, 'error / warning');
    assert.match(codes.get('mango/skeleton-path')?.meaning ?? '', /^Skeleton files add/);
    assert.match(codes.get('babyai-answer/wrong-state')?.meaning ?? '', /^BabyAI:/);
    assert.ok(codes.has('answer/wrong-destination'));
    assert.ok(codes.has('grasp-results/cut-off'));
  });
});
