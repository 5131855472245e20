import { fromRows, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { denseMlp, gradient, gradientTimesInput } from '../__fixtures__/closedFormModels.js';
import { fixtureInput, gradientExplain } from '../__fixtures__/quantusTabularCases.js';
import { inputInvariance } from './inputInvariance.js';

describe('inputInvariance', () => {
  it('closed form: the gradient of a compensated model is invariant; gradient × input is not (softmax model, wrapped)', () => {
    const { model, x } = fixtureInput();
    expect([...inputInvariance({ model, x, explain: gradientExplain }).values]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(inputInvariance({ model, x, explain: gradientTimesInput }).mean).toBe(0);
  });

  it("a dense model's first-layer bias is shifted in place (Quantus' add_mean_shift_to_first_layer) and restored", () => {
    const mlp = denseMlp([4, 5, 3], 2);
    const before = mlp.parameters.slice();
    const x = fromRows([
      [0.2, -1, 0.4, 1],
      [1, 0.5, -0.3, 0],
    ]);
    let saw: Model | undefined;
    const spy = (m: Model, xs: Matrix, t: Int32Array): Matrix => {
      saw = m;
      return gradient(m, xs, t);
    };
    expect([...inputInvariance({ model: mlp, x, explain: spy }, { shift: 0.7 }).values]).toEqual([1, 1]);
    expect(saw).toBe(mlp);
    expect([...mlp.parameters]).toEqual([...before]);
  });

  it("uses numpy isclose: |e − e'| ≤ atol + 1e-5·|e'|", () => {
    const { model, x } = fixtureInput();
    let calls = 0;
    // Second call (the shifted one) is off by 5e-5 everywhere: passes atol 1e-4, fails atol 1e-5.
    const explain = (_m: Model, xs: Matrix): Matrix => {
      const off = calls++ === 0 ? 0 : 5e-5;
      return fromRows(Array.from({ length: xs.rows }, (_, i) => [...row(xs, i)].map(() => 1 + off)));
    };
    expect(inputInvariance({ model, x, explain }).mean).toBe(1);
    calls = 0;
    expect(inputInvariance({ model, x, explain }, { atol: 1e-5 }).mean).toBe(0);
  });

  it('takes a preset: the closed form holds under quantus and captum; an unknown one is BAD_OPTION', () => {
    const { model, x } = fixtureInput();
    for (const preset of ['quantus', 'captum'] as const) {
      expect([...inputInvariance({ model, x, explain: gradientExplain }, { preset }).values]).toEqual([1, 1, 1, 1, 1, 1]);
      expect(inputInvariance({ model, x, explain: gradientTimesInput }, { preset }).mean).toBe(0);
    }
    expect(() => inputInvariance({ model, x, explain: gradientExplain }, { preset: 'fast' as never })).toThrow(/quantus/);
  });
});
