// Small explainers for the tests (fixtures, not built).
import { argmaxRows, hashFloat64, row, substream } from '@xai/core';
import type { ExplainOptions, Explainer, Matrix, Model } from '@xai/core';

/** Vanilla gradient of the target class probability (predicted class by default). */
export function gradientExplainer(): Explainer {
  return {
    id: 'grad',
    explain(model: Model, x: Matrix, options: ExplainOptions = {}): Matrix {
      const targets = options.targets ?? argmaxRows(model.predictProba(x));
      return model.inputGradient!(x, targets, { output: 'probability' });
    },
  };
}

/** The same vector for every row. */
export function constantExplainer(values: ArrayLike<number>): Explainer {
  const v = Float64Array.from(values);
  return {
    id: 'constant',
    explain(_model: Model, x: Matrix): Matrix {
      const out = new Float64Array(x.rows * v.length);
      for (let i = 0; i < x.rows; i++) out.set(v, i * v.length);
      return { rows: x.rows, cols: v.length, data: out };
    },
  };
}

/** Gradient plus N(0, std^2) noise drawn from a sub-stream keyed by the row's key. */
export function noisyGradientExplainer(std: number, seed = 0): Explainer {
  const grad = gradientExplainer();
  return {
    id: 'noisy-grad',
    explain(model: Model, x: Matrix, options: ExplainOptions = {}): Matrix {
      const g = grad.explain(model, x, options);
      for (let i = 0; i < x.rows; i++) {
        const key = options.keys !== undefined ? options.keys[i]! : hashFloat64(row(x, i));
        const rng = substream(seed, key, 'noise');
        const r = row(g, i);
        for (let j = 0; j < r.length; j++) r[j] = r[j]! + std * rng.normal();
      }
      return g;
    },
  };
}

/** Wraps an explainer and records each call's row count. */
export function countingExplainer(inner: Explainer): Explainer & { calls: number[] } {
  const calls: number[] = [];
  return {
    id: inner.id,
    calls,
    explain(model: Model, x: Matrix, options?: ExplainOptions): Matrix {
      calls.push(x.rows);
      return inner.explain(model, x, options);
    },
  };
}
