// Subpath entry `@xai/metrics/fa`: the implementation is groundTruth/fa.ts.
export * from './groundTruth/fa.js';
