// sklearn-onnx writes a binary logistic regression as two rows [−w, w] with biases [−b, b].

/** True when the two rows of an out x in weight (and their biases) are each other's negation. */
export function oppositeRows(weight: ArrayLike<number>, bias: ArrayLike<number>, inDim: number): boolean {
  const close = (a: number, b: number): boolean => Math.abs(a + b) <= 1e-12 * (1 + Math.abs(b));
  if (!close(bias[0] ?? 0, bias[1] ?? 0)) return false;
  for (let j = 0; j < inDim; j++) if (!close(weight[j]!, weight[inDim + j]!)) return false;
  return true;
}
