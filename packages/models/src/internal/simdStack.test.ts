import type { Matrix } from '@xai/core';
import { createRng } from '@xai/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMlp } from '../createMlp.js';
import type { Activation } from '../denseLayer.js';
import { lossGradients } from '../lossGradients.js';
import type { NeuralModel } from '../neuralModel.js';
import { trainModel } from '../trainModel.js';
import { withPrecision } from '../withPrecision.js';
import { MlpModel } from './mlpModel.js';

/** The same model on the scalar JS kernels (the reference): `XAI_KERNELS=js` while it is made. */
function onJsKernels(m: NeuralModel): NeuralModel {
  const before = process.env.XAI_KERNELS;
  process.env.XAI_KERNELS = 'js';
  try {
    const src = m as MlpModel;
    return new MlpModel(src.kind, src.core.shapes, Float64Array.from(src.parameters), src.extras());
  } finally {
    if (before === undefined) delete process.env.XAI_KERNELS;
    else process.env.XAI_KERNELS = before;
  }
}

/** Which kernels a model computes with (float32 models: the float32 engine's). */
function kernelsOf(m: NeuralModel): string {
  const mm = m as MlpModel;
  return mm.f32 === null ? mm.core.kernels : mm.f32.kernels;
}

afterEach(() => {
  expect(process.env.XAI_KERNELS).toBeUndefined();
});

/** Every bit equal, zeros' signs included. */
function sameBits(got: Matrix, want: Matrix): void {
  expect([got.rows, got.cols]).toEqual([want.rows, want.cols]);
  const bad: number[] = [];
  for (let i = 0; i < want.data.length; i++) if (!Object.is(got.data[i], want.data[i])) bad.push(i);
  expect(bad.slice(0, 5).map((i) => [i, got.data[i], want.data[i]])).toEqual([]);
}

/** n x d rows inside a wider buffer (row stride d + pad, offset pad): a strided view. */
function stridedInput(n: number, d: number, pad: number, seed: number): Matrix {
  const stride = d + pad;
  const data = new Float64Array(pad + n * stride + 1);
  createRng(seed).fillNormal(data);
  return { rows: n, cols: d, data, stride, offset: pad };
}

const config = fc.record({
  d: fc.integer({ min: 1, max: 23 }),
  hidden: fc.array(fc.integer({ min: 1, max: 37 }), { maxLength: 3 }),
  activation: fc.constantFrom<Activation>('relu', 'tanh', 'sigmoid'),
  classes: fc.integer({ min: 2, max: 5 }),
  value: fc.boolean(),
  float32: fc.boolean(),
  n: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(97)),
  pad: fc.integer({ min: 0, max: 3 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

describe('SIMD kernels behind the built-in models', () => {
  it('give the JS kernels’ bits: outputs, input gradients and the hidden layer, float64 and float32, strided inputs', () => {
    fc.assert(
      fc.property(config, (c) => {
        let m: NeuralModel = createMlp(c.d, {
          hidden: c.hidden,
          activation: c.activation,
          classes: c.value ? c.classes - 1 : c.classes,
          output: c.value ? 'value' : 'probabilities',
          seed: c.seed,
        });
        if (c.float32) m = withPrecision(m, 'float32');
        const ref = onJsKernels(m);
        expect([kernelsOf(m), kernelsOf(ref)]).toEqual(['simd', 'js']);
        const x = stridedInput(c.n, c.d, c.pad, c.seed + 1);
        const t = Int32Array.from({ length: c.n }, (_, i) => (i * 7 + c.seed) % m.classes);
        sameBits(m.predictProba(x), ref.predictProba(x));
        sameBits(m.logits(x), ref.logits(x));
        sameBits(m.inputGradient(x, t), ref.inputGradient(x, t));
        sameBits(m.inputGradient(x, t, { output: 'logit' }), ref.inputGradient(x, t, { output: 'logit' }));
        if (m.hidden && ref.hidden) {
          sameBits(m.hidden(x), ref.hidden(x));
          sameBits(m.hidden(x, { activation: 'pre' }), ref.hidden(x, { activation: 'pre' }));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('give the JS kernels’ bits on layers wide enough for the zero-skipping kernel (ReLU, float64 and float32)', () => {
    const wide = fc.record({
      d: fc.integer({ min: 30, max: 70 }),
      hidden: fc.array(fc.integer({ min: 60, max: 75 }), { minLength: 1, maxLength: 2 }),
      classes: fc.integer({ min: 2, max: 3 }),
      float32: fc.boolean(),
      n: fc.integer({ min: 0, max: 11 }),
      pad: fc.integer({ min: 0, max: 2 }),
      seed: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(wide, (c) => {
        let m: NeuralModel = createMlp(c.d, { hidden: c.hidden, activation: 'relu', classes: c.classes, seed: c.seed });
        if (c.float32) m = withPrecision(m, 'float32');
        const ref = onJsKernels(m);
        const x = stridedInput(c.n, c.d, c.pad, c.seed + 1);
        for (let q = 0; q < x.data.length; q += 3) x.data[q] = 0; // zero inputs too
        const t = Int32Array.from({ length: c.n }, (_, i) => (i + c.seed) % m.classes);
        sameBits(m.predictProba(x), ref.predictProba(x));
        sameBits(m.inputGradient(x, t), ref.inputGradient(x, t));
      }),
      { numRuns: 25 },
    );
  });

  it('keep the bits when a wide layer has an infinite weight (no term skipped: 0 · ∞ is NaN on both paths)', () => {
    for (const float32 of [false, true]) {
      let m: NeuralModel = createMlp(40, { hidden: [70, 66], seed: 3 });
      if (float32) m = withPrecision(m, 'float32');
      const x = stridedInput(6, 40, 1, 4);
      m.predictProba(x); // laid out once with finite weights
      m.layers[1]!.weight.data[5] = Number.POSITIVE_INFINITY;
      m.layers[2]!.weight.data[7] = float32 ? 1e300 : Number.NEGATIVE_INFINITY; // 1e300 is ∞ in float32
      const ref = onJsKernels(m);
      sameBits(m.logits(x), ref.logits(x));
      sameBits(m.inputGradient(x, new Int32Array(6), { output: 'logit' }), ref.inputGradient(x, new Int32Array(6), { output: 'logit' }));
    }
  });

  it('train to the same parameters bit for bit, and give the same loss gradients', () => {
    for (const activation of ['relu', 'tanh'] as const) {
      const m = createMlp(9, { hidden: [24, 17], activation, seed: 4 });
      const ref = onJsKernels(m);
      expect([kernelsOf(m), kernelsOf(ref)]).toEqual(['simd', 'js']);
      const x = stridedInput(150, 9, 1, 5);
      const y = Int32Array.from({ length: 150 }, (_, i) => (x.data[1 + i * 10]! > 0 ? 1 : 0));
      const opts = { epochs: 2, batchSize: 40, validationFraction: 0 } as const;
      trainModel(m, { train: { x, y } }, opts);
      trainModel(ref, { train: { x, y } }, opts);
      sameBits({ rows: 1, cols: m.parameters.length, data: m.parameters }, { rows: 1, cols: ref.parameters.length, data: ref.parameters });
      const g = lossGradients(m, x, y);
      const gr = lossGradients(ref, x, y);
      expect(g.loss).toBe(gr.loss);
      sameBits({ rows: 1, cols: g.gradient.length, data: g.gradient }, { rows: 1, cols: gr.gradient.length, data: gr.gradient });
    }
  });

  it('follow writes to the weights between calls (laid out again)', () => {
    for (const float32 of [false, true]) {
      let m: NeuralModel = createMlp(5, { hidden: [6], seed: 8 });
      if (float32) m = withPrecision(m, 'float32');
      const x = stridedInput(20, 5, 0, 9);
      m.predictProba(x); // lay the weights out once
      const w = m.layers[1]!.weight.data;
      w.fill(0);
      w[3] = -1.25;
      m.layers[1]!.bias.fill(2);
      m.layers[0]!.weight.data[2] = 3.5;
      const ref = onJsKernels(m);
      sameBits(m.logits(x), ref.logits(x));
      sameBits(m.inputGradient(x, new Int32Array(20)), ref.inputGradient(x, new Int32Array(20)));
    }
  });
});
