import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { nonSensitivity } from './nonSensitivity.js';
import { gradient, linearSoftmax, linearValueModel } from '../__fixtures__/closedFormModels.js';
import peer from '../__fixtures__/quantusNonSensitivity.json' with { type: 'json' };

describe('nonSensitivity', () => {
  // Logistic as a 2-class softmax: logits (0, 3x₀ + 2x₁ + 0·x₂); feature 2 is a true dummy.
  const model = linearSoftmax([
    [0, 0, 0],
    [3, 2, 0],
  ]);
  it('a confident row (z = 30): the exact gradient has 0 violations (an absolute 1e-8 on probabilities called all 3 features dummies: 2 violations)', () => {
    const x = fromRows([[6, 6, 1]]); // z = 18 + 12 = 30, p₁ = 1 − 9.4e-14
    const attributions = gradient(model, x, new Int32Array([1])); // p(1 − p)·(3, 2, 0)
    expect(attributions.data[2]).toBe(0);
    expect(attributions.data[0]).toBeGreaterThan(0);
    expect(nonSensitivity({ x, attributions, model }).values[0]).toBe(0);
    // Independently: a dense attribution violates on the dummy only, a missing one on the live feature only.
    expect(nonSensitivity({ x, attributions: fromRows([[1, 1, 1]]), model }).values[0]).toBe(1);
    expect(nonSensitivity({ x, attributions: fromRows([[1, 0, 0]]), model }).values[0]).toBe(1);
    expect(nonSensitivity({ x, attributions: fromRows([[0, 0, 1]]), model }).values[0]).toBe(3);
  });
  it('a row on which nothing moves f: every feature is a dummy, so only zero attributions pass', () => {
    const flat = linearValueModel([0, 0], 1);
    const x = fromRows([[1, 2]]);
    expect(nonSensitivity({ x, attributions: fromRows([[0, 0]]), model: flat }).values[0]).toBe(0);
    expect(nonSensitivity({ x, attributions: fromRows([[0, 1]]), model: flat }).values[0]).toBe(1);
  });
  it('std 0 and negative eps are BAD_OPTION', () => {
    const x = fromRows([[1, 2, 3]]);
    const attributions = fromRows([[1, 1, 0]]);
    expect(() => nonSensitivity({ x, attributions, model }, { std: 0 })).toThrow(/BAD_OPTION.*options\.std/);
    expect(() => nonSensitivity({ x, attributions, model }, { outputEps: -1 })).toThrow(/BAD_OPTION.*options\.outputEps/);
  });
});

describe('non-sensitivity under quantus', () => {
  it("equals Quantus' NonSensitivity (row-minimum baseline, absolute 1e-5 thresholds, batch-normalised |a|)", () => {
    const model = linearSoftmax(peer.W, peer.c);
    const input = { x: fromRows(peer.x), attributions: fromRows(peer.attributions), model, targets: Int32Array.from(peer.targets) };
    expect(Array.from(nonSensitivity(input, { preset: 'quantus' }).values)).toEqual(peer.violations);
    expect(() => nonSensitivity(input, { preset: 'quantus', samples: 3 })).toThrow(/BAD_OPTION.*options\.samples/);
  });
});
