// Model wrappers for the tests (fixtures, not built).
import type { Matrix, Model } from '@xai/core';

/** Records the row count of every predictProba / logits / hidden call. */
export function countingModel(inner: Model): Model & { calls: { predictProba: number[]; logits: number[]; hidden: number[] } } {
  const calls = { predictProba: [] as number[], logits: [] as number[], hidden: [] as number[] };
  const wrapped: Model = {
    inputDim: inner.inputDim,
    classes: inner.classes,
    predictProba(x: Matrix): Matrix {
      calls.predictProba.push(x.rows);
      return inner.predictProba(x);
    },
  };
  const out = wrapped as Model & { calls: typeof calls };
  if (inner.logits)
    (out as { logits?: Model['logits'] }).logits = (x: Matrix) => {
      calls.logits.push(x.rows);
      return inner.logits!(x);
    };
  if (inner.hidden)
    (out as { hidden?: Model['hidden'] }).hidden = (x, o) => {
      calls.hidden.push(x.rows);
      return inner.hidden!(x, o);
    };
  if (inner.inputGradient) (out as { inputGradient?: Model['inputGradient'] }).inputGradient = (x, t, o) => inner.inputGradient!(x, t, o);
  out.calls = calls;
  return out;
}

/**
 * Returns every output (predictProba, logits, hidden, inputGradient) as a view of ONE shared
 * buffer, overwritten by the next call, as ONNX / WASM bindings may do: a metric that keeps
 * an output across a later model call reads the wrong numbers.
 */
export function reusingModel(inner: Model): Model {
  const shared = new Float64Array(1 << 16);
  const view = (m: Matrix): Matrix => {
    const c = m.cols;
    for (let i = 0; i < m.rows; i++) {
      const o = (m.offset ?? 0) + i * (m.stride ?? c);
      shared.set(m.data.subarray(o, o + c), i * c);
    }
    return { rows: m.rows, cols: c, data: shared.subarray(0, m.rows * c) };
  };
  const out: { -readonly [K in keyof Model]: Model[K] } = {
    inputDim: inner.inputDim,
    classes: inner.classes,
    predictProba: (x: Matrix) => view(inner.predictProba(x)),
  };
  if (inner.logits) out.logits = (x: Matrix) => view(inner.logits!(x));
  if (inner.hidden) out.hidden = (x, o) => view(inner.hidden!(x, o));
  if (inner.inputGradient) out.inputGradient = (x, t, o) => view(inner.inputGradient!(x, t, o));
  return out;
}
