// Subpath entry `@xai/metrics/relativeStability`: the implementation is stability/relativeStability.ts.
export * from './stability/relativeStability.js';
