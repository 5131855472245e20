// Subpath entry `@xai/metrics/sa`: the implementation is groundTruth/sa.ts.
export * from './groundTruth/sa.js';
