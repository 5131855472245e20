import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, gradientExplain, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { continuity } from './continuity.js';

describe('continuity', () => {
  it("matches Quantus' Continuity (gradient explainer, 12, 5 and 2 translations)", () => {
    const { model, x, targets } = fixtureInput();
    for (const steps of [12, 5, 2] as const) {
      const r = continuity({ model, x, targets, explain: gradientExplain }, { steps });
      expect(maxRelativeError(r.values, cases.continuity[steps])).toBeLessThan(1e-6);
    }
  });

  it('closed form: an input-independent explanation scores 0 (the floor)', () => {
    const { model, x } = fixtureInput();
    const constant = (_m: unknown, xs: { rows: number }) => fromRows(Array.from({ length: xs.rows }, () => [1, -2, 3, 0, 1, 1]));
    expect(continuity({ model, x, explain: constant }).values.every((v) => v === 0)).toBe(true);
  });

  it('needs an explainer', () => {
    const { model, x } = fixtureInput();
    expect(() => continuity({ model, x })).toThrow(/explain/);
  });

  it("takes a preset: under quantus the values are still Quantus' (12 translations); an unknown one is BAD_OPTION", () => {
    const { model, x, targets } = fixtureInput();
    const r = continuity({ model, x, targets, explain: gradientExplain }, { steps: 12, preset: 'quantus' });
    expect(maxRelativeError(r.values, cases.continuity[12])).toBeLessThan(1e-6);
    expect(() => continuity({ model, x, explain: gradientExplain }, { preset: 'fast' as never })).toThrow(/quantus/);
  });
});
