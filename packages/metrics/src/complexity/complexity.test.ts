import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { complexity } from './complexity.js';
import { effectiveComplexity } from './effectiveComplexity.js';
import { sparseness } from './sparseness.js';
import { randomMatrix } from '../__fixtures__/closedFormModels.js';

const d = 6;
const x = randomMatrix(4, d, 30);
const attributions = fromRows([
  [0, 0, -3, 0, 0, 0], // one-hot
  [1, -1, 1, -1, 1, -1], // uniform magnitude
  [1, 2, 3, 4, 0, 0],
  [0, 0, 0, 0, 0, 0], // undefined for Gini / entropy
]);

// Gini by its definition, mean absolute difference / (2 · mean): Σ_i Σ_j |a_i − a_j| / (2 d Σ a).
function giniBrute(v: number[]): number {
  const a = v.map(Math.abs);
  let s = 0;
  for (const p of a) for (const q of a) s += Math.abs(p - q);
  return s / (2 * a.length * a.reduce((p, q) => p + q, 0));
}

describe('sparseness (Gini)', () => {
  it('one-hot → (d − 1)/d, uniform → 0, brute-force Gini otherwise, all-zero undefined', () => {
    const r = sparseness({ x, attributions });
    expect(r.values[0]).toBeCloseTo((d - 1) / d, 14);
    expect(r.values[1]).toBeCloseTo(0, 14);
    expect(r.values[2]).toBeCloseTo(giniBrute([1, 2, 3, 4, 0, 0]), 14);
    expect(r.undefinedIndices).toEqual([3]);
    expect(r.count).toBe(3);
  });
  it('is invariant under feature permutation and sign (why its null is not meaningful)', () => {
    const a = sparseness({ x: fromRows([[0, 0, 0, 0]]), attributions: fromRows([[4, -1, 0, 2]]) }).values[0];
    const b = sparseness({ x: fromRows([[0, 0, 0, 0]]), attributions: fromRows([[2, 0, 1, -4]]) }).values[0];
    expect(a).toBeCloseTo(b!, 15);
    expect(() => sparseness({ x, attributions }, { eps: 1 } as never)).toThrow(/BAD_OPTION.*unknown option 'eps'/);
  });
});

describe('complexity (entropy)', () => {
  it('one-hot → 0, uniform → ln d, hand value for (1, 2, 3, 4, 0, 0)', () => {
    const r = complexity({ x, attributions });
    expect(r.values[0]).toBe(0);
    expect(r.values[1]).toBeCloseTo(Math.log(d), 14);
    const p = [0.1, 0.2, 0.3, 0.4];
    expect(r.values[2]).toBeCloseTo(-p.reduce((s, q) => s + q * Math.log(q), 0), 14);
    expect(r.undefinedIndices).toEqual([3]);
  });
});

describe('effectiveComplexity', () => {
  it('counts |e| > ε, relative to the row max by default', () => {
    const r = effectiveComplexity({ x, attributions });
    expect(Array.from(r.values)).toEqual([1, 6, 4, 0]);
    const small = fromRows([[1e-3, 1e-7, 0, 0, 0, 2e-6]]);
    expect(effectiveComplexity({ x: fromRows([[0, 0, 0, 0, 0, 0]]), attributions: small }).values[0]).toBe(3); // relative: 1, 1e-4, 2e-3 of the max all exceed 1e-5
    expect(effectiveComplexity({ x: fromRows([[0, 0, 0, 0, 0, 0]]), attributions: small }, { relative: false }).values[0]).toBe(1);
    expect(effectiveComplexity({ x: fromRows([[0, 0, 0, 0, 0, 0]]), attributions: small }, { eps: 0.5 }).values[0]).toBe(1);
  });
});
