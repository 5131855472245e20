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
  /** What the file's settings change about prediction (early stopping, a missing-value sentinel), for `describe()`. @since 0.4.0 */
  readonly notes?: readonly string[];
  /**
   * A cell value the model reads as missing besides NaN: the `missing` of the XGBoost scikit-learn
   * estimator that saved the file (its `scikit_learn` attribute). `predictProba`, `rawScores` and
   * `logits` refuse a row holding it (`refuseMissingValue`): write such cells as NaN. @since 0.4.0
   */
  readonly missingValue?: number;
}
