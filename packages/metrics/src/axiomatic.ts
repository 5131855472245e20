// Axiomatic metrics: `@xai/metrics/axiomatic`.
export * from './axiomatic/completeness.js';
export * from './axiomatic/nonSensitivity.js';
export * from './axiomatic/inputInvariance.js';
