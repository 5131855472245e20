// Subpath entry `@xai/metrics/pgu`: the implementation is predictionGap/pgu.ts.
export * from './predictionGap/pgu.js';
