import { fromRows, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { denseMlp, gradient } from '../__fixtures__/closedFormModels.js';
import { histogramEntropy } from '../internal/histogramEntropy.js';
import { efficientMprt } from './efficientMprt.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';

const x = fromRows([
  [0.2, -1, 0.4, 1, 0.3, -0.2, 0.8, 0.1],
  [1, 0.5, -0.3, 0, -1, 0.6, 0.2, -0.4],
  [-0.5, 0.1, 0.9, -0.7, 0.4, 0.3, -0.1, 0.5],
]);

describe('efficientMprt', () => {
  it('is (H(e_rand) − H(e)) / H(e) with e_rand the explanation after the cascade randomised every layer', () => {
    const mlp = denseMlp([8, 6, 5, 2], 4);
    const before = mlp.parameters.slice();
    const r = efficientMprt({ x, model: mlp, explain: gradient }, { bins: 5 });
    expect([...mlp.parameters]).toEqual([...before]);
    // The fully randomised model, rebuilt independently: the same cascade, its last explanation.
    const t = targetsOf(mlp, x);
    const e0 = gradient(mlp, x, t);
    let last: Matrix | undefined;
    const spy = (m: Model, xs: Matrix, tt: Int32Array): Matrix => {
      last = gradient(m, xs, tt);
      return last;
    };
    modelParameterRandomisation({ x, model: mlp, targets: t, attributions: e0, explain: spy });
    for (let i = 0; i < x.rows; i++) {
      const h0 = histogramEntropy(row(e0, i), 5);
      const h1 = histogramEntropy(row(last!, i), 5);
      expect(r.entropyOriginal[i]).toBeCloseTo(h0, 12);
      expect(r.entropyRandomised[i]).toBeCloseTo(h1, 12);
      expect(r.values[i]).toBeCloseTo((h1 - h0) / h0, 12);
    }
    expect(r.mean).toBeGreaterThan(0);
  });

  it('floor: an explanation that ignores the weights has no entropy rise (0)', () => {
    const mlp = denseMlp([8, 6, 2], 1);
    const fixed = (_m: Model, xs: Matrix): Matrix => fromRows(Array.from({ length: xs.rows }, (_, i) => [...row(x, i % 3)]));
    expect([...efficientMprt({ x, model: mlp, explain: fixed }).values]).toEqual([0, 0, 0]);
  });

  it('needs dense layers', () => {
    const model: Model = { inputDim: 8, classes: 2, predictProba: (m) => fromRows(Array.from({ length: m.rows }, () => [0.5, 0.5])) };
    expect(() => efficientMprt({ x, model, explain: () => x })).toThrow(/dense layers/);
  });

  it('takes a preset and is unchanged by it; an unknown one is BAD_OPTION', () => {
    const mlp = denseMlp([8, 6, 5, 2], 4);
    const plain = efficientMprt({ x, model: mlp, explain: gradient }, { bins: 5 });
    for (const preset of ['quantus', 'captum'] as const) {
      expect([...efficientMprt({ x, model: mlp, explain: gradient }, { bins: 5, preset }).values]).toEqual([...plain.values]);
    }
    expect(() => efficientMprt({ x, model: mlp, explain: gradient }, { preset: 'fast' as never })).toThrow(/quantus/);
  });
});

function targetsOf(model: Model, xs: Matrix): Int32Array {
  const p = model.predictProba(xs);
  return Int32Array.from({ length: xs.rows }, (_, i) => (row(p, i)[1]! > row(p, i)[0]! ? 1 : 0));
}
