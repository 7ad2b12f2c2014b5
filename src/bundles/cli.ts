// dist/cli.js, package.json's "bin": the `waypoint` launcher, which runs the bundle that serves the
// command (cli-main, or a small one of its own for a command timed against upstream).
import '../cli/bin';
