// Subpath entry `@xai/metrics/subgroupComparison`: the implementation is fairness/subgroupComparison.ts.
export * from './fairness/subgroupComparison.js';
