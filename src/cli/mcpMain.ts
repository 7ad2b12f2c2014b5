// dist/cli-mcp.js (entry src/bundles/cli-mcp.ts), run on load: `waypoint [--debug] mcp`, sent here
// by bin.ts so that the MCP SDK is compiled only by the command that serves it, never by the others.
import { runSubcommand } from './command';
import { runMcp } from './mcp';

const argv = process.argv.slice(2).filter((argument) => argument !== '--debug');
// bin.ts sends only `mcp ...` here: drop that word.
runSubcommand('mcp', runMcp, argv.slice(1), process.argv.includes('--debug')).then((code) => {
  process.exitCode = code;
});
