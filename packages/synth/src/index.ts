// @xai/synth: SynthGauss, synthetic tabular data with known per-instance ground truth.
export * from './clusterCentres.js';
export * from './generateSynthGauss.js';
export * from './loadSynth.js';
export * from './nearestCentre.js';
export * from './regenerate.js';
export * from './resolveSynthGaussParams.js';
export * from './saveSynth.js';
export * from './synthDataset.js';
export * from './synthGaussId.js';
export * from './synthGaussPreset.js';
