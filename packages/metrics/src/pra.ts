// Subpath entry `@xai/metrics/pra`: the implementation is groundTruth/pra.ts.
export * from './groundTruth/pra.js';
