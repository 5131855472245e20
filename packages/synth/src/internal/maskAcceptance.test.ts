import { describe, expect, it } from 'vitest';
import { maskAcceptance } from './maskAcceptance.js';

/** P(Bin(d, p) >= m) by enumerating all 2^d masks (small d only). */
function enumerate(d: number, p: number, m: number): number {
  let total = 0;
  for (let mask = 0; mask < 1 << d; mask++) {
    let ones = 0;
    for (let j = 0; j < d; j++) ones += (mask >> j) & 1;
    if (ones >= m) total += p ** ones * (1 - p) ** (d - ones);
  }
  return total;
}

describe('maskAcceptance', () => {
  it('matches enumeration of every mask for small d', () => {
    for (const [d, p] of [
      [1, 0.25],
      [5, 0.3],
      [10, 0.25],
      [12, 0.9],
    ] as const) {
      for (let m = 0; m <= d; m++) expect(maskAcceptance(d, p, m)).toBeCloseTo(enumerate(d, p, m), 12);
    }
  });

  it('has the closed forms 1 − (1 − p)^d at m = 1 and p^d at m = d', () => {
    expect(maskAcceptance(20, 0.25, 1)).toBeCloseTo(1 - 0.75 ** 20, 14);
    expect(maskAcceptance(20, 0.5, 20) / 0.5 ** 20).toBeCloseTo(1, 12);
  });

  it('handles the edges: m <= 0, m > d, p = 0, p = 1', () => {
    expect(maskAcceptance(20, 0, 0)).toBe(1);
    expect(maskAcceptance(20, 0.5, 21)).toBe(0);
    expect(maskAcceptance(20, 0, 1)).toBe(0);
    expect(maskAcceptance(20, 1, 20)).toBe(1);
  });

  it('does not mistake an underflowing (1 − p)^d for a sure accept at large d', () => {
    // 0.5^5000 underflows to 0. By symmetry P(X >= 2500) = (1 + P(X = 2500)) / 2, and
    // P(X = 2500) ≈ 1 / sqrt(π · 2500) (Stirling) ≈ 0.011284.
    expect(maskAcceptance(5000, 0.5, 2500)).toBeCloseTo((1 + 1 / Math.sqrt(Math.PI * 2500)) / 2, 4);
    expect(maskAcceptance(5000, 0.5, 4000)).toBeLessThan(1e-100); // ≈ e^−964 (0 in doubles); 1 − P(X < 4000) would leave ~1e-12 of rounding
  });
});
