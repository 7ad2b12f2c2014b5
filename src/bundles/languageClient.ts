// dist/languageClient.js: the language client library, most of the extension's code, loaded when
// the client first starts, right after activate() has returned.
export { createLanguageClient } from '../extension/client';
