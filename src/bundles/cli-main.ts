// dist/cli-main.js: the full `waypoint` CLI, run by dist/cli.js (and its worker threads). Every
// command reads, names or runs the built-in benchmarks: registered here once, for all of them.
import '../core/benchmarks';
import '../cli/cli';
