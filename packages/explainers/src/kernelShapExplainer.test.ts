import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import { shapleySizeCdf } from './internal/shapleySizeCdf.js';
import { bruteForceShapley } from './__fixtures__/bruteForceShapley.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { linearProbabilityModel, randomMlp, uniformMatrix } from './__fixtures__/models.js';

function rowsOf(m: Matrix): Float64Array[] {
  return Array.from({ length: m.rows }, (_, i) => m.data.slice(i * m.cols, (i + 1) * m.cols));
}

function predicted(model: Model, x: Matrix): Int32Array {
  const p = model.predictProba(x);
  return Int32Array.from({ length: x.rows }, (_, i) => {
    let t = 0;
    for (let c = 1; c < p.cols; c++) if (p.data[i * p.cols + c]! > p.data[i * p.cols + t]!) t = c;
    return t;
  });
}

describe('kernelShapExplainer (constrained, Lundberg & Lee)', () => {
  it('exact mode equals brute-force Shapley values over all 2^d coalitions (1e-9)', () => {
    for (const d of [3, 6, 8]) {
      const model = randomMlp([d, 10, 3], 'relu', d, 2.5);
      const train = uniformMatrix(30, d, 100 + d);
      const x = uniformMatrix(4, d, 200 + d);
      const shap = kernelShapExplainer({ train });
      expect(shap.config.variant).toBe('constrained');
      const attr = shap.explain(model, x);
      const t = predicted(model, x);
      const bg = shap.config.backgroundRows!.map((r) => Float64Array.from(r));
      rowsOf(x).forEach((xi, i) => {
        const ref = bruteForceShapley(model, xi, t[i]!, bg);
        for (let j = 0; j < d; j++) expect(Math.abs(attr.data[i * d + j]! - ref[j]!)).toBeLessThan(1e-9);
      });
    }
  });

  it('exact mode with a multi-row background equals the brute-force mean-over-background game', () => {
    const d = 5;
    const model = randomMlp([d, 8, 2], 'tanh', 3, 2);
    const train = uniformMatrix(50, d, 4);
    const shap = kernelShapExplainer({ train, background: 'sample', backgroundSize: 3, seed: 9 });
    const bg = shap.config.backgroundRows!.map((r) => Float64Array.from(r));
    expect(bg.length).toBe(3);
    const x = uniformMatrix(3, d, 5);
    const attr = shap.explain(model, x);
    const t = predicted(model, x);
    rowsOf(x).forEach((xi, i) => {
      const ref = bruteForceShapley(model, xi, t[i]!, bg);
      for (let j = 0; j < d; j++) expect(Math.abs(attr.data[i * d + j]! - ref[j]!)).toBeLessThan(1e-9);
    });
  });

  it('sampled mode converges to the exact values and always satisfies efficiency', () => {
    const d = 8;
    const model = randomMlp([d, 12, 2], 'relu', 21, 3);
    const train = uniformMatrix(30, d, 22);
    const x = uniformMatrix(6, d, 23);
    const exact = kernelShapExplainer({ train }).explain(model, x);
    const err = (samples: number): number => {
      const a = kernelShapExplainer({ train, exact: false, samples, seed: 1 }).explain(model, x);
      let e = 0;
      for (let k = 0; k < a.data.length; k++) e += Math.abs(a.data[k]! - exact.data[k]!);
      return e / a.data.length;
    };
    const small = err(40);
    const large = err(4000);
    expect(large).toBeLessThan(small / 3);
    const sampled = kernelShapExplainer({ train, exact: false, samples: 60, seed: 2 }).explain(model, x);
    const p = model.predictProba(x).data;
    const pb = model.predictProba({ rows: 1, cols: d, data: Float64Array.from(kernelShapExplainer({ train }).config.backgroundRows![0]!) }).data;
    const t = predicted(model, x);
    for (let i = 0; i < 6; i++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += sampled.data[i * d + j]!;
      expect(s).toBeCloseTo(p[i * 2 + t[i]!]! - pb[t[i]!]!, 10);
    }
  });

  it('handles a single feature: φ = f(x) − f(background)', () => {
    const model = linearProbabilityModel([0.3], [0]);
    const x = { rows: 1, cols: 1, data: Float64Array.of(0.5) };
    const a = kernelShapExplainer({ background: [0.1] }).explain(model, x, { targets: Int32Array.of(1) });
    expect(a.data[0]!).toBeCloseTo(0.3 * 0.4, 14);
    const c = kernelShapExplainer({ preset: 'openxai', background: [0.1], samples: 10 }).explain(model, x, { targets: Int32Array.of(1) });
    expect(c.data[0]!).toBeCloseTo(0.3 * 0.4, 10);
  });
});

describe('kernelShapExplainer (captum, the openxai preset)', () => {
  it('TV9: coalition sizes follow P(1..3) = (4/11, 3/11, 4/11) for d = 4 and the tabulated d = 7 law', () => {
    const pmf = (d: number): number[] => {
      const c = shapleySizeCdf(d);
      return Array.from(c, (v, k) => v - (k === 0 ? 0 : c[k - 1]!));
    };
    [4 / 11, 3 / 11, 4 / 11].forEach((p, k) => expect(pmf(4)[k]!).toBeCloseTo(p, 15));
    [0.238095, 0.142857, 0.119048, 0.119048, 0.142857, 0.238095].forEach((p, k) => expect(pmf(7)[k]!).toBeCloseTo(p, 6));
    expect(shapleySizeCdf(7)[5]).toBe(1); // k = d (and k = 0) are not in the support
  });


  it('recovers w_j·x_j exactly on an additive model with the zero baseline', () => {
    const w = [0.05, -0.08, 0.02, 0.1, -0.03, 0.07];
    const model = linearProbabilityModel(w, [0.2, 0.2, 0.2, 0.2, 0.2, 0.2]);
    const x = uniformMatrix(4, 6, 7);
    const shap = kernelShapExplainer({ preset: 'openxai' });
    expect(shap.config).toMatchObject({ variant: 'captum', samples: 500, background: 'zeros' });
    const attr = shap.explain(model, x);
    const t = predicted(model, x);
    for (let i = 0; i < 4; i++) {
      const sign = t[i] === 1 ? 1 : -1;
      for (let j = 0; j < 6; j++) expect(attr.data[i * 6 + j]!).toBeCloseTo(sign * w[j]! * x.data[i * 6 + j]!, 10);
    }
  });

  it('evaluates full, empty, then coalitions whose sizes follow (d−1)/(k(d−k))', () => {
    const d = 6;
    const inner = randomMlp([d, 5, 2], 'tanh', 1);
    const seen: Matrix[] = [];
    const model: Model = {
      inputDim: d,
      classes: 2,
      predictProba(m: Matrix): Matrix {
        seen.push({ rows: m.rows, cols: d, data: m.data.slice(0, m.rows * d) });
        return inner.predictProba(m);
      },
    };
    const x = { rows: 1, cols: d, data: Float64Array.of(0.3, 0.6, 0.9, 0.2, 0.5, 0.8) };
    const S = 6000;
    kernelShapExplainer({ preset: 'openxai', samples: S }).explain(model, x);
    const z = seen[1]!;
    expect(z.rows).toBe(S);
    expect(Array.from(z.data.subarray(0, d))).toEqual(Array.from(x.data));
    expect(Array.from(z.data.subarray(d, 2 * d))).toEqual(new Array(d).fill(0));
    const counts = new Float64Array(d + 1);
    const featureCounts = new Float64Array(d);
    for (let s = 2; s < S; s++) {
      let k = 0;
      for (let j = 0; j < d; j++) if (z.data[s * d + j] !== 0) { k++; featureCounts[j]++; }
      counts[k]++;
    }
    expect(counts[0]).toBe(0);
    expect(counts[d]).toBe(0);
    let norm = 0;
    for (let k = 1; k < d; k++) norm += (d - 1) / (k * (d - k));
    for (let k = 1; k < d; k++) {
      const expected = ((S - 2) * (d - 1)) / (k * (d - k)) / norm;
      expect(Math.abs(counts[k]! - expected)).toBeLessThan(5 * Math.sqrt(expected));
    }
    // members are uniform: every feature present about half the time (sizes are symmetric)
    for (let j = 0; j < d; j++) expect(Math.abs(featureCounts[j]! / (S - 2) - 0.5)).toBeLessThan(0.04);
  });

  it('is close to efficient thanks to the heavy endpoint weights, and exactly so in constrained mode', () => {
    const d = 7;
    const model = randomMlp([d, 9, 2], 'relu', 31, 3);
    const x = uniformMatrix(5, d, 32);
    const attr = kernelShapExplainer({ preset: 'openxai', samples: 200 }).explain(model, x);
    const p = model.predictProba(x).data;
    const p0 = model.predictProba({ rows: 1, cols: d, data: new Float64Array(d) }).data;
    const t = predicted(model, x);
    for (let i = 0; i < 5; i++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += attr.data[i * d + j]!;
      expect(Math.abs(s - (p[i * 2 + t[i]!]! - p0[t[i]!]!))).toBeLessThan(1e-3);
    }
  });

  it('queries the model once for labels and once for every coalition of the batch', () => {
    const model = randomMlp([4, 5, 2], 'tanh', 3);
    kernelShapExplainer({ preset: 'openxai', samples: 100 }).explain(model, uniformMatrix(10, 4, 1));
    expect(model.calls.proba).toBe(2);
    expect(model.calls.rows).toBe(10 + 1000);
  });
});

describe('kernelShapExplainer options', () => {
  it('rejects bad options with typed errors', () => {
    const train = uniformMatrix(5, 3, 1);
    expect(codeOf(() => kernelShapExplainer())).toBe('BAD_OPTION'); // default background 'mean' needs train
    expect(codeOf(() => kernelShapExplainer({ variant: 'exact' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ preset: 'openxai', exact: true }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, samples: 1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: 'median' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: { rows: 0, cols: 3, data: new Float64Array(0) } }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: [1, Number.POSITIVE_INFINITY] }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, endpointWeight: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, exact: 'yes' as never }))).toBe('BAD_OPTION');
    const model = linearProbabilityModel([0.1, 0.1], [0, 0]);
    expect(codeOf(() => kernelShapExplainer({ background: [0, 0, 0] }).explain(model, uniformMatrix(1, 2, 1)))).toBe('SHAPE_MISMATCH');
    const wide = linearProbabilityModel(new Array(25).fill(0.001), new Array(25).fill(0));
    expect(codeOf(() => kernelShapExplainer({ background: 'zeros', exact: true }).explain(wide, uniformMatrix(1, 25, 1)))).toBe('BAD_OPTION');
  });

  it('switches the background default with the variant', () => {
    expect(kernelShapExplainer({ variant: 'captum' }).config.background).toBe('zeros');
    expect(kernelShapExplainer({ preset: 'openxai', variant: 'constrained', train: uniformMatrix(3, 2, 1) }).config.background).toBe('mean');
  });
});
