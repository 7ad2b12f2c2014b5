// dist/server.js: the language server process the language client starts (over IPC). It validates
// every kind of file, so it needs the built-ins' full definitions; loading src/server/server.ts
// wires the features to the connection and starts listening.
import '../core/benchmarks';
import '../server/server';
