// @xai/onnx/node: the Node runtime (onnxruntime-node's synchronous native session).
export * from './index.js';
export * from './externalData.js';
export * from './loadOnnxModel.js';
export * from './ortModel.js';
