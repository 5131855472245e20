// Prediction-gap family: PGI, PGU, and both in one pass.
export * from './pgi.js';
export * from './pgu.js';
export * from './predictionGapOptions.js';
export * from './predictionGaps.js';
