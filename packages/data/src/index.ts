// @xai/data: the OpenXAI dataset registry, safe CSV loading, scaling and splits.
export * from './availableDatasets.js';
export * from './benchmarkInstances.js';
export * from './checkTestOrder.js';
export * from './datasetDirs.js';
export * from './datasetInfo.js';
export * from './datasetRegistry.js';
export * from './inferFeatureKinds.js';
export * from './listDatasets.js';
export * from './loadCsv.js';
export * from './loadDataset.js';
export * from './loadedDataset.js';
export * from './minMaxScaler.js';
export * from './parseCsv.js';
export * from './preset.js';
export * from './readFeatureCsv.js';
export * from './stratifiedSplit.js';
export * from './summarizeDataset.js';
export type { CsvDelimiter } from './internal/csvTable.js';
