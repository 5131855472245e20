// @xai/synth: SynthGauss, synthetic tabular data with known per-instance ground truth.
// Browser-safe: nothing here imports a Node built-in; saving, loading and looking up saved
// folders live in `@xai/synth/node` (src/node.ts), which re-exports all of this.
export * from './clusterCentres.js';
export * from './generateSynthGauss.js';
export * from './nearestCentre.js';
export * from './regenerate.js';
export * from './resolveSynthGaussParams.js';
export * from './synthDataset.js';
export * from './synthGaussId.js';
export * from './synthGaussPreset.js';
