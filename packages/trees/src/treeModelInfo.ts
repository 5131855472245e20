/** What a tree model file says about the model, beside its trees. */
export interface TreeModelInfo {
  readonly format: 'xgboost-json' | 'onnx';
  readonly file: string;
  /** What `predictProba` returns. */
  readonly output: 'probabilities' | 'value';
  /** Model outputs (classes, or value columns). */
  readonly classes: number;
  /** The objective (XGBoost) or the operator and its post transform (ONNX). */
  readonly objective: string;
  /** Feature names the file carries (XGBoost's `feature_names`). */
  readonly featureNames?: readonly string[];
  /** Class labels in output order (ONNX `classlabels_*`). */
  readonly classLabels?: readonly string[];
}
