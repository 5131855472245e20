// Subpath entry `@xai/metrics/predictionGaps`: the implementation is predictionGap/predictionGaps.ts.
export * from './predictionGap/predictionGaps.js';
