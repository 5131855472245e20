// @xai/data/node: everything of the browser-safe root plus what needs Node: data folders,
// the download cache, file reading and writing.
export * from './index.js';
export * from './availableDatasets.js';
export * from './datasetDirs.js';
export * from './datasetStatus.js';
export * from './exportDataset.js';
export * from './loadCsv.js';
export * from './loadDataset.js';
export * from './loadUserDataset.js';
export * from './readFeatureCsv.js';
