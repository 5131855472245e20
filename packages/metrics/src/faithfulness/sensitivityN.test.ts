import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { sensitivityN } from './sensitivityN.js';

describe('sensitivityN', () => {
  it("acrossInstances matches Quantus' SensitivityN (step 1 to 0.8·d, step 2 to d)", () => {
    const input = fixtureInput();
    const a = sensitivityN(input, { samples: 3 });
    expect([...a.sizes]).toEqual([1, 2, 3, 4]);
    expect(maxRelativeError(a.acrossInstances, cases.sensitivityN['1-0.8'])).toBeLessThan(1e-6);
    const b = sensitivityN(input, { samples: 3, featuresInStep: 2, nMaxPercentage: 1 });
    expect(maxRelativeError(b.acrossInstances, cases.sensitivityN['2-1'])).toBeLessThan(1e-6);
  });

  it('closed form: w ⊙ x on a linear value model with baseline 0 is exact for every subset (ρ = 1 at every n)', () => {
    const w = [1, -2, 0.5, 3, -0.7];
    const model = {
      inputDim: 5,
      classes: 1,
      output: 'value' as const,
      predictProba: (x: { rows: number; data: Float64Array }) => {
        const out = new Float64Array(x.rows);
        for (let i = 0; i < x.rows; i++) for (let j = 0; j < 5; j++) out[i] = out[i]! + w[j]! * x.data[i * 5 + j]!;
        return { rows: x.rows, cols: 1, data: out };
      },
    };
    const x = fromRows([
      [0.3, 1, -1, 0.2, 2],
      [1, 1, 1, 1, 1],
    ]);
    const e = fromRows(cases.x.slice(0, 2).map((_, i) => w.map((wj, j) => wj * x.data[i * 5 + j]!)));
    const r = sensitivityN({ x, attributions: e, model }, { baseline: 0, samples: 8 });
    for (const v of r.byN.data) expect(v).toBeCloseTo(1, 10);
  });

  it('is reproducible from the seed and rejects a grid with no subset size', () => {
    const input = fixtureInput();
    expect([...sensitivityN(input, { seed: 3 }).values]).toEqual([...sensitivityN(input, { seed: 3 }).values]);
    expect(() => sensitivityN(input, { nMaxPercentage: 0.1 })).toThrow(/nMaxPercentage/);
  });
});
