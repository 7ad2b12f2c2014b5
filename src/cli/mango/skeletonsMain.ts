// Entry of dist/cli-skeletons.js: `waypoint [--debug] mango skeletons ...` as dist/cli-main.js runs
// it (same exit codes and messages), without loading the rest of the CLI (see bin.ts).
import { setFlagsFromString } from 'node:v8';
import { exitQuietlyOnEpipe, runSubcommand } from '../command';
import { runSkeletons } from './skeletons';

/**
 * V8's default: a function is considered for the optimizing compiler after running this many bytes
 * of bytecode (`node --v8-options`, --interrupt-budget).
 */
const DEFAULT_INTERRUPT_BUDGET = 66 * 1024;

const argv = process.argv.slice(2);
exitQuietlyOnEpipe();
// A release game's skeletons take tens of milliseconds, over before TurboFan's code pays for
// itself: it compiled the five hot functions in about 60 ms of CPU on the second core (the DF
// generator alone 23 ms, then deoptimised at its last line), and the process waits for compile jobs
// in flight before it exits. Sixteen times the budget leaves such runs to the interpreter and
// baseline code (about 25 ms less CPU and 10-20 ms less wall time on omniquest) and changes nothing
// measurable on a game whose lines run for seconds, where the hot loops still get optimised within
// milliseconds. Set after every built-in module this command needs is loaded (stdout included, by
// exitQuietlyOnEpipe): changing a flag changes V8's flag hash, and built-ins loaded after that
// compile without their embedded code cache (2 ms more for node:crypto).
// Only on the V8 this was measured on (Node 20's 11.x): later V8 replaced the interrupt budget with
// invocation counts, and an unknown flag is not an exception but two lines on stderr on every run.
if (Number(process.versions.v8.split('.')[0]) === 11)
  setFlagsFromString(`--interrupt-budget=${16 * DEFAULT_INTERRUPT_BUDGET}`);
// bin.ts sends only `mango skeletons ...` here: drop those two words.
runSubcommand(
  'mango',
  (args, _out, err) => runSkeletons(args, err),
  argv.filter((argument) => argument !== '--debug').slice(2),
  argv.includes('--debug'),
).then((code) => {
  process.exitCode = code;
  // Every line handed to the OS (stdout on a file, or on a pipe on Linux, is written synchronously;
  // this checks rather than assumes): exit now instead of tearing the heap down first, 3-5 ms of a run.
  // Failures (code 1, 2) take the ordinary way out, after their stderr line.
  if (code === 0 && process.stdout.writableLength === 0) process.exit(code);
});
