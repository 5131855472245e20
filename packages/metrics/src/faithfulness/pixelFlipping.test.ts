import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { pixelFlipping } from './pixelFlipping.js';

describe('pixelFlipping', () => {
  it("matches Quantus' PixelFlipping (curves and np.trapz AUC, 1 and 2 features per step)", () => {
    const input = fixtureInput();
    // Quantus refuses a step that does not divide d (quantus/helpers/asserts.py:31); ours takes a shorter last step.
    expect(cases.pixelFlippingRefused.refused).toMatch(/AssertionError.*6 % 4 != 0/);
    expect(pixelFlipping(input, { featuresInStep: 4 }).curves.cols).toBe(2);
    for (const step of [1, 2] as const) {
      const peer = cases.pixelFlipping[step];
      const r = pixelFlipping(input, { featuresInStep: step });
      expect(maxRelativeError(r.curves.data, peer.curves.flat())).toBeLessThan(1e-6);
      expect(maxRelativeError(r.values, peer.values)).toBeLessThan(1e-6);
    }
  });

  it('closed form: a value model w·x with baseline 0 falls by w_j x_j per removed feature', () => {
    const w = [2, -1, 0.5];
    const model = {
      inputDim: 3,
      classes: 1,
      output: 'value' as const,
      predictProba: (x: { rows: number; data: Float64Array }) => {
        const out = new Float64Array(x.rows);
        for (let i = 0; i < x.rows; i++) out[i] = w[0]! * x.data[i * 3]! + w[1]! * x.data[i * 3 + 1]! + w[2]! * x.data[i * 3 + 2]!;
        return { rows: x.rows, cols: 1, data: out };
      },
    };
    const x = fromRows([[1, 1, 1]]);
    // e = w ⊙ x: order 0, 2, 1 → outputs after each removal: 1 − 2 = −0.5, −0.5 − 0.5 = −1, −1 + 1 = 0.
    const r = pixelFlipping({ x, attributions: fromRows([[2, -1, 0.5]]), model }, { baseline: 0 });
    expect([...r.curves.data]).toEqual([-0.5, -1, 0]);
    expect(r.values[0]).toBeCloseTo((-0.5 - 1) / 2 + (-1 + 0) / 2, 12);
  });

  it('rejects unknown options and a bad baseline', () => {
    const input = fixtureInput();
    expect(() => pixelFlipping(input, { steps: 2 } as never)).toThrow(/steps/);
    expect(() => pixelFlipping(input, { baseline: 'mean' as never })).toThrow(/baseline/);
    expect(() => pixelFlipping(input, { featuresInStep: 0 })).toThrow(/featuresInStep/);
  });
});
