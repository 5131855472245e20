// @xai/metrics: the eleven OpenXAI metrics plus subgroup fairness. Each metric is also its
// own subpath (`@xai/metrics/pgi`), and each family has one (`@xai/metrics/stability`).
export * from './fairness/subgroupComparison.js';
export * from './groundTruth.js';
export * from './metricIds.js';
export * from './metricEntry.js';
export * from './metricInfo.js';
export * from './metricCatalogue.js';
export * from './metricSummary.js';
export * from './metrics.js';
export * from './predictionGap.js';
export * from './preset.js';
export * from './stability.js';
// Beyond OpenXAI: Quantus/Captum-style families, one subpath each.
export * from './extendedMetrics.js';
export * from './faithfulness.js';
export * from './robustness.js';
export * from './complexity.js';
export * from './randomisation.js';
export * from './axiomatic.js';
export * from './localisation.js';
export * from './agreement/kendallTau.js';
export * from './openxaiFeatureSchema.js';
export * from './featureScaleMetrics.js';
export * from './evaluateAsync.js';
