// Faithfulness metrics beyond OpenXAI: `@xai/metrics/faithfulness`.
export * from './faithfulness/infidelity.js';
export * from './faithfulness/faithfulnessCorrelation.js';
export * from './faithfulness/monotonicityCorrelation.js';
export * from './faithfulness/deletion.js';
export * from './faithfulness/insertion.js';
export * from './faithfulness/road.js';
export * from './faithfulness/monotonicityArya.js';
export * from './faithfulness/faithfulnessEstimate.js';
export * from './faithfulness/pixelFlipping.js';
export * from './faithfulness/regionPerturbation.js';
export * from './faithfulness/selectivity.js';
export * from './faithfulness/sensitivityN.js';
export * from './faithfulness/sufficiency.js';
