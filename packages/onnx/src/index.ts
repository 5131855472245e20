// @xai/onnx: ONNX models as core Models. The root is browser-safe (onnx-proto only, and
// onnxruntime-web loaded lazily by loadOnnxModelAsync); the synchronous Node runtime
// (loadOnnxModel, ortModel) is in @xai/onnx/node.
export * from './types.js';
export * from './inspectOnnx.js';
export * from './neuralModelToOnnx.js';
export * from './loadOnnxModelAsync.js';
