// The `quantus` preset against the real Quantus (__fixtures__/quantusComplexity.py runs it):
// whole-batch normalise_by_max, |·|, the 1e-7 shift of Sparseness, the log guard of Complexity.
import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import peer from '../__fixtures__/quantusComplexity.json' with { type: 'json' };
import { complexity } from './complexity.js';
import { effectiveComplexity } from './effectiveComplexity.js';
import { sparseness } from './sparseness.js';

interface Case {
  attributions: number[][];
  /** Quantus' error when it refuses the batch (an all-zero one). */
  refused?: string;
  sparseness: (number | null)[];
  complexity: (number | null)[];
  effectiveComplexity: number[];
  effectiveComplexityEps03: number[];
}
const { source: _source, ...cases } = peer as unknown as Record<string, Case> & { source: string };

function expectRelClose(got: ArrayLike<number>, want: readonly (number | null)[]): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? null;
    if (w === null) expect(Number.isNaN(got[i]!)).toBe(true);
    else expect(Math.abs(got[i]! - w)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(w)));
  }
}

describe('quantus preset of the complexity metrics', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: Sparseness, Complexity and EffectiveComplexity equal Quantus'`, () => {
      const attributions = fromRows(c.attributions);
      if (c.refused !== undefined) {
        // Quantus refuses an all-zero batch (quantus/helpers/asserts.py:180); ours scores it.
        expect(c.refused).toMatch(/AssertionError: The elements in the attribution vector are all equal to zero/);
        expect(effectiveComplexity({ x: attributions, attributions }, { preset: 'quantus' }).values.length).toBe(c.attributions.length);
        return;
      }
      const input = { x: attributions, attributions };
      expectRelClose(sparseness(input, { preset: 'quantus' }).values, c.sparseness);
      expectRelClose(complexity(input, { preset: 'quantus' }).values, c.complexity);
      expect(Array.from(effectiveComplexity(input, { preset: 'quantus' }).values)).toEqual(c.effectiveComplexity);
      expect(Array.from(effectiveComplexity(input, { preset: 'quantus', eps: 0.3 }).values)).toEqual(c.effectiveComplexityEps03);
    });
  }

  it("the issue's case: [[1,0,0,0],[1e-6,0,0,0]] is [0.75, 0.536] under quantus, [0.75, 0.75] by default", () => {
    const attributions = fromRows(cases.issue!.attributions);
    const q = sparseness({ x: attributions, attributions }, { preset: 'quantus' }).values;
    expect(q[0]).toBeCloseTo(0.75, 6);
    expect(q[1]).toBeCloseTo(3 / 5.6, 12); // (3·1.1e-6 − 3e-7) / (4 · 1.4e-6)
    expect(Array.from(sparseness({ x: attributions, attributions }).values)).toEqual([0.75, 0.75]);
  });

  it('other presets keep the per-row definitions; bad presets and quantus with relative are BAD_OPTION', () => {
    const attributions = fromRows(cases.zeroRow!.attributions);
    const input = { x: attributions, attributions };
    for (const preset of ['default', 'openxai', 'paper', 'captum'] as const) {
      expect(Array.from(sparseness(input, { preset }).values)).toEqual(Array.from(sparseness(input).values));
    }
    expect(() => sparseness(input, { preset: 'Quantus' as never })).toThrow(/BAD_OPTION.*sparseness: preset/);
    expect(() => effectiveComplexity(input, { preset: 'quantus', relative: true })).toThrow(/BAD_OPTION.*options\.relative/);
  });
});
