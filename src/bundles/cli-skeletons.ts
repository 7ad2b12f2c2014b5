// dist/cli-skeletons.js: `waypoint mango skeletons`, run by dist/cli.js without loading the rest of
// the CLI. It reads game files directly and asks no registry, so it registers no benchmark.
import '../cli/mango/skeletonsMain';
