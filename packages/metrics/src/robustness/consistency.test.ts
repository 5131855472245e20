import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { consistency } from './consistency.js';

describe('consistency', () => {
  it("matches Quantus' Consistency (top_n_sign of |e|, n = 5 and 3)", () => {
    const input = { ...fixtureInput(), attributions: fromRows(cases.consistencyAttributions) };
    for (const features of [5, 3] as const) {
      expect(maxRelativeError(consistency(input, { features, preset: 'quantus' }).values, cases.consistency[features])).toBeLessThan(1e-6);
    }
  });

  it('by default the label is the signs themselves: rows whose leading signs differ do not match', () => {
    const input = fixtureInput();
    const e = fromRows([
      [1, 1, 0, 0, 0, 0],
      [-1, 1, 0, 0, 0, 0],
      [2, 3, 0, 0, 0, 0],
      [-5, 1, 0, 0, 0, 0],
      [1, -1, 0, 0, 0, 0],
      [1, -2, 0, 0, 0, 0],
    ]);
    // Labels: A, B, A, B, C, C; classes from the fixture.
    const t = cases.targets;
    const groups = [0, 1, 0, 1, 2, 2];
    const expected = t.map((c, i) => {
      const mates = groups.flatMap((g, k) => (k !== i && g === groups[i] ? [k] : []));
      return mates.filter((k) => t[k] === c).length / (mates.length + 1e-9);
    });
    expect(maxRelativeError(consistency({ ...input, attributions: e }, { features: 2 }).values, expected)).toBeLessThan(1e-12);
    expect(consistency({ ...input, attributions: e }, { features: 2, abs: true }).values.every((v, i) => v === expected[i])).toBe(false);
  });

  it('closed form: one shared label gives the share of the others with the same predicted class', () => {
    const input = { ...fixtureInput(), attributions: fromRows(cases.x.map(() => [1, 1, 1, 1, 1, 1])) };
    const t = cases.targets;
    const expected = t.map((c, i) => t.filter((o, k) => k !== i && o === c).length / (t.length - 1 + 1e-9));
    expect(maxRelativeError(consistency(input).values, expected)).toBeLessThan(1e-12);
  });
});
