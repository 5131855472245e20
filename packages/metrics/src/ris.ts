// Subpath entry `@xai/metrics/ris`: the implementation is stability/ris.ts.
export * from './stability/ris.js';
