// dist/agentTools.js: the agent tools (core/tools) for VS Code's agent mode, loaded on the first
// tool call (src/extension/agentTools.ts), never at activation. They validate, score and draw every
// built-in benchmark: registered here.
import '../core/benchmarks';

export { callAgentTool } from '../core/tools';
export { workspaceToolHost } from '../extension/agentToolHost';
