// @xai/models: OpenXAI's LR and ANN (any dense stack) with a hand-written backward pass,
// training, model JSON text (read/write) and adapters for anyone's model. Browser-safe:
// file I/O (saveModel, loadModel) lives in `@xai/models/node`.
export * from './denseLayer.js';
export * from './neuralModel.js';
export * from './createMlp.js';
export * from './createAnn.js';
export * from './createLogisticRegression.js';
export * from './lossGradients.js';
export * from './preset.js';
export * from './trainModel.js';
export * from './trainingPreset.js';
export * from './modelJson.js';
export * from './toModelJson.js';
export * from './fromModelJson.js';
export * from './formatModelJson.js';
export * from './parseModelJson.js';
export * from './checkPreprocessing.js';
export * from './modelPerformance.js';
export * from './modelSanity.js';
export * from './withPreprocessing.js';
export * from './withPrecision.js';
export * from './linearGroundTruth.js';
export * from './functionModel.js';
