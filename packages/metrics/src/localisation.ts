// Localisation metrics against a known ground truth: `@xai/metrics/localisation`.
export * from './localisation/topKIntersection.js';
export * from './localisation/relevanceRankAccuracy.js';
export * from './localisation/relevanceMassAccuracy.js';
export * from './localisation/localisationAuc.js';
export * from './localisation/pointingGame.js';
export * from './localisation/attributionLocalisation.js';
