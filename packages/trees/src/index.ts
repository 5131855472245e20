// @xai/trees: tree ensembles (XGBoost JSON, ONNX TreeEnsemble) as core Models, in pure TypeScript.
export * from './treeModelInfo.js';
export * from './readXgboostJson.js';
export * from './readOnnxTrees.js';
export * from './rawScores.js';
export * from './transform.js';
export * from './treeModel.js';
export * from './treeModelFromBytes.js';
export { VERSION } from './version.js';
