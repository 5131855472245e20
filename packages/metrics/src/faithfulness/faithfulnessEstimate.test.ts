import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { faithfulnessEstimate } from './faithfulnessEstimate.js';

const linear = (w: number[]) => ({
  inputDim: w.length,
  classes: 1,
  output: 'value' as const,
  predictProba: (x: { rows: number; data: Float64Array }) => {
    const d = w.length;
    const out = new Float64Array(x.rows);
    for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out[i] = out[i]! + w[j]! * x.data[i * d + j]!;
    return { rows: x.rows, cols: 1, data: out };
  },
});

describe('faithfulnessEstimate', () => {
  it("matches Quantus' FaithfulnessEstimate (probabilities with softmax=True; logits, its default, under quantus), 1 and 2 features per step", () => {
    const input = fixtureInput();
    for (const step of [1, 2] as const) {
      const r = faithfulnessEstimate(input, { featuresInStep: step, output: 'probability' });
      expect(maxRelativeError(r.values, cases.faithfulnessEstimateSoftmax[step])).toBeLessThan(1e-6);
      const q = faithfulnessEstimate(input, { featuresInStep: step, preset: 'quantus' });
      expect(maxRelativeError(q.values, cases.faithfulnessEstimate[step])).toBeLessThan(1e-6);
    }
  });

  it('closed form: w ⊙ x of a linear value model with baseline 0 correlates perfectly; −w ⊙ x scores −1', () => {
    const w = [1.5, -2, 0.3, 0.8];
    const x = fromRows([[0.2, -1, 2, 0.5]]);
    const e = [0, 1, 2, 3].map((j) => w[j]! * x.data[j]!);
    expect(faithfulnessEstimate({ x, attributions: fromRows([e]), model: linear(w) }, { baseline: 0 }).values[0]).toBeCloseTo(1, 12);
    const neg = fromRows([e.map((v) => -v)]);
    expect(faithfulnessEstimate({ x, attributions: neg, model: linear(w) }, { baseline: 0 }).values[0]).toBeCloseTo(-1, 12);
  });

  it('all-zero attributions are undefined (NaN, counted)', () => {
    const input = fixtureInput();
    const r = faithfulnessEstimate({ ...input, attributions: fromRows(cases.x.map((r) => r.map(() => 0))) });
    expect(r.undefinedIndices.length).toBe(r.values.length);
  });
});
