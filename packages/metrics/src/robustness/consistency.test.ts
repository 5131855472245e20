import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { consistency } from './consistency.js';

describe('consistency', () => {
  it("matches Quantus' Consistency (top_n_sign of |e|, n = 5 and 3) re-run in numpy", () => {
    const input = { ...fixtureInput(), attributions: fromRows(cases.consistencyAttributions) };
    for (const features of [5, 3] as const) {
      expect(maxRelativeError(consistency(input, { features }).values, cases.consistency[features])).toBeLessThan(1e-6);
    }
  });

  it('closed form: one shared label gives the share of the others with the same predicted class', () => {
    const input = { ...fixtureInput(), attributions: fromRows(cases.x.map(() => [1, 1, 1, 1, 1, 1])) };
    const t = cases.targets;
    const expected = t.map((c, i) => t.filter((o, k) => k !== i && o === c).length / (t.length - 1 + 1e-9));
    expect(maxRelativeError(consistency(input).values, expected)).toBeLessThan(1e-12);
  });
});
