// Subpath entry `@xai/metrics/agreementOptions`: the implementation is groundTruth/agreementOptions.ts.
export * from './groundTruth/agreementOptions.js';
