import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { monotonicityArya } from './monotonicityArya.js';

describe('monotonicityArya', () => {
  it("matches Quantus' Monotonicity loop, one row per call with x inserted into the 'black' baseline (|e| ascending)", () => {
    const input = fixtureInput();
    for (const step of [1, 2] as const) {
      const peer = cases.monotonicity[step];
      const r = monotonicityArya(input, { featuresInStep: step });
      expect(maxRelativeError(r.curves.data, peer.curves.flat())).toBeLessThan(1e-6);
      expect([...r.values]).toEqual(peer.values);
      // Quantus' batched loop re-fills its baseline instead of inserting x (monotonicity.py:350): every row 1.
      expect(cases.monotonicityQuantus[step]).toEqual([1, 1, 1, 1, 1, 1]);
      expect(peer.values).not.toEqual(cases.monotonicityQuantus[step]);
    }
  });

  it('closed form: a value model with non-negative contributions is monotone under any order; a negative one breaks it', () => {
    const model = {
      inputDim: 3,
      classes: 1,
      output: 'value' as const,
      predictProba: (x: { rows: number; data: Float64Array }) => {
        const out = new Float64Array(x.rows);
        for (let i = 0; i < x.rows; i++) out[i] = x.data[i * 3]! + 2 * x.data[i * 3 + 1]! - x.data[i * 3 + 2]!;
        return { rows: x.rows, cols: 1, data: out };
      },
    };
    const x = fromRows([
      [1, 1, 0],
      [1, 1, 1],
    ]);
    const r = monotonicityArya(
      {
        x,
        attributions: fromRows([
          [1, 2, 3],
          [1, 2, 3],
        ]),
        model,
      },
      { baseline: 0 },
    );
    expect([...r.values]).toEqual([1, 0]);
  });
});
