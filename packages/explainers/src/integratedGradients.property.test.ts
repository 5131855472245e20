// Completeness of standard IG (multiplyByInputs) up to its quadrature error, with the error
// derived rather than tuned. Along the path F(α) = f(b + α Δ), Δ = x − b, IG sums
// Σ_k w_k g(α_k) with g = F', and completeness is ∫₀¹ g = F(1) − F(0) = f(x) − f(b).
//
// - A cubic model f(x) = Σ a_j x_j² + c_j x_j³ makes g a quadratic in α, for which every rule's
//   error has a closed form (Euler–Maclaurin ends after the h² term; Gauss–Legendre with n >= 2
//   nodes is exact up to degree 2n − 1 >= 3): with G0 = g(1) − g(0) and G1 = g'(1) − g'(0) =
//   6 Σ c_j Δ_j³,
//     trapezoid (h = 1/(n−1)):  +h²/12 · G1
//     midpoint  (h = 1/n):      −h²/24 · G1   (Gauss–Legendre with one node is the midpoint rule)
//     left / right (h = 1/n):   ∓h/2 · G0 + h²/12 · G1
//     Gauss–Legendre, n >= 2:   0
//   so Σφ − (f(x) − f(b)) must equal that error to rounding.
// - A logistic regression's probability F = σ(z₀ + s α) (s = w·Δ) is smooth but not polynomial:
//   the trapezoid rule's error is at most h²/12 · max|F'''| and the midpoint rule's h²/24 ·
//   max|F'''|, with |F'''| = |s|³ |σ'''| <= |s|³ / 8 (σ''' = u(1 − 6u), u = σ(1 − σ) <= 1/4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { integratedGradientsExplainer } from './index.js';
import type { IntegrationMethod } from './index.js';
import { logisticRegression } from './__fixtures__/models.js';
import { magnitude, pointsArb, real, runs } from './__fixtures__/arbitraries.js';

/** f(x) = Σ a_j x_j² + c_j x_j³ (one output), with its exact gradient. */
function cubicModel(a: readonly number[], c: readonly number[]): Model {
  const d = a.length;
  const each = (x: Matrix, k: (j: number, t: number) => number): Float64Array =>
    Float64Array.from({ length: x.rows * d }, (_, q) => k(q % d, x.data[q]!));
  return {
    inputDim: d,
    classes: 1,
    output: 'value',
    predictProba(x: Matrix): Matrix {
      const terms = each(x, (j, t) => a[j]! * t * t + c[j]! * t * t * t);
      const out = Float64Array.from({ length: x.rows }, (_, i) => terms.subarray(i * d, (i + 1) * d).reduce((s, v) => s + v, 0));
      return { rows: x.rows, cols: 1, data: out };
    },
    inputGradient(x: Matrix): Matrix {
      return { rows: x.rows, cols: d, data: each(x, (j, t) => 2 * a[j]! * t + 3 * c[j]! * t * t) };
    },
  };
}

const coefficients = (d: number): fc.Arbitrary<number[]> => fc.array(real(2), { minLength: d, maxLength: d });

const caseArb = fc.integer({ min: 1, max: 5 }).chain((d) =>
  fc.record({
    a: coefficients(d),
    c: coefficients(d),
    x: pointsArb(2, d),
    baseline: pointsArb(1, d).map((m) => Array.from(m.data)),
    method: fc.constantFrom<IntegrationMethod>('gausslegendre', 'riemann_trapezoid', 'riemann_middle', 'riemann_left', 'riemann_right'),
    steps: fc.integer({ min: 2, max: 40 }),
  }),
);

/** Σ_j φ_ij − (f(x_i) − f(b)) for each row, f read from the model itself. */
function completenessGaps(model: Model, x: Matrix, baseline: readonly number[], phi: Matrix, t: number): number[] {
  const d = x.cols;
  const f = (p: ArrayLike<number>): number => model.predictProba({ rows: 1, cols: d, data: Float64Array.from(p) }).data[t]!;
  return Array.from({ length: x.rows }, (_, i) => {
    const xi = x.data.subarray(i * d, (i + 1) * d);
    return phi.data.subarray(i * d, (i + 1) * d).reduce((s, v) => s + v, 0) - (f(xi) - f(baseline));
  });
}

describe('IG completeness up to the quadrature error', () => {
  it('cubic models: Σφ − (f(x) − f(b)) is exactly each rule’s closed-form error', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const model = cubicModel(k.a, k.c);
        const ig = integratedGradientsExplainer({ method: k.method, steps: k.steps, baseline: k.baseline, multiplyByInputs: true });
        const gaps = completenessGaps(model, k.x, k.baseline, ig.explain(model, k.x), 0);
        const d = k.x.cols;
        gaps.forEach((gap, i) => {
          let G0 = 0;
          let G1 = 0;
          let scale = 0;
          for (let j = 0; j < d; j++) {
            const [xj, bj] = [k.x.data[i * d + j]!, k.baseline[j]!];
            const dj = xj - bj;
            const fPrime = (t: number): number => 2 * k.a[j]! * t + 3 * k.c[j]! * t * t;
            G0 += dj * (fPrime(xj) - fPrime(bj));
            G1 += 6 * k.c[j]! * dj ** 3;
            scale += Math.abs(dj) * magnitude([fPrime(xj), fPrime(bj), 2 * k.a[j]! + 6 * k.c[j]!], 0);
          }
          const n = k.steps;
          const error = {
            riemann_trapezoid: G1 / (12 * (n - 1) ** 2),
            riemann_middle: -G1 / (24 * n * n),
            riemann_left: -G0 / (2 * n) + G1 / (12 * n * n),
            riemann_right: G0 / (2 * n) + G1 / (12 * n * n),
            gausslegendre: 0,
          }[k.method];
          // Rounding of a sum of n·d products of size <= scale (and of the nodes and weights).
          expect(Math.abs(gap - error), `${k.method} ${n}: gap ${gap} vs error ${error}`).toBeLessThanOrEqual(1e-12 * Math.max(1, scale));
        });
      }),
      runs(60, 0x1601),
    );
  });

  it('logistic regression: |Σφ − (p(x) − p(b))| <= h²/12 · |s|³/8 (trapezoid), h²/24 · |s|³/8 (midpoint)', () => {
    const lrArb = fc.integer({ min: 1, max: 5 }).chain((d) =>
      fc.record({
        w0: coefficients(d),
        w1: coefficients(d),
        bias: real(1),
        x: pointsArb(2, d),
        baseline: pointsArb(1, d).map((m) => Array.from(m.data)),
        method: fc.constantFrom<IntegrationMethod>('riemann_trapezoid', 'riemann_middle'),
        steps: fc.integer({ min: 2, max: 40 }),
        target: fc.constantFrom(0, 1),
      }),
    );
    fc.assert(
      fc.property(lrArb, (k) => {
        const model = logisticRegression(k.w0, k.w1, 0, k.bias);
        const ig = integratedGradientsExplainer({ method: k.method, steps: k.steps, baseline: k.baseline, multiplyByInputs: true });
        const targets = Int32Array.from([k.target, k.target]);
        const gaps = completenessGaps(model, k.x, k.baseline, ig.explain(model, k.x, { targets }), k.target);
        const d = k.x.cols;
        gaps.forEach((gap, i) => {
          let s = 0;
          for (let j = 0; j < d; j++) s += (k.w1[j]! - k.w0[j]!) * (k.x.data[i * d + j]! - k.baseline[j]!);
          const h = k.method === 'riemann_trapezoid' ? 1 / (k.steps - 1) : 1 / k.steps;
          const bound = ((h * h) / (k.method === 'riemann_trapezoid' ? 12 : 24)) * (Math.abs(s) ** 3 / 8);
          expect(Math.abs(gap), `${k.method} ${k.steps}: gap ${gap}, bound ${bound}`).toBeLessThanOrEqual(bound + 1e-13);
        });
      }),
      runs(60, 0x1602),
    );
  });
});
