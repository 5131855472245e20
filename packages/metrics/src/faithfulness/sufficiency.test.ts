import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { sufficiency } from './sufficiency.js';

describe('sufficiency', () => {
  it("matches Quantus' Sufficiency (scipy cdist 'seuclidean') (thresholds 0.6, 0.3, 0.9)", () => {
    const input = fixtureInput();
    for (const threshold of [0.6, 0.3, 0.9] as const) {
      const r = sufficiency(input, { threshold });
      expect(maxRelativeError(r.values, cases.sufficiency[threshold])).toBeLessThan(1e-6);
    }
  });

  it('closed form: identical explanations are all close, so each value is the share of the others with its class', () => {
    const input = fixtureInput();
    const same = fromRows(cases.x.map(() => [1, 2, 3, 4, 5, 6]));
    const t = cases.targets;
    const expected = t.map((c, i) => t.filter((o, k) => k !== i && o === c).length / (t.length - 1));
    expect(maxRelativeError(sufficiency({ ...input, attributions: same }).values, expected)).toBeLessThan(1e-12);
  });

  it("takes a preset: quantus and captum give Quantus' values (its defaults are Quantus'); an unknown one is BAD_OPTION", () => {
    const input = fixtureInput();
    for (const preset of ['quantus', 'captum'] as const) {
      expect(maxRelativeError(sufficiency(input, { preset }).values, cases.sufficiency[0.6])).toBeLessThan(1e-6);
    }
    expect(() => sufficiency(input, { preset: 'fast' as never })).toThrow(/quantus/);
  });
});
