import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { createRng, row, rowBlock } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { createMlp } from './createMlp.js';
import { errorOf, randomMatrix, refForward, refLayers, refSoftmax, relError } from './__fixtures__/reference.js';
import { fromModelJson } from './fromModelJson.js';
import { functionModel } from './functionModel.js';
import { toModelJson } from './toModelJson.js';
import { trainModel } from './trainModel.js';
import { withPrecision } from './withPrecision.js';

/** Central differences of output[t] (probability or logit) w.r.t. every input, row by row (reference). */
function fdInputGradient(f: (x: Matrix) => Matrix, x: Matrix, targets: Int32Array, h = 1e-5): Float64Array {
  const g = new Float64Array(x.rows * x.cols);
  for (let i = 0; i < x.rows; i++) {
    const r = Float64Array.from(row(x, i));
    for (let j = 0; j < x.cols; j++) {
      const v = r[j]!;
      r[j] = v + h;
      const up = f({ rows: 1, cols: x.cols, data: r }).data[targets[i]!]!;
      r[j] = v - h;
      const down = f({ rows: 1, cols: x.cols, data: r }).data[targets[i]!]!;
      r[j] = v;
      g[i * x.cols + j] = (up - down) / (2 * h);
    }
  }
  return g;
}

describe('forward pass', () => {
  it('predictProba, logits and hidden match a nested-loop reference', () => {
    const model = createAnn(6, { hidden: [9, 7], seed: 4 });
    const x = randomMatrix(1, 5, 6);
    const ref = refLayers(model);
    const p = model.predictProba(x);
    const z = model.logits(x);
    const pre = model.hidden!(x, { activation: 'pre' });
    const post = model.hidden!(x, { activation: 'post' });
    for (let i = 0; i < x.rows; i++) {
      const f = refForward(ref, Array.from(row(x, i)));
      const logits = f.post[2]!;
      expect(relError(row(z, i), logits)).toBeLessThan(1e-14);
      expect(relError(row(p, i), refSoftmax(logits))).toBeLessThan(1e-14);
      expect(relError(row(pre, i), f.pre[0]!)).toBeLessThan(1e-14);
      expect(relError(row(post, i), f.post[0]!)).toBeLessThan(1e-14);
    }
    expect(post.data.some((v) => v === 0)).toBe(true); // the ReLU did clip something
  });

  for (const activation of ['tanh', 'sigmoid'] as const) {
    it(`${activation} hidden layers: predictProba, logits and hidden match the nested-loop reference`, () => {
      const model = createMlp(5, { hidden: [7, 6], seed: 8, activation });
      expect(model.layers.map((l) => l.activation)).toEqual([activation, activation, 'none']);
      const x = randomMatrix(3, 6, 5, 3);
      const ref = refLayers(model);
      const z = model.logits(x);
      const p = model.predictProba(x);
      const pre = model.hidden!(x, { activation: 'pre' });
      const post = model.hidden!(x, { activation: 'post' });
      for (let i = 0; i < x.rows; i++) {
        const f = refForward(ref, Array.from(row(x, i)));
        expect(relError(row(z, i), f.post[2]!)).toBeLessThan(1e-14);
        expect(relError(row(p, i), refSoftmax(f.post[2]!))).toBeLessThan(1e-14);
        expect(relError(row(pre, i), f.pre[0]!)).toBeLessThan(1e-14);
        // closed forms of the activations on the first hidden layer
        const expected = f.pre[0]!.map((v) => (activation === 'tanh' ? Math.tanh(v) : 1 / (1 + Math.exp(-v))));
        expect(relError(row(post, i), expected)).toBeLessThan(1e-15);
      }
    });
  }

  it('sigmoid does not overflow for large |z|', () => {
    const model = createMlp(1, { hidden: [2], seed: 0, activation: 'sigmoid' });
    model.layers[0]!.weight.data.set([1, -1]);
    model.layers[0]!.bias.fill(0);
    const post = model.hidden!({ rows: 1, cols: 1, data: Float64Array.of(800) });
    expect(Array.from(post.data)).toEqual([1, 0]);
  });

  it('softmax is stable for huge logits', () => {
    const model = createLogisticRegression(2, { seed: 0 });
    model.layers[0]!.weight.data.set([1e4, 0, -1e4, 0]);
    const p = model.predictProba({ rows: 2, cols: 2, data: Float64Array.of(1, 0, -1, 0) });
    expect(Array.from(p.data)).toEqual([1, 0, 0, 1]);
  });

  it('accepts strided views and reuses buffers across batch sizes', () => {
    const model = createAnn(4, { hidden: [5, 3], seed: 2 });
    const big = randomMatrix(2, 10, 4);
    const full = model.predictProba(big);
    const small = model.predictProba(rowBlock(big, 3, 5));
    expect(Array.from(small.data)).toEqual(Array.from(full.data.subarray(6, 10)));
    const again = model.predictProba(big);
    expect(Array.from(again.data)).toEqual(Array.from(full.data));
    // a 2-column view inside a wider buffer (stride 6, offset 1)
    const wide = new Float64Array(6 * 10);
    for (let i = 0; i < 10; i++) wide.set(row(big, i), i * 6 + 1);
    const view = { rows: 10, cols: 4, data: wide, stride: 6, offset: 1 };
    expect(Array.from(model.predictProba(view).data)).toEqual(Array.from(full.data));
  });

  it('processes batches larger than its block size (2048 rows) like small ones', () => {
    const model = createAnn(3, { hidden: [4, 4], seed: 5 });
    const x = randomMatrix(6, 4500, 3);
    const coin = createRng(7);
    const targets = Int32Array.from({ length: 4500 }, () => coin.int(2));
    const p = model.predictProba(x);
    const z = model.logits(x);
    const g = model.inputGradient(x, targets);
    for (const [s, e] of [
      [2040, 2060],
      [4490, 4500],
      [0, 3],
    ]) {
      const xb = rowBlock(x, s!, e!);
      expect(Array.from(model.predictProba(xb).data)).toEqual(Array.from(p.data.subarray(2 * s!, 2 * e!)));
      expect(Array.from(model.logits(xb).data)).toEqual(Array.from(z.data.subarray(2 * s!, 2 * e!)));
      expect(Array.from(model.inputGradient(xb, targets.subarray(s!, e!)).data)).toEqual(Array.from(g.data.subarray(3 * s!, 3 * e!)));
    }
  });

  it('handles an empty batch (also as the first call)', () => {
    const model = createAnn(3, { hidden: [4, 4] });
    const empty = { rows: 0, cols: 3, data: new Float64Array(0) };
    expect(model.predictProba(empty)).toMatchObject({ rows: 0, cols: 2 });
    expect(model.inputGradient(empty, new Int32Array(0))).toMatchObject({ rows: 0, cols: 3 });
    expect(model.hidden!(empty).rows).toBe(0);
  });

  it('writes into a given out buffer', () => {
    const model = createLogisticRegression(3);
    const x = randomMatrix(3, 4, 3);
    const out = { rows: 4, cols: 2, data: new Float64Array(8) };
    expect(model.predictProba(x, out)).toBe(out);
    expect(Array.from(out.data)).toEqual(Array.from(model.predictProba(x).data));
  });

  it('LR has no hidden layer; the ANN has one of width 100 by default', () => {
    expect(createLogisticRegression(3).hidden).toBeUndefined();
    const ann = createAnn(3);
    expect(ann.hidden!(randomMatrix(1, 2, 3)).cols).toBe(100);
    expect(ann.layers.map((l) => [l.inputDim, l.outputDim, l.activation])).toEqual([
      [3, 100, 'relu'],
      [100, 100, 'relu'],
      [100, 2, 'none'],
    ]);
  });
});

describe('input gradients', () => {
  const shapes = createRng(11);
  for (let trial = 0; trial < 4; trial++) {
    const d = 2 + shapes.int(6);
    // trial 0 is wide and long enough (≥ 8 units, ≥ 16 rows) for the transposed backward path
    const hidden = trial === 0 ? [9, 10] : [2 + shapes.int(8), 2 + shapes.int(8)];
    const n = trial === 0 ? 20 : 1 + shapes.int(5);
    for (const kind of ['lr', 'ann', 'tanh', 'sigmoid'] as const) {
      it(`${kind} d=${d} hidden=${hidden} n=${n}: matches central differences (rel. error < 1e-6)`, () => {
        const model =
          kind === 'lr'
            ? createLogisticRegression(d, { seed: trial })
            : kind === 'ann'
              ? createAnn(d, { hidden, seed: trial })
              : createMlp(d, { hidden, seed: trial, activation: kind });
        const x = randomMatrix(100 + trial, n, d);
        const targets = Int32Array.from({ length: n }, (_, i) => (i + trial) % 2);
        for (const output of ['probability', 'logit'] as const) {
          const g = model.inputGradient(x, targets, { output });
          const f = output === 'probability' ? (m: Matrix) => model.predictProba(m) : (m: Matrix) => model.logits(m);
          const fd = fdInputGradient(f, x, targets);
          for (let i = 0; i < n; i++) expect(relError(row(g, i), fd.subarray(i * d, (i + 1) * d))).toBeLessThan(1e-6);
        }
      });
    }
  }

  it("a row's gradient is bit-identical alone and in a 20-row batch (both backward paths)", () => {
    const model = createAnn(5, { hidden: [12, 9], seed: 1 });
    const x = randomMatrix(8, 20, 5);
    const targets = Int32Array.from({ length: 20 }, (_, i) => (i * i) % 2);
    const g = model.inputGradient(x, targets);
    for (let i = 0; i < 20; i++) {
      expect(Array.from(model.inputGradient(rowBlock(x, i, i + 1), targets.subarray(i, i + 1)).data)).toEqual(Array.from(row(g, i)));
    }
  });

  it('LR closed form: d p1 / dx = p1 (1 − p1) (w1 − w0)', () => {
    const model = createLogisticRegression(5, { seed: 9 });
    const x = randomMatrix(5, 6, 5);
    const p = model.predictProba(x);
    const g = model.inputGradient(x, new Int32Array(6).fill(1));
    const w = model.layers[0]!.weight;
    for (let i = 0; i < 6; i++) {
      const p1 = p.data[2 * i + 1]!;
      const expected = Array.from({ length: 5 }, (_, j) => p1 * (1 - p1) * (w.data[5 + j]! - w.data[j]!));
      expect(relError(row(g, i), expected)).toBeLessThan(1e-12);
    }
    // and the logit gradient of class 1 is the weight row itself
    const gl = model.inputGradient(x, new Int32Array(6).fill(1), { output: 'logit' });
    expect(Array.from(row(gl, 3))).toEqual(Array.from(w.data.subarray(5, 10)));
  });

  it('rejects bad targets, options and shapes with typed errors', () => {
    const model = createAnn(3, { hidden: [4, 4] });
    const x = randomMatrix(1, 2, 3);
    expect(errorOf(() => model.inputGradient(x, Int32Array.of(0))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => model.inputGradient(x, Int32Array.of(0, 2))).code).toBe('BAD_INPUT');
    expect(errorOf(() => model.inputGradient(x, null as unknown as Int32Array)).code).toBe('BAD_INPUT');
    expect(errorOf(() => model.inputGradient(x, Int32Array.of(0, 1), { output: 'p' as 'logit' })).code).toBe('BAD_OPTION');
    expect(errorOf(() => model.inputGradient(x, Int32Array.of(0, 1), { out: { rows: 2, cols: 2, data: new Float64Array(4) } })).code).toBe(
      'SHAPE_MISMATCH',
    );
    expect(errorOf(() => model.predictProba(randomMatrix(1, 2, 4))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => model.logits({} as Matrix)).code).toBe('BAD_INPUT');
    expect(errorOf(() => model.hidden!(x, { activation: 'mid' as 'pre' })).code).toBe('BAD_OPTION');
  });
});

describe('createMlp', () => {
  it('initialises like PyTorch: uniform in (−1/√in, 1/√in), seeded', () => {
    const model = createMlp(400, { hidden: [300], seed: 3 });
    const w = model.layers[0]!.weight.data;
    const bound = 1 / Math.sqrt(400);
    let sum = 0;
    let sq = 0;
    let max = 0;
    for (const v of w) {
      max = Math.max(max, Math.abs(v));
      sum += v;
      sq += v * v;
    }
    expect(max).toBeLessThan(bound);
    // uniform(−b, b): mean 0, variance b²/3 (120000 draws: tight bounds)
    expect(Math.abs(sum / w.length)).toBeLessThan(bound * 0.01);
    expect(sq / w.length / ((bound * bound) / 3)).toBeCloseTo(1, 1);
    for (const v of model.layers[1]!.bias) expect(Math.abs(v)).toBeLessThan(1 / Math.sqrt(300));
    expect(Array.from(createMlp(400, { hidden: [300], seed: 3 }).parameters)).toEqual(Array.from(model.parameters));
    expect(createMlp(400, { hidden: [300], seed: 4 }).parameters[0]).not.toBe(model.parameters[0]);
  });

  it('layers are views into parameters (writes show through)', () => {
    const model = createLogisticRegression(2);
    model.parameters.fill(0);
    model.layers[0]!.bias[1] = Math.log(3);
    const p = model.predictProba({ rows: 1, cols: 2, data: Float64Array.of(5, 7) });
    expect(p.data[1]).toBeCloseTo(0.75, 15);
  });

  it('rejects bad shapes and options', () => {
    expect(errorOf(() => createMlp(0)).code).toBe('BAD_INPUT');
    expect(errorOf(() => createMlp(2.5)).code).toBe('BAD_INPUT');
    expect(errorOf(() => createMlp(3, { hidden: [4, 0] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => createMlp(3, { hidden: 4 as unknown as number[] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => createMlp(3, { classes: 1 })).code).toBe('BAD_OPTION');
    expect(errorOf(() => createMlp(3, { activation: 'gelu' as 'relu' })).code).toBe('BAD_OPTION');
    expect(errorOf(() => createMlp(3, { seed: 0.5 })).code).toBe('BAD_OPTION');
  });

  it('validates kind at creation: unknown, lr with hidden layers, ann without one (not only at save)', () => {
    for (const [options, message] of [
      [{ kind: 'foo' as 'lr' }, /unknown kind "foo"/],
      [{ kind: 'lr' as const, hidden: [4] }, /kind 'lr' has no hidden layer/],
      [{ kind: 'ann' as const }, /kind 'ann' needs at least one hidden layer/],
    ] as const) {
      const e = errorOf(() => createMlp(3, options));
      expect(e.code).toBe('BAD_OPTION');
      expect(e.message).toMatch(message);
    }
    // every kind the creator accepts, the file reader accepts too
    for (const options of [{ kind: 'lr' as const }, { kind: 'ann' as const, hidden: [4] }, { kind: 'mlp' as const }, { hidden: [2, 2] }]) {
      const m = createMlp(3, options);
      expect(fromModelJson(toModelJson(m)).kind).toBe(m.kind);
    }
  });

  it('the same mistake gets the same code: option values → BAD_OPTION, positional arguments → BAD_INPUT', () => {
    const m = createMlp(2);
    const g = (x: Matrix): Matrix => ({ rows: x.rows, cols: 2, data: new Float64Array(x.rows * 2).fill(0.5) });
    const cases: [string, () => unknown, string][] = [
      ['createMlp inputDim 0 (argument)', () => createMlp(0), 'BAD_INPUT'],
      ['createMlp classes 0 (option)', () => createMlp(2, { classes: 0 }), 'BAD_OPTION'],
      ['createMlp hidden [0] (option)', () => createMlp(2, { hidden: [0] }), 'BAD_OPTION'],
      ['createAnn classes 0 (option)', () => createAnn(2, { classes: 0 }), 'BAD_OPTION'],
      ['functionModel inputDim 0 (option)', () => functionModel(g, { inputDim: 0, classes: 2 }), 'BAD_OPTION'],
      ['functionModel classes 0 (option)', () => functionModel(g, { inputDim: 2, classes: 0 }), 'BAD_OPTION'],
      ['createMlp precision (option)', () => createMlp(2, { precision: 'half' as 'float32' }), 'BAD_OPTION'],
      ['createAnn precision (option)', () => createAnn(2, { precision: 'half' as 'float32' }), 'BAD_OPTION'],
      ['createLogisticRegression precision (option)', () => createLogisticRegression(2, { precision: 'half' as 'float32' }), 'BAD_OPTION'],
      ['withPrecision precision (argument)', () => withPrecision(m, 'half' as 'float32'), 'BAD_INPUT'],
      ['createMlp seed 0.5 (option)', () => createMlp(2, { seed: 0.5 }), 'BAD_OPTION'],
      [
        'trainModel seed 0.5 (option)',
        () => trainModel(m, { train: { x: { rows: 1, cols: 2, data: new Float64Array(2) }, y: new Int32Array(1) } }, { seed: 0.5 }),
        'BAD_OPTION',
      ],
    ];
    for (const [name, f, code] of cases) expect([name, errorOf(f).code]).toEqual([name, code]);
  });
});
