// Subpath entry `@xai/metrics/ra`: the implementation is groundTruth/ra.ts.
export * from './groundTruth/ra.js';
