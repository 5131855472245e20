// Robustness metrics that re-explain perturbed inputs: `@xai/metrics/robustness`.
export * from './robustness/maxSensitivity.js';
export * from './robustness/avgSensitivity.js';
export * from './robustness/localLipschitz.js';
export * from './robustness/continuity.js';
export * from './robustness/consistency.js';
