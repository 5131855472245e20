// Subpath entry `@xai/metrics/sra`: the implementation is groundTruth/sra.ts.
export * from './groundTruth/sra.js';
