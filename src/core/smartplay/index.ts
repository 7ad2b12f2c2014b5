// The SmartPlay core in one import for the extension, the webview and the CLI.
export * from './agents';
export * from './bandits';
export * from './episodeChecks';
export * from './episodeLog';
export * from './games';
export * from './hanoi';
export * from './history';
export * from './matchAction';
export * from './prompt';
export * from './random';
export * from './replay';
export * from './rps';
export * from './runner';
export * from './scores';
export * from './types';
