import { describe, expect, it } from 'vitest';
import { fromRows, substream } from '@xai/core';
import type { Matrix } from '@xai/core';
import { road } from './road.js';
import { linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

/** Sample mean and covariance (ddof = 1), computed independently of the metric. */
function moments(b: number[][]): { mu: number[]; cov: number[][] } {
  const n = b.length;
  const d = b[0]!.length;
  const mu = Array.from({ length: d }, (_, j) => b.reduce((s, r) => s + r[j]!, 0) / n);
  const cov = Array.from({ length: d }, (_, p) =>
    Array.from({ length: d }, (_, q) => b.reduce((s, r) => s + (r[p]! - mu[p]!) * (r[q]! - mu[q]!), 0) / (n - 1)),
  );
  return { mu, cov };
}

function correlated(n: number, seed: number): number[][] {
  const rng = substream(seed, 'road-bg');
  return Array.from({ length: n }, () => {
    const a = rng.normal();
    return [1 + a, -0.5 + 0.8 * a + 0.3 * rng.normal()];
  });
}

describe('ROAD (conditional-Gaussian imputation)', () => {
  it('mean imputation: E[x2 | x1] = μ2 + Σ21/Σ11 (x1 − μ1) for the removed feature (closed form, d = 2)', () => {
    const bg = correlated(500, 1);
    const { mu, cov } = moments(bg);
    const model = linearValueModel([2, 3], 0.5);
    const x = fromRows([
      [0.4, 2],
      [-1, 0],
    ]);
    const attributions = fromRows([
      [0.1, 5],
      [0.1, 5],
    ]); // feature 1 is the most relevant → removed at k = 1
    const r = road({ x, attributions, model }, { background: fromRows(bg), fractions: [0.5, 1], imputation: 'mean', ridge: 0 });
    for (let i = 0; i < 2; i++) {
      const x1 = x.data[2 * i]!;
      const e2 = mu[1]! + (cov[1]![0]! / cov[0]![0]!) * (x1 - mu[0]!);
      expect(r.curves.data[2 * i]).toBeCloseTo(0.5 + 2 * x1 + 3 * e2, 12);
      expect(r.curves.data[2 * i + 1]).toBeCloseTo(0.5 + 2 * mu[0]! + 3 * mu[1]!, 12); // all removed: the mean
      expect(r.values[i]).toBeCloseTo((r.curves.data[2 * i]! + r.curves.data[2 * i + 1]!) / 2, 14);
    }
    // LeRF removes feature 0 first: E[x1 | x2].
    const lerf = road(
      { x, attributions, model },
      { background: fromRows(bg), fractions: [0.5], imputation: 'mean', ridge: 0, order: 'lerf' },
    );
    const x2 = x.data[1]!;
    expect(lerf.values[0]).toBeCloseTo(0.5 + 2 * (mu[0]! + (cov[0]![1]! / cov[1]![1]!) * (x2 - mu[1]!)) + 3 * x2, 12);
  });

  it('noisy imputation draws from the conditional: residual variance Σ22 − Σ21²/Σ11', () => {
    const bg = correlated(2000, 2);
    const { mu, cov } = moments(bg);
    const model = linearValueModel([0, 1]);
    const n = 3000;
    const x = randomMatrix(n, 2, 3);
    const attributions: Matrix = { rows: n, cols: 2, data: new Float64Array(2 * n).map((_, k) => (k % 2 === 1 ? 1 : 0)) };
    const r = road({ x, attributions, model }, { background: fromRows(bg), fractions: [0.5], seed: 4 });
    let s = 0;
    let ss = 0;
    for (let i = 0; i < n; i++) {
      const mean = mu[1]! + (cov[1]![0]! / cov[0]![0]!) * (x.data[2 * i]! - mu[0]!);
      const res = r.values[i]! - mean;
      s += res;
      ss += res * res;
    }
    const condVar = cov[1]![1]! - cov[1]![0]! ** 2 / cov[0]![0]!;
    expect(Math.abs(s / n)).toBeLessThan(4 * Math.sqrt(condVar / n));
    expect(ss / n / condVar).toBeGreaterThan(0.9);
    expect(ss / n / condVar).toBeLessThan(1.1);
  });

  it('a faithful ranking scores lower under MoRF than its reverse on a linear classifier', () => {
    const model = linearSoftmax([
      [2, -1, 0.5, 0],
      [0, 0, 0, 0],
    ]);
    const x = randomMatrix(50, 4, 5);
    const bg = randomMatrix(300, 4, 6);
    const targets = new Int32Array(50);
    const good = { rows: 50, cols: 4, data: new Float64Array(200).map((_, k) => [2, -1, 0.5, 0][k % 4]! * x.data[k]!) };
    const bad = { rows: 50, cols: 4, data: good.data.map((v) => -v) };
    const a = road({ x, attributions: good, model, targets }, { background: bg, imputation: 'mean' });
    const b = road({ x, attributions: bad, model, targets }, { background: bg, imputation: 'mean' });
    expect(a.mean).toBeLessThan(b.mean);
  });

  it('needs background rows; rejects bad fractions', () => {
    const model = linearValueModel([1, 2]);
    const x = fromRows([[1, 2]]);
    expect(() => road({ x, attributions: x, model }, {} as never)).toThrow(/BAD_OPTION.*background/);
    expect(() => road({ x, attributions: x, model }, { background: x, fractions: [1.5] })).toThrow(/BAD_OPTION/);
  });
});
