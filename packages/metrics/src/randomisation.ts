// Randomisation sanity checks: `@xai/metrics/randomisation`.
export * from './randomisation/modelParameterRandomisation.js';
export * from './randomisation/randomLogit.js';
export * from './randomisation/efficientMprt.js';
export * from './randomisation/smoothMprt.js';
