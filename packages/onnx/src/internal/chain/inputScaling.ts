// Whether an imported chain scales its raw inputs before its first layer: a scikit-learn
// pipeline's Scaler, a torch model's (x - mean) / std, a leading BatchNormalization. Such a graph
// is meant to be fed the raw columns.

/** Ops that, first in the chain, scale the inputs (constant Sub/Div/Mul, Scaler, BatchNormalization). */
const INPUT_SCALING_OPS = new Set(['Scaler', 'Sub', 'Div', 'Mul', 'BatchNormalization']);

/** Ops that change no value's scale (a converter's Cast of the input comes before its Scaler). */
const SHAPE_ONLY_OPS = new Set(['Cast', 'Identity', 'Reshape', 'Flatten']);

/** The op that scales the inputs first in `ops` (as the importer names them, e.g. `LinearClassifier(LOGISTIC)`), or null. */
export function inputScalingOp(ops: readonly string[]): string | null {
  const first = ops.map((op) => op.replace(/\(.*$/, '')).find((op) => !SHAPE_ONLY_OPS.has(op));
  return first !== undefined && INPUT_SCALING_OPS.has(first) ? first : null;
}
