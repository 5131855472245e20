// Whether a graph scales its raw inputs before anything else: a scikit-learn pipeline's Scaler, a
// torch model's (x - mean) / std, a leading BatchNormalization. Such a graph is meant to be fed the
// raw columns.
import type { GraphIndex } from '../graph.js';

/** Ops that, first in the chain, scale the inputs (constant Sub/Div/Mul, Scaler, BatchNormalization). */
const INPUT_SCALING_OPS = new Set(['Scaler', 'Sub', 'Div', 'Mul', 'BatchNormalization']);

/** Ops that change no value's scale (a converter's Cast of the input comes before its Scaler). */
const SHAPE_ONLY_OPS = new Set(['Cast', 'Identity', 'Reshape', 'Flatten']);

/** Ops that only move or pick values of the input (torch's x[:, cols]), followed in a whole graph. */
const MOVING_OPS = new Set([...SHAPE_ONLY_OPS, 'Gather', 'Slice', 'Squeeze', 'Unsqueeze', 'Split', 'Transpose']);

/** The op that scales the inputs first in `ops` (as the importer names them, e.g. `LinearClassifier(LOGISTIC)`), or null. */
export function inputScalingOp(ops: readonly string[]): string | null {
  const first = ops.map((op) => op.replace(/\(.*$/, '')).find((op) => !SHAPE_ONLY_OPS.has(op));
  return first !== undefined && INPUT_SCALING_OPS.has(first) ? first : null;
}

/**
 * The same for any graph: the first op on a path from the input, past ops that only move values,
 * that scales it by a constant (Sub, Div or Mul whose other operand is an initializer or a
 * Constant), a Scaler or a BatchNormalization; null when no path starts so.
 */
export function graphInputScalingOp(g: GraphIndex): string | null {
  const nodes = g.graph.node ?? [];
  const isConstant = (name: string): boolean => g.constants.has(name) || g.producer.get(name)?.opType === 'Constant';
  const seen = new Set<string>();
  const queue = [g.input.name];
  while (queue.length > 0) {
    const value = queue.shift()!;
    if (seen.has(value)) continue;
    seen.add(value);
    for (const n of nodes) {
      const inputs = n.input ?? [];
      const op = n.opType ?? '';
      if (!inputs.includes(value)) continue;
      if (op === 'Scaler' || op === 'BatchNormalization') return op;
      if ((op === 'Sub' || op === 'Div' || op === 'Mul') && inputs.length === 2 && isConstant(inputs[inputs[0] === value ? 1 : 0]!))
        return op;
      // Gather's indices and the like are not the values moved
      if (MOVING_OPS.has(op) && inputs[0] === value) queue.push(...(n.output ?? []));
    }
  }
  return null;
}
