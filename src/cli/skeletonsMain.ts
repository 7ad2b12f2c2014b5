// Entry of dist/cli-skeletons.js: `waypoint [--debug] mango skeletons ...` as dist/cli-main.js runs
// it (same exit codes and messages), without loading the rest of the CLI (see bin.ts).
import { exitQuietlyOnEpipe, runSubcommand } from './command';
import { runSkeletons } from './mangoSkeletons';

const argv = process.argv.slice(2);
exitQuietlyOnEpipe();
// bin.ts sends only `mango skeletons ...` here: drop those two words.
runSubcommand('mango', (args, _out, err) => runSkeletons(args, err), argv.filter((argument) => argument !== '--debug').slice(2), argv.includes('--debug')).then((code) => {
  process.exitCode = code;
});
