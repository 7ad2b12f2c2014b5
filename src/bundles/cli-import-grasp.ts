// dist/cli-import-grasp.js: `waypoint import grasp` and its scoring workers, run by dist/cli.js
// without loading the rest of the CLI. Writing run records needs only the built-ins' light declarations.
import '../host/declareBuiltIns';
import '../cli/grasp/importMain';
