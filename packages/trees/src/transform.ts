// The post transforms of tree ensembles, applied to one row of raw scores as ONNX Runtime does.
import type { TreeEnsemble } from '@xai/core';

const logistic = (v: number): number => {
  const e = 1 / (1 + Math.exp(-Math.abs(v)));
  return v < 0 ? 1 - e : e;
};

// ONNX Runtime's ErfInv approximation, so PROBIT outputs match its own.
function erfInv(x: number): number {
  const sgn = x < 0 ? -1 : 1;
  const y = (1 - x) * (1 + x);
  const log = Math.log(y);
  const v = 2 / (Math.PI * 0.147) + 0.5 * log;
  const v2 = (1 / 0.147) * log;
  return sgn * Math.sqrt(-v + Math.sqrt(v * v - v2));
}
const probit = (v: number): number => Math.SQRT2 * erfInv(2 * v - 1);

/**
 * Writes the model outputs of one row: `scores` (the ensemble's columns) → `out` (one per class
 * score of `classScores`). One raw score for two classes: [1 − s, s] (identity) or [σ(−s), σ(s)].
 * @since 0.1.0
 */
export function applyTransform(e: TreeEnsemble, scores: Float64Array, so: number, out: Float64Array, oo: number): void {
  const C = e.columns;
  if (C === 1 && e.classScores.length === 2) {
    const s = scores[so]!;
    const p = e.transform === 'logistic' ? logistic(s) : s;
    out[oo] = e.transform === 'logistic' ? logistic(-s) : 1 - p;
    out[oo + 1] = p;
    return;
  }
  switch (e.transform) {
    case 'logistic':
      for (let c = 0; c < C; c++) out[oo + c] = logistic(scores[so + c]!);
      return;
    case 'probit':
      for (let c = 0; c < C; c++) out[oo + c] = probit(scores[so + c]!);
      return;
    case 'softmax':
    case 'softmax_zero': {
      let max = -Infinity;
      for (let c = 0; c < C; c++) max = Math.max(max, scores[so + c]!);
      let sum = 0;
      for (let c = 0; c < C; c++) {
        const v = scores[so + c]!;
        // SOFTMAX_ZERO leaves an exact zero score at zero weight (ONNX Runtime's rule, |v| ≤ 1e-7)
        const ev = e.transform === 'softmax_zero' && Math.abs(v) <= 1e-7 ? v * Math.exp(-max) : Math.exp(v - max);
        out[oo + c] = ev;
        sum += ev;
      }
      for (let c = 0; c < C; c++) out[oo + c] = out[oo + c]! / sum;
      return;
    }
    default:
      for (let c = 0; c < C; c++) out[oo + c] = scores[so + c]!;
  }
}
