// Model wrappers for the tests (fixtures, not built).
import type { Matrix, Model } from '@xai/core';

/** Records the row count of every predictProba / logits / hidden call. */
export function countingModel(inner: Model): Model & { calls: { predictProba: number[]; logits: number[]; hidden: number[] } } {
  const calls = { predictProba: [] as number[], logits: [] as number[], hidden: [] as number[] };
  const wrapped: Model = {
    inputDim: inner.inputDim,
    classes: inner.classes,
    predictProba(x: Matrix): Matrix { calls.predictProba.push(x.rows); return inner.predictProba(x); },
  };
  const out = wrapped as Model & { calls: typeof calls };
  if (inner.logits) (out as { logits?: Model['logits'] }).logits = (x: Matrix) => { calls.logits.push(x.rows); return inner.logits!(x); };
  if (inner.hidden) (out as { hidden?: Model['hidden'] }).hidden = (x, o) => { calls.hidden.push(x.rows); return inner.hidden!(x, o); };
  if (inner.inputGradient) (out as { inputGradient?: Model['inputGradient'] }).inputGradient = (x, t, o) => inner.inputGradient!(x, t, o);
  out.calls = calls;
  return out;
}
