// @xai/data: the OpenXAI dataset registry, safe CSV parsing, scaling and splits.
// Browser-safe: nothing here (or below) imports a Node built-in. Files, the download cache
// and the data folders live in `@xai/data/node` (src/node.ts), which re-exports all of this.
export * from './applyPreprocessing.js';
export * from './benchmarkInstances.js';
export * from './checkTestOrder.js';
export * from './datasetInfo.js';
export * from './datasetPreprocessing.js';
export * from './datasetRegistry.js';
export * from './fetchDataset.js';
export * from './inferFeatureKinds.js';
export * from './listDatasets.js';
export * from './loadedDataset.js';
export * from './looksUnscaled.js';
export * from './minMaxScaler.js';
export * from './parseCsv.js';
export * from './parseDataset.js';
export * from './parseFeatureCsv.js';
export * from './observedValues.js';
export * from './parseUserDataset.js';
export * from './preset.js';
export * from './readCsvRecords.js';
export * from './stratifiedSplit.js';
export * from './summarizeDataset.js';
export * from './userSchema.js';
export type { CsvDelimiter } from './internal/csvTable.js';
export type { DatasetProcessingOptions } from './internal/assembleDataset.js';
export { LOAD_DATASET_DEFAULTS } from './internal/assembleDataset.js';
