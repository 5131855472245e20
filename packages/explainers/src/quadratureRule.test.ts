import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { quadratureRule } from './quadratureRule.js';

describe('quadratureRule', () => {
  it('gives the tabulated 2- and 3-point Gauss–Legendre rules on [0, 1]', () => {
    const two = quadratureRule('gausslegendre', 2);
    expect(two.alphas[0]!).toBeCloseTo((1 - 1 / Math.sqrt(3)) / 2, 15);
    expect(two.alphas[1]!).toBeCloseTo((1 + 1 / Math.sqrt(3)) / 2, 15);
    expect(Array.from(two.weights)).toEqual([0.5, 0.5]);
    const three = quadratureRule('gausslegendre', 3);
    expect(three.alphas[0]!).toBeCloseTo((1 - Math.sqrt(3 / 5)) / 2, 15);
    expect(three.alphas[1]!).toBe(0.5);
    expect(three.weights[0]!).toBeCloseTo(5 / 18, 15);
    expect(three.weights[1]!).toBeCloseTo(8 / 18, 15);
    const one = quadratureRule('gausslegendre', 1);
    expect(Array.from(one.alphas)).toEqual([0.5]);
    expect(Array.from(one.weights)).toEqual([1]);
  });

  it("50 nodes match numpy's leggauss(50) mapped as Captum does (TV7)", () => {
    // Printed by numpy: x, w = np.polynomial.legendre.leggauss(50); 0.5 * (1 + x), 0.5 * w.
    // (OPENXAI_NOTES TV7 prints α_1 = 0.000566802; numpy gives 0.00056679779, i.e. the
    // largest Legendre root 0.99886640442007105 of the tables.)
    const { alphas, weights } = quadratureRule('gausslegendre', 50);
    expect(alphas[0]!).toBeCloseTo(0.0005667977899644905, 15);
    expect(alphas[49]!).toBeCloseTo(0.9994332022100355, 15);
    expect(weights[0]!).toBeCloseTo(0.0014543112765789633, 14);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 15);
  });

  it('integrates polynomials of degree 2n − 1 exactly and is ascending and symmetric', () => {
    for (const n of [4, 7, 20, 50, 64]) {
      const { alphas, weights } = quadratureRule('gausslegendre', n);
      for (let k = 1; k < n; k++) expect(alphas[k]!).toBeGreaterThan(alphas[k - 1]!);
      for (let k = 0; k < n; k++) {
        expect(alphas[k]! + alphas[n - 1 - k]!).toBeCloseTo(1, 14);
        expect(weights[k]!).toBeCloseTo(weights[n - 1 - k]!, 14);
      }
      for (const p of [0, 1, 2, n, 2 * n - 1]) {
        let s = 0;
        for (let k = 0; k < n; k++) s += weights[k]! * alphas[k]! ** p;
        expect(s).toBeCloseTo(1 / (p + 1), 13);
      }
    }
  });

  it('builds Riemann rules with Captum nodes and a trapezoid rule whose weights sum to 1', () => {
    expect(Array.from(quadratureRule('riemann_left', 4).alphas)).toEqual([0, 0.25, 0.5, 0.75]);
    expect(Array.from(quadratureRule('riemann_right', 4).alphas)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(Array.from(quadratureRule('riemann_middle', 4).alphas)).toEqual([0.125, 0.375, 0.625, 0.875]);
    const t = quadratureRule('riemann_trapezoid', 5);
    expect(Array.from(t.alphas)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(Array.from(t.weights)).toEqual([0.125, 0.25, 0.25, 0.25, 0.125]);
    // exact for a linear integrand
    let s = 0;
    for (let k = 0; k < 5; k++) s += t.weights[k]! * (3 * t.alphas[k]! + 1);
    expect(s).toBeCloseTo(2.5, 15);
  });

  it('rejects unknown methods and bad step counts', () => {
    const codes = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? e.code : 'other';
      }
      return undefined;
    };
    expect(codes(() => quadratureRule('simpson' as never, 5))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('gausslegendre', 0))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('riemann_trapezoid', 1))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('riemann_left', 2.5))).toBe('BAD_OPTION');
  });
});
