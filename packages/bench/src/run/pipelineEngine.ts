// The real benchmark engine, the module `runBench` loads by URL: @xai/data / @xai/synth for data,
// @xai/models for LR and ANN, @xai/explainers, @xai/metrics, and @xai/audit's floor and null
// controls. `prepare` runs once in the main thread; `createUnitRunner` in every worker thread.
export { prepare } from './prepareRun.js';
export { createUnitRunner } from './unitRunner.js';
export type { GroundTruthSource } from './pipelinePayload.js';
export { buildExplainer, describeConfig, groundTruthSource } from './pipelinePayload.js';
