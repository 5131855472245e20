// Rank agreement beyond OpenXAI's RC/PRA: `@xai/metrics/agreement`.
export * from './agreement/kendallTau.js';
