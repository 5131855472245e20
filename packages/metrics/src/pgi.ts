// Subpath entry `@xai/metrics/pgi`: the implementation is predictionGap/pgi.ts.
export * from './predictionGap/pgi.js';
