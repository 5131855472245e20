// Subpath entry `@xai/metrics/predictionGapOptions`: the implementation is predictionGap/predictionGapOptions.ts.
export * from './predictionGap/predictionGapOptions.js';
