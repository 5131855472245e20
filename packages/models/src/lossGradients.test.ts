import { describe, expect, it } from 'vitest';
import { createRng, row } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { createMlp } from './createMlp.js';
import type { LossOptions } from './lossGradients.js';
import { lossGradients } from './lossGradients.js';
import { functionModel } from './functionModel.js';
import type { NeuralModel } from './neuralModel.js';
import { errorOf, randomMatrix, refForward, refLayers, refSoftmax, relError } from './__fixtures__/reference.js';

/** Weighted-mean cross-entropy computed by the nested-loop reference. */
function refLoss(model: NeuralModel, x: ReturnType<typeof randomMatrix>, y: Int32Array, o: LossOptions): number {
  const layers = refLayers(model);
  let total = 0;
  let weights = 0;
  for (let i = 0; i < x.rows; i++) {
    const z = refForward(layers, Array.from(row(x, i))).post.at(-1)!;
    const input = o.openxaiDoubleSoftmax ? refSoftmax(z) : z;
    const q = refSoftmax(input);
    const w = o.classWeights ? o.classWeights[y[i]!]! : 1;
    total += -w * Math.log(q[y[i]!]!);
    weights += w;
  }
  return total / weights;
}

describe('lossGradients', () => {
  const shapes = createRng(21);
  const variants: LossOptions[] = [{}, { classWeights: [0.3, 0.7] }, { openxaiDoubleSoftmax: true, classWeights: [0.6, 0.4] }];
  for (let trial = 0; trial < 3; trial++) {
    const d = 2 + shapes.int(5);
    // widths on both sides of 8 exercise both weight-gradient paths of the backward pass
    const hidden = trial === 0 ? [9, 12] : [2 + shapes.int(12), 2 + shapes.int(12)];
    // batches below and above 16 rows exercise both input-gradient paths of the backward pass
    const n = trial === 0 ? 20 : 2 + shapes.int(6);
    for (const kind of ['lr', 'ann', 'tanh', 'sigmoid'] as const) {
      it(`${kind} d=${d} hidden=${hidden} n=${n}: every parameter gradient matches central differences (rel. error < 1e-6)`, () => {
        const model =
          kind === 'lr'
            ? createLogisticRegression(d, { seed: trial })
            : kind === 'ann'
              ? createAnn(d, { hidden, seed: trial })
              : createMlp(d, { hidden, seed: trial, activation: kind });
        const x = randomMatrix(50 + trial, n, d);
        const y = Int32Array.from({ length: n }, (_, i) => (i * 7 + trial) % 2);
        for (const o of variants) {
          const { loss, gradient, layers } = lossGradients(model, x, y, o);
          expect(Math.abs(loss - refLoss(model, x, y, o))).toBeLessThan(1e-13);
          const p = model.parameters;
          const fd = new Float64Array(p.length);
          const h = 1e-5;
          for (let k = 0; k < p.length; k++) {
            const v = p[k]!;
            p[k] = v + h;
            const up = refLoss(model, x, y, o);
            p[k] = v - h;
            const down = refLoss(model, x, y, o);
            p[k] = v;
            fd[k] = (up - down) / (2 * h);
          }
          expect(relError(gradient, fd)).toBeLessThan(1e-6);
          // the per-layer views are the same numbers
          expect(layers[0]!.weight.data[0]).toBe(gradient[0]);
          expect(layers.at(-1)!.bias.at(-1)).toBe(gradient.at(-1));
        }
      });
    }
  }

  it('rejects foreign models and bad class weights', () => {
    const x = randomMatrix(1, 2, 2);
    const y = Int32Array.of(0, 1);
    const foreign = functionModel(
      () => [
        [0.5, 0.5],
        [0.5, 0.5],
      ],
      { inputDim: 2, classes: 2 },
    );
    expect(errorOf(() => lossGradients(foreign as unknown as NeuralModel, x, y)).code).toBe('NOT_SUPPORTED');
    const lr = createLogisticRegression(2);
    expect(errorOf(() => lossGradients(lr, x, y, { classWeights: [1] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => lossGradients(lr, x, y, { classWeights: [1, -1] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => lossGradients(lr, x, Int32Array.of(0, 3))).code).toBe('BAD_INPUT');
  });
});
