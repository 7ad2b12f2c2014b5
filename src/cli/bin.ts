// The `waypoint` executable (dist/cli.js): picks the bundle that serves the command. The full CLI
// (dist/cli-main.js) is over 2 MB, mostly tokenizer ranks and zod, and compiling it costs about as
// much as Node's own start-up. `mango skeletons` needs none of that and is timed end to end against
// upstream's Python generator (npm run bench), so it has a small bundle of its own.
export {};

const [name, command] = process.argv.slice(2).filter((argument) => argument !== '--debug');
// Plain requires of sibling bundles, left external by esbuild.mjs: each one runs its command on load.
if (name === 'mango' && command === 'skeletons') require('./cli-skeletons.js');
else require('./cli-main.js');
