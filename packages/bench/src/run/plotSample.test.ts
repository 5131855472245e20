import type { Matrix } from '@xai/core';
import { predictLabels, row, selectRows } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import { createAnn } from '@xai/models';
import { describe, expect, it } from 'vitest';
import { plotBase, plotSamples, plotTarget } from './plotSample.js';

/** Uniform rows in [−1, 1] from a fixed sequence (no randomness). */
function rows(n: number, d: number, offset: number): Matrix {
  const data = Float64Array.from({ length: n * d }, (_, k) => Math.sin(1.7 * (k + offset)) * 1.3);
  return { rows: n, cols: d, data };
}

const d = 4;
const model = createAnn(d, { seed: 4, hidden: [8] }); // seed 4: the first 10 rows of x are predicted 0 and 1 alike
const train = rows(60, d, 0);
const x = rows(12, d, 1000);
const p1 = (m: Matrix): number[] => Array.from({ length: m.rows }, (_, i) => model.predictProba(m).data[i * 2 + 1]!);

describe('plot samples', () => {
  it('explain class 1 on every row: a row predicted 0 is explained again for class 1, the others keep their scored attributions', () => {
    const grad = createExplainer('grad', { train });
    const scored = grad.explain(model, x);
    const base = plotBase(model, grad, train, plotTarget(model));
    const samples = plotSamples(model, x, scored, 10, base, (r, t) => grad.explain(model, r, { targets: t }));
    expect(samples).toHaveLength(10);
    const predicted = predictLabels(model, x);
    expect(new Set(predicted.subarray(0, 10))).toEqual(new Set([0, 1])); // both kinds of row are covered
    const towards1 = grad.explain(
      model,
      selectRows(
        x,
        Int32Array.from({ length: 10 }, (_, i) => i),
      ),
      { targets: new Int32Array(10).fill(1) },
    );
    for (let i = 0; i < 10; i++) {
      expect(samples[i]!.target).toBe(1);
      const want = Array.from(row(towards1, i));
      samples[i]!.a.forEach((v, j) => expect(v).toBeCloseTo(want[j]!, 5));
      expect(samples[i]!.f).toBeCloseTo(p1(x)[i]!, 5);
      expect(samples[i]!.x).toEqual(Array.from(row(x, i), (v) => Number(v.toPrecision(6))));
    }
  });
});
