// The `output` option of the model-querying metrics, checked by closed forms on a linear-logit
// softmax model z = W x + c: with the logit scored, gradient × input is exactly complete
// (z_t(x) − z_t(0) = W_t · x) and the logit gradient W_t has zero infidelity (Δz = W_t · I).
import { describe, expect, it } from 'vitest';
import { fromRows, matrix, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { linearSoftmax, linearValueModel, randomMatrix } from './__fixtures__/closedFormModels.js';
import { completeness } from './axiomatic/completeness.js';
import { nonSensitivity } from './axiomatic/nonSensitivity.js';
import { deletion } from './faithfulness/deletion.js';
import { faithfulnessCorrelation } from './faithfulness/faithfulnessCorrelation.js';
import { infidelity } from './faithfulness/infidelity.js';
import { monotonicityCorrelation } from './faithfulness/monotonicityCorrelation.js';

const W = [
  [0.5, -1, 2],
  [-0.3, 0.8, 0.1],
];
const c = [0.2, -0.1];
function logitsOf(x: Matrix): Matrix {
  const out = matrix(x.rows, 2);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    for (let k = 0; k < 2; k++) out.data[i * 2 + k] = c[k]! + W[k]![0]! * r[0]! + W[k]![1]! * r[1]! + W[k]![2]! * r[2]!;
  }
  return out;
}
const withLogits: Model = { ...linearSoftmax(W, c), logits: logitsOf };
const x = randomMatrix(6, 3, 91);
const targets = new Int32Array(6); // class 0 everywhere
const gradTimesInput = fromRows(Array.from({ length: 6 }, (_, i) => W[0]!.map((w, j) => w * row(x, i)[j]!)));
const logitGradient = fromRows(Array.from({ length: 6 }, () => W[0]!));
const input = (attributions: Matrix, model: Model = withLogits) => ({ x, attributions, model, targets });

describe("output: 'logit' scores the class logit", () => {
  it('completeness of gradient × input on the logit is 0; on the probability it is not', () => {
    const onLogit = completeness(input(gradTimesInput), { output: 'logit' });
    for (const v of onLogit.values) expect(Math.abs(v)).toBeLessThan(1e-12);
    expect(completeness(input(gradTimesInput)).mean).toBeGreaterThan(1e-3);
  });
  it('infidelity of the logit gradient is 0 under output logit and under the captum preset (its default)', () => {
    for (const options of [{ output: 'logit' as const }, { preset: 'captum' as const }, { preset: 'quantus' as const }]) {
      const r = infidelity(input(logitGradient), { ...options, samples: 8 });
      for (const v of r.values) expect(v).toBeLessThan(1e-20);
    }
    expect(infidelity(input(logitGradient), { samples: 8 }).mean).toBeGreaterThan(1e-6);
  });
  it("quantus keeps probabilities where Quantus' softmax default is true (monotonicity correlation, non-sensitivity)", () => {
    const a = input(gradTimesInput);
    expect(monotonicityCorrelation(a, { preset: 'quantus', samples: 4 }).values).toEqual(
      monotonicityCorrelation(a, { preset: 'quantus', samples: 4, output: 'probability' }).values,
    );
    expect(nonSensitivity(a, { preset: 'quantus' }).values).toEqual(nonSensitivity(a, { preset: 'quantus', output: 'probability' }).values);
    expect(faithfulnessCorrelation(a, { preset: 'quantus', samples: 8 }).values).toEqual(
      faithfulnessCorrelation(a, { preset: 'quantus', output: 'logit', samples: 8 }).values,
    );
  });
  it('a deletion curve on the logit of a linear model falls by W_t·x_j per removed feature', () => {
    const r = deletion(input(gradTimesInput), { output: 'logit' });
    const z = logitsOf(x);
    for (let i = 0; i < 6; i++) expect(r.curves.data[i * 4]).toBeCloseTo(z.data[i * 2]!, 12);
    for (let i = 0; i < 6; i++) expect(r.curves.data[i * 4 + 3]).toBeCloseTo(c[0]!, 12);
  });
});

describe('output errors name the option', () => {
  it("'value' on a classifier and 'logit' on a value model are BAD_OPTION; 'logit' without logits is NOT_SUPPORTED", () => {
    expect(() => completeness(input(gradTimesInput), { output: 'value' })).toThrow(/BAD_OPTION.*options\.output/);
    const valueModel = linearValueModel([1, 2, 3]);
    expect(() => completeness({ x, attributions: gradTimesInput, model: valueModel }, { output: 'logit' })).toThrow(
      /BAD_OPTION.*options\.output/,
    );
    expect(completeness({ x, attributions: gradTimesInput, model: valueModel }, { output: 'value' }).count).toBe(6);
    expect(() => completeness(input(gradTimesInput, linearSoftmax(W, c)), { output: 'logit' })).toThrow(/NOT_SUPPORTED.*model\.logits/);
    expect(() => infidelity(input(gradTimesInput), { output: 'logits' as never })).toThrow(/BAD_OPTION.*options\.output/);
  });
});
