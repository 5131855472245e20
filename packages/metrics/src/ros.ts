// Subpath entry `@xai/metrics/ros`: the implementation is stability/ros.ts.
export * from './stability/ros.js';
