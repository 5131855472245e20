import { describe, expect, it } from 'vitest';
import { gridThreshold, median } from './thresholds.js';

describe('median', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(median(Float64Array.from([3, 1, 2]))).toBe(2);
    expect(median(Float64Array.from([4, 1, 3, 2]))).toBe(2.5);
  });
});

describe('gridThreshold', () => {
  it('picks the first grid point with the best 50/50 split (hand-worked)', () => {
    // Four probabilities; thresholds k/9 (size 10). p > t positives: t in [0, .2) → 4, [.2, .4) → 3,
    // [.4, .6) → 2 (best), so the first grid point ≥ .4 is 4/9.
    expect(gridThreshold(Float64Array.from([0.2, 0.4, 0.6, 0.8]), 10, 0.5)).toBeCloseTo(4 / 9, 15);
  });

  it('agrees with counting at every threshold (brute force)', () => {
    const p = Float64Array.from({ length: 301 }, (_, i) => (Math.sin(i * 12.9898) * 43758.5453) % 1).map((v) => Math.abs(v) ** 2);
    let best = 0;
    let bestDiff = Infinity;
    for (let j = 0; j < 1000; j++) {
      const t = j === 999 ? 1 : j * (1 / 999);
      const diff = Math.abs(0.5 - p.filter((v) => v > t).length / p.length);
      if (diff < bestDiff) [best, bestDiff] = [t, diff];
    }
    expect(gridThreshold(p, 1000, 0.5)).toBe(best);
  });
});
