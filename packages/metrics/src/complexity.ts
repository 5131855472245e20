// Complexity metrics of the attributions alone: `@xai/metrics/complexity`.
export * from './complexity/sparseness.js';
export * from './complexity/complexity.js';
export * from './complexity/effectiveComplexity.js';
