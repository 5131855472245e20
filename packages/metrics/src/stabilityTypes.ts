// Subpath entry `@xai/metrics/stabilityTypes`: the implementation is stability/stabilityTypes.ts.
export * from './stability/stabilityTypes.js';
