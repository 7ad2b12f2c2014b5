// dist/extension.js, package.json's "main": times loading dist/extension-core.js (the activation
// bundle) as VS Code's Running Extensions view counts activation, then hands activate() on.
export { activate, deactivate } from '../extension/timedLoad';
