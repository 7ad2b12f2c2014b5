// dist/runFileWorker.js: the worker threads the extension's results view parses large run files in
// (src/host/runFileReader.ts). The CLI's own bundle serves as its worker instead; the extension's
// bundles load `vscode`, which a worker thread does not have. Reading records needs only the
// built-ins' light declarations.
import '../host/declareBuiltIns';
import { runFileWorker } from '../host/runFileReader';

runFileWorker();
