// Subpath entry `@xai/metrics/rc`: the implementation is groundTruth/rc.ts.
export * from './groundTruth/rc.js';
