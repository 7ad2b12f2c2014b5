// The `waypoint` executable (dist/cli.js): picks the bundle that serves the command. The full CLI
// (dist/cli-main.js) is over 2 MB, mostly tokenizer ranks and zod, and compiling it costs about as
// much as Node's own start-up. `mango skeletons` needs none of that and is timed end to end against
// upstream's Python generator (npm run bench), so it has a small bundle of its own.
export {};

/** Commands (first two words, `--debug` aside) served by a small bundle of their own. */
const SMALL_BUNDLES: Readonly<Record<string, string>> = { 'mango skeletons': './cli-skeletons.js' };

const [name, command] = process.argv.slice(2).filter((argument) => argument !== '--debug');
// A plain require of a sibling bundle (left external by esbuild.mjs): it runs its command on load.
require(SMALL_BUNDLES[`${name} ${command}`] ?? './cli-main.js');
