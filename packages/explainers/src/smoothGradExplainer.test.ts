import { describe, expect, it } from 'vitest';
import type { Model } from '@xai/core';
import { gradientExplainer } from './gradientExplainer.js';
import { smoothGradExplainer } from './smoothGradExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { logisticRegression, randomMlp, uniformMatrix } from './__fixtures__/models.js';

const sigmoidPrime = (u: number): number => {
  const s = 1 / (1 + Math.exp(-u));
  return s * (1 - s);
};

/** E[σ'(u)], u ~ N(mu, s²), by a fine trapezoid rule over mu ± 12 s. */
function expectedSigmoidPrime(mu: number, s: number): number {
  const n = 20000;
  const lo = mu - 12 * s;
  const h = (24 * s) / n;
  let acc = 0;
  for (let k = 0; k <= n; k++) {
    const u = lo + k * h;
    const dens = Math.exp(-0.5 * ((u - mu) / s) ** 2) / (s * Math.sqrt(2 * Math.PI));
    acc += (k === 0 || k === n ? 0.5 : 1) * dens * sigmoidPrime(u);
  }
  return acc * h;
}

describe('smoothGradExplainer', () => {
  it('uses 100 samples in openxai and 500 in paper/default, std 0.1', () => {
    expect(smoothGradExplainer({ preset: 'openxai' }).config).toMatchObject({ samples: 100, std: 0.1 });
    expect(smoothGradExplainer({ preset: 'paper' }).config).toMatchObject({ samples: 500, std: 0.1 });
    expect(smoothGradExplainer().config).toMatchObject({ samples: 500, std: 0.1 });
  });

  it('with zero noise equals the plain gradient', () => {
    const model = randomMlp([4, 5, 2], 'tanh', 1);
    const x = uniformMatrix(8, 4, 2);
    const sg = smoothGradExplainer({ samples: 7, std: 0 }).explain(model, x);
    const g = gradientExplainer().explain(model, x);
    for (let k = 0; k < 32; k++) expect(sg.data[k]!).toBeCloseTo(g.data[k]!, 15);
  });

  it('on logistic regression converges to E[σ′(Δw·(x+ε)+Δb)]·Δw', () => {
    const w0 = [0.4, -0.3, 0.2];
    const w1 = [-0.6, 0.9, 0.7];
    const model = logisticRegression(w0, w1, 0, 0.1);
    const dw = w1.map((v, j) => v - w0[j]!);
    const norm = Math.hypot(...dw);
    const std = 1.2;
    const x = { rows: 2, cols: 3, data: Float64Array.of(0.1, 0.2, -0.1, 0.5, -0.4, 0.3) };
    const targets = Int32Array.of(1, 1);
    const sg = smoothGradExplainer({ samples: 4000, std, seed: 3 }).explain(model, x, { targets });
    const plain = gradientExplainer().explain(model, x, { targets });
    for (let i = 0; i < 2; i++) {
      let mu = 0.1;
      for (let j = 0; j < 3; j++) mu += dw[j]! * x.data[i * 3 + j]!;
      const e = expectedSigmoidPrime(mu, std * norm);
      for (let j = 0; j < 3; j++) {
        expect(Math.abs(sg.data[i * 3 + j]! - e * dw[j]!)).toBeLessThan(0.02 * Math.abs(e * dw[j]!));
        // and the smoothing is visible: far from the plain gradient
        expect(Math.abs(sg.data[i * 3 + j]! - plain.data[i * 3 + j]!)).toBeGreaterThan(0.1 * Math.abs(plain.data[i * 3 + j]!));
      }
    }
  });

  it('sends all noisy copies of a batch in one call and depends on the seed', () => {
    const model = randomMlp([3, 4, 2], 'relu', 4);
    const x = uniformMatrix(10, 3, 5);
    const a = smoothGradExplainer({ samples: 20, seed: 1 }).explain(model, x);
    expect(model.calls.grad).toBe(1);
    const b = smoothGradExplainer({ samples: 20, seed: 1, batchRows: 45 }).explain(model, x);
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
    const c = smoothGradExplainer({ samples: 20, seed: 2 }).explain(model, x);
    expect(Array.from(c.data)).not.toEqual(Array.from(a.data));
  });

  it('rejects bad options and gradient-free models with typed errors', () => {
    expect(codeOf(() => smoothGradExplainer({ samples: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => smoothGradExplainer({ std: -0.1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => smoothGradExplainer({ std: Number.NaN }))).toBe('BAD_OPTION');
    expect(codeOf(() => smoothGradExplainer({ seed: 1.5 }))).toBe('BAD_OPTION');
    const lr = logisticRegression([1, 0], [0, 1]);
    const noGrad: Model = { inputDim: 2, classes: 2, predictProba: (x) => lr.predictProba(x) };
    expect(codeOf(() => smoothGradExplainer({ samples: 2 }).explain(noGrad, uniformMatrix(1, 2, 1)))).toBe('NOT_SUPPORTED');
  });
});
