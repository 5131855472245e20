// Subpath entry `@xai/metrics/rrs`: the implementation is stability/rrs.ts.
export * from './stability/rrs.js';
