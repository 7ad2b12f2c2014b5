// dist/extension-core.js, the activation bundle (loaded by dist/extension.js): the command table
// and the views that must exist at once. Kept small (test/unit/activation.test.ts checks it): the
// built-ins only by their light declarations, enough to name and list run records; whatever needs
// parsers, zod or the model client is in the bundles below, loaded on first use.
import '../host/declareBuiltIns';

export { activate, deactivate, type LoadTimes, type WaypointApi } from '../extension/extension';
