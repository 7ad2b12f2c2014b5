// dist/cli-mcp.js: `waypoint mcp`, the agent tools as an MCP server over stdio, run by dist/cli.js
// without loading the rest of the CLI. The tools read, score and draw every built-in benchmark:
// registered here.
import '../core/benchmarks';
import '../cli/mcpMain';
