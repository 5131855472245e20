// Fairness family: per-subgroup comparison of any metric's per-instance values.
export * from './fairness/subgroupComparison.js';
