// Prediction-gap family: PGI, PGU, and both in one pass.
export * from './predictionGap/pgi.js';
export * from './predictionGap/pgu.js';
export * from './predictionGap/predictionGapOptions.js';
export * from './predictionGap/predictionGaps.js';
