import { describe, expect, it } from 'vitest';
import { cases, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { histogramEntropy } from './histogramEntropy.js';

describe('histogramEntropy', () => {
  it("matches Quantus' discrete_entropy (np.histogram + scipy.stats.entropy) with 100 and 7 bins", () => {
    expect(
      maxRelativeError(
        cases.entropyCases.map((a) => histogramEntropy(a, 100)),
        cases.entropy,
      ),
    ).toBeLessThan(1e-6);
    expect(
      maxRelativeError(
        cases.entropyCases.map((a) => histogramEntropy(a, 7)),
        cases.entropy7Bins,
      ),
    ).toBeLessThan(1e-6);
  });

  it('closed form: k equally filled bins give log k', () => {
    expect(histogramEntropy([0, 1, 2, 3], 4)).toBeCloseTo(Math.log(4), 14);
    expect(histogramEntropy([5, 5, 5], 10)).toBe(0);
  });
});
