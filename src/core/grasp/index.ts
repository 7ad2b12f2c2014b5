// GRASP core: grid files, prompts, answer extraction, simulation and scoring, baselines, generator,
// one-question evaluation and upstream response files.
export * from './types';
export * from './actions';
export * from './codes';
export * from './gridText';
export * from './gridFile';
export * from './settings';
export * from './prompt';
export * from './answers';
export * from './simulator';
export * from './baselines';
export * from './generator';
export * from './evaluation';
export * from './resultsFile';
