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
      try { f(); } catch (e) { return isXaiError(e) ? e.code : 'other'; }
      return undefined;
    };
    expect(codes(() => quadratureRule('simpson' as never, 5))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('gausslegendre', 0))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('riemann_trapezoid', 1))).toBe('BAD_OPTION');
    expect(codes(() => quadratureRule('riemann_left', 2.5))).toBe('BAD_OPTION');
  });
});
