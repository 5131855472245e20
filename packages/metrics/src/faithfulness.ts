// Faithfulness metrics beyond OpenXAI (issue 14): `@xai/metrics/faithfulness`.
export * from './faithfulness/infidelity.js';
export * from './faithfulness/faithfulnessCorrelation.js';
export * from './faithfulness/monotonicityCorrelation.js';
export * from './faithfulness/deletion.js';
export * from './faithfulness/insertion.js';
export * from './faithfulness/road.js';
