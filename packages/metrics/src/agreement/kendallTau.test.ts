import { describe, expect, it } from 'vitest';
import { fromRows, substream } from '@xai/core';
import { kendallTau, kendallTauB } from './kendallTau.js';

/** τ without ties by counting inversions with a bubble sort of b in the order of a. */
function tauByInversions(a: number[], b: number[]): number {
  const order = a.map((_, i) => i).sort((i, j) => a[i]! - a[j]!);
  const seq = order.map((i) => b[i]!);
  let inv = 0;
  for (let i = 0; i < seq.length; i++)
    for (let j = seq.length - 1; j > i; j--)
      if (seq[j - 1]! > seq[j]!) {
        [seq[j - 1], seq[j]] = [seq[j]!, seq[j - 1]!];
        inv++;
      }
  const n = a.length;
  return 1 - (4 * inv) / (n * (n - 1));
}

describe("Kendall's tau-b", () => {
  it("matches scipy.stats.kendalltau's documented example (ties in both): −0.47140452079103173", () => {
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 15);
  });

  it('equals 1 − 4·inversions/(n(n−1)) without ties, ±1 for same/reversed order, NaN if constant', () => {
    const rng = substream(0, 'kendall');
    for (let t = 0; t < 20; t++) {
      const n = 3 + rng.int(10);
      const a = Array.from({ length: n }, () => rng.normal());
      const b = Array.from({ length: n }, () => rng.normal());
      expect(kendallTauB(a, b)).toBeCloseTo(tauByInversions(a, b), 14);
    }
    expect(kendallTauB([1, 2, 3], [10, 20, 30])).toBe(1);
    expect(kendallTauB([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(kendallTauB([1, 1, 1], [3, 2, 1])).toBeNaN();
  });

  it('ranks magnitudes by default, signed values on request; shared ground truth row', () => {
    const x = fromRows([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const attributions = fromRows([
      [-3, -2, -1],
      [1, 2, 3],
    ]);
    const groundTruth = fromRows([[1, 2, 3]]);
    expect(Array.from(kendallTau({ x, attributions, groundTruth }).values)).toEqual([-1, 1]);
    // A signed inverse explanation: |−e| ranks like e (τ = 1 on magnitudes) but τ = −1 signed.
    const inv = fromRows([
      [-1, -2, -3],
      [-1, -2, -3],
    ]);
    expect(Array.from(kendallTau({ x, attributions: inv, groundTruth }).values)).toEqual([1, 1]);
    expect(Array.from(kendallTau({ x, attributions: inv, groundTruth }, { ranking: 'signed' }).values)).toEqual([-1, -1]);
    expect(() => kendallTau({ x, attributions })).toThrow(/BAD_INPUT.*groundTruth/);
  });
});

describe('kendallTau options', () => {
  it("uses RC/PRA's `ranking` name: the old `signed` key is an unknown option, a bad value is BAD_OPTION", () => {
    const x = fromRows([[1, 2, 3]]);
    const attributions = fromRows([[3, -2, 1]]);
    const groundTruth = fromRows([[3, 2, 1]]);
    expect(() => kendallTau({ x, attributions, groundTruth }, { signed: true } as never)).toThrow(/BAD_OPTION.*signed/);
    expect(() => kendallTau({ x, attributions, groundTruth }, { ranking: 'abs' } as never)).toThrow(/BAD_OPTION.*options\.ranking/);
    // Signed: (3, −2, 1) vs (3, 2, 1): pairs (0,1) +, (0,2) +, (1,2) − → τ = 1/3; magnitudes agree fully.
    expect(kendallTau({ x, attributions, groundTruth }, { ranking: 'signed' }).values[0]).toBeCloseTo(1 / 3, 14);
    expect(kendallTau({ x, attributions, groundTruth }).values[0]).toBe(1);
  });
});
