// Randomisation sanity checks: `@xai/metrics/randomisation`.
export * from './randomisation/modelParameterRandomisation.js';
export * from './randomisation/randomLogit.js';
