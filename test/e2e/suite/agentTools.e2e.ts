// Waypoint's agent tools in VS Code's agent mode (issue 31): the packaged extension registers every
// `languageModelTools` entry with vscode.lm, and a tool called as agent mode calls it (lm.invokeTool)
// answers from the workspace's first folder: validate gives the broken sample's located problems,
// and a bad argument comes back as a located error, not an exception.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'waypoint-bench.waypoint';

/** The text parts of a tool result. */
function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const source = new vscode.CancellationTokenSource();
  try {
    return textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, source.token));
  } finally {
    source.dispose();
  }
}

export function defineAgentToolTests(): void {
  describe('agent tools (languageModelTools)', () => {
    it('registers every tool package.json declares', () => {
      // The VS Code the e2e runs (code-server 4.139) has language-model tools; an older host would not.
      assert.equal(typeof vscode.lm?.invokeTool, 'function', 'this VS Code has vscode.lm.invokeTool');
      const declared = (
        vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
          contributes: { languageModelTools: Array<{ name: string }> };
        }
      ).contributes.languageModelTools.map((tool) => tool.name);
      assert.ok(declared.length >= 7, declared.join(', '));
      const registered = new Set(vscode.lm.tools.map((tool) => tool.name));
      for (const name of declared) assert.ok(registered.has(name), `${name} is registered`);
    });

    it('validate answers with the broken sample’s located problems; a missing file is a located error', async () => {
      const text = await invoke('waypoint_validate', { path: 'mango/broken/lighthouse-typos.walkthrough' });
      assert.match(text, /lighthouse-typos\.walkthrough:\d+:\d+: error .+ \[[a-z-]+\/[a-z-]+\]/);
      const missing = await invoke('waypoint_validate', { path: 'mango/no-such-file.walkthrough' });
      assert.match(missing, /^Error:\n.*no-such-file\.walkthrough:1:1: error .*\[file\/unreadable\]/s);
    });
  });
}
