// Built-in regression: identity head (output 'value'), mean squared error, across
// createMlp, lossGradients, inputGradient, trainModel and the model file.
import { describe, expect, it } from 'vitest';
import { createRng, isXaiError, row } from '@xai/core';
import { createMlp } from './createMlp.js';
import { formatModelJson } from './formatModelJson.js';
import { lossGradients } from './lossGradients.js';
import type { NeuralModel } from './neuralModel.js';
import { parseModelJson } from './parseModelJson.js';
import { trainModel } from './trainModel.js';
import { errorOf, randomMatrix, refForward, refLayers, relError } from './__fixtures__/reference.js';

/** Mean squared error over all n·k entries, by the nested-loop reference forward pass. */
function refMse(model: NeuralModel, x: ReturnType<typeof randomMatrix>, y: Float64Array): number {
  const layers = refLayers(model);
  let s = 0;
  for (let i = 0; i < x.rows; i++) {
    const out = refForward(layers, Array.from(row(x, i))).post.at(-1)!;
    out.forEach((v, j) => {
      s += (v - y[i * model.classes + j]!) ** 2;
    });
  }
  return s / (x.rows * model.classes);
}

describe('regression (output: value)', () => {
  for (const [activation, k, n] of [
    ['tanh', 2, 20],
    ['relu', 1, 5],
    ['sigmoid', 3, 7],
  ] as const) {
    it(`${activation} MLP with ${k} output(s), n=${n}: raw outputs, MSE parameter gradients and input gradients match central differences`, () => {
      const model = createMlp(4, { hidden: [9, 6], classes: k, output: 'value', activation, seed: 2 });
      expect(model.output).toBe('value');
      const x = randomMatrix(5, n, 4);
      const y = new Float64Array(n * k);
      createRng(6).fillNormal(y, 0, 2);
      // predictProba of a value model is the raw output, which is also logits
      const v = model.predictProba(x);
      expect(Array.from(v.data)).toEqual(Array.from(model.logits(x).data));
      const layers = refLayers(model);
      for (let i = 0; i < n; i++) expect(relError(row(v, i), refForward(layers, Array.from(row(x, i))).post.at(-1)!)).toBeLessThan(1e-14);

      const { loss, gradient } = lossGradients(model, x, y);
      expect(Math.abs(loss - refMse(model, x, y))).toBeLessThan(1e-13);
      const p = model.parameters;
      const fd = new Float64Array(p.length);
      const h = 1e-5;
      for (let q = 0; q < p.length; q++) {
        const w = p[q]!;
        p[q] = w + h;
        const up = refMse(model, x, y);
        p[q] = w - h;
        const down = refMse(model, x, y);
        p[q] = w;
        fd[q] = (up - down) / (2 * h);
      }
      expect(relError(gradient, fd)).toBeLessThan(1e-6);

      for (let t = 0; t < k; t++) {
        const targets = new Int32Array(n).fill(t);
        const g = model.inputGradient(x, targets);
        expect(Array.from(model.inputGradient(x, targets, { output: 'logit' }).data)).toEqual(Array.from(g.data));
        for (let i = 0; i < n; i++) {
          const r = Array.from(row(x, i));
          const expected = r.map((_, j) => {
            const plus = r.slice();
            const minus = r.slice();
            plus[j] = plus[j]! + h;
            minus[j] = minus[j]! - h;
            return (refForward(layers, plus).post.at(-1)![t]! - refForward(layers, minus).post.at(-1)![t]!) / (2 * h);
          });
          expect(relError(row(g, i), expected)).toBeLessThan(1e-6);
        }
      }
    });
  }

  it('trainModel on a Float64Array target recovers the least-squares fit (closed form by normal equations)', () => {
    const n = 300;
    const x = randomMatrix(9, n, 2);
    const noise = createRng(10);
    const y = Float64Array.from({ length: n }, (_, i) => 2 * x.data[2 * i]! - 3 * x.data[2 * i + 1]! + 0.5 + 0.1 * noise.normal());
    // normal equations for [w0, w1, b]: (AᵀA) β = Aᵀy, solved by Cramer's rule (3 x 3)
    const A = Array.from({ length: n }, (_, i) => [x.data[2 * i]!, x.data[2 * i + 1]!, 1]);
    const M = [0, 1, 2].map((a) => [0, 1, 2].map((b) => A.reduce((s, r) => s + r[a]! * r[b]!, 0)));
    const v = [0, 1, 2].map((a) => A.reduce((s, r, i) => s + r[a]! * y[i]!, 0));
    const det = (m: number[][]): number =>
      m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
      m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
      m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
    const beta = [0, 1, 2].map((c) => det(M.map((r, i) => r.map((e, j) => (j === c ? v[i]! : e)))) / det(M));
    const model = createMlp(2, { classes: 1, output: 'value', seed: 0 });
    const report = trainModel(
      model,
      { train: { x, y } },
      { task: 'regression', epochs: 400, batchSize: n, learningRate: 0.05, validationFraction: 0 },
    );
    expect(report.task).toBe('regression');
    const fitted = [model.layers[0]!.weight.data[0]!, model.layers[0]!.weight.data[1]!, model.layers[0]!.bias[0]!];
    for (let j = 0; j < 3; j++) expect(Math.abs(fitted[j]! - beta[j]!)).toBeLessThan(1e-3);
    // reported loss and R² equal the ones computed here from the trained weights
    const pred = model.predictProba(x).data;
    let sse = 0;
    let mean = 0;
    for (let i = 0; i < n; i++) mean += y[i]! / n;
    let sst = 0;
    for (let i = 0; i < n; i++) {
      sse += (pred[i]! - y[i]!) ** 2;
      sst += (y[i]! - mean) ** 2;
    }
    expect(report.loss.train).toBeCloseTo(sse / n, 12);
    expect(report.accuracy.train).toBeCloseTo(1 - sse / sst, 12);
    // with a carved validation split (random, seeded) the run is deterministic
    const a = trainModel(
      createMlp(2, { hidden: [4], classes: 1, output: 'value', activation: 'tanh' }),
      { train: { x, y } },
      { epochs: 5, seed: 3 },
    );
    const b = trainModel(
      createMlp(2, { hidden: [4], classes: 1, output: 'value', activation: 'tanh' }),
      { train: { x, y } },
      { epochs: 5, seed: 3 },
    );
    expect(a.rows).toEqual({ train: 240, validation: 60, test: 0 });
    expect(a.loss).toEqual(b.loss);
  });

  it('the model file says "output": "identity" and round-trips byte-stable with one output', () => {
    const model = createMlp(3, { hidden: [2], classes: 1, output: 'value', activation: 'tanh', seed: 4 });
    const text = formatModelJson(model);
    expect(text).toContain('"output": "identity"');
    expect(text).toContain('"classes": 1');
    const back = parseModelJson(text);
    expect(back.output).toBe('value');
    const x = randomMatrix(1, 4, 3);
    expect(Array.from(back.predictProba(x).data)).toEqual(Array.from(model.predictProba(x).data));
    expect(formatModelJson(back)).toBe(text);
    // a softmax file still needs two classes
    expect(errorOf(() => parseModelJson(text.replace('"identity"', '"softmax"'))).message).toMatch(/classes: expected an integer >= 2/);
  });

  it('refuses mismatched tasks, labels and classification-only settings with typed errors', () => {
    const reg = createMlp(2, { classes: 1, output: 'value' });
    const clf = createMlp(2);
    const x = randomMatrix(1, 4, 2);
    const y = new Float64Array(4);
    const cases: [() => unknown, string, RegExp][] = [
      [() => trainModel(reg, { train: { x, y } }, { task: 'classification' }), 'BAD_OPTION', /task 'classification' does not match/],
      [
        () => trainModel(clf, { train: { x, y: new Int32Array(4) } }, { task: 'regression' }),
        'BAD_OPTION',
        /task 'regression' does not match/,
      ],
      [
        () => trainModel(reg, { train: { x, y: new Int32Array(4) } }),
        'BAD_INPUT',
        /train\.y: expected regression targets as a Float64Array/,
      ],
      [() => trainModel(reg, { train: { x, y: new Float64Array(3) } }), 'SHAPE_MISMATCH', /expected 4 targets/],
      [() => trainModel(reg, { train: { x, y: Float64Array.of(0, NaN, 0, 0) } }), 'NON_FINITE', /target 1/],
      [() => trainModel(reg, { train: { x, y } }, { classWeights: 'balanced' }), 'BAD_OPTION', /classification only/],
      [() => trainModel(reg, { train: { x, y } }, { selectBy: 'accuracy' }), 'BAD_OPTION', /classification only/],
      [() => lossGradients(reg, x, new Float64Array(2)), 'SHAPE_MISMATCH', /expected 4 regression targets/],
      [() => createMlp(2, { classes: 1 }), 'BAD_OPTION', /output: 'value'/],
      [() => createMlp(2, { output: 'logits' as 'value' }), 'BAD_OPTION', /output must be/],
    ];
    for (const [f, code, message] of cases) {
      const e = errorOf(f);
      expect(isXaiError(e, code as 'BAD_INPUT')).toBe(true);
      expect(e.message).toMatch(message);
    }
  });

  it("accepts core's regression Split ({x, y: Int32Array zeros, targets}) exactly as {x, y: Float64Array}", () => {
    const n = 30;
    const x = randomMatrix(8, n, 2);
    const t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = 3 * x.data[2 * i]! - x.data[2 * i + 1]! + 0.5;
    const vx = randomMatrix(9, 10, 2);
    const vt = Float64Array.from({ length: 10 }, (_, i) => 3 * vx.data[2 * i]! - vx.data[2 * i + 1]! + 0.5);
    const a = createMlp(2, { hidden: [4], classes: 1, output: 'value', seed: 3 });
    const b = createMlp(2, { hidden: [4], classes: 1, output: 'value', seed: 3 });
    const opts = { epochs: 5, learningRate: 0.01 };
    const ra = trainModel(
      a,
      { train: { x, y: new Int32Array(n), targets: t }, validation: { x: vx, y: new Int32Array(10), targets: vt } },
      opts,
    );
    const rb = trainModel(b, { train: { x, y: t }, validation: { x: vx, y: vt } }, opts);
    expect(Array.from(a.parameters)).toEqual(Array.from(b.parameters));
    expect(ra.loss).toEqual(rb.loss);
    // the loss is the MSE against `targets`, by the reference forward pass
    expect(Math.abs(ra.loss.train - refMse(a, x, t)) / refMse(a, x, t)).toBeLessThan(1e-12);
    // both at once is ambiguous; targets on a classifier is a mistake
    const both = errorOf(() => trainModel(a, { train: { x, y: t, targets: t } as never }, opts));
    expect(isXaiError(both, 'BAD_INPUT') && both.message).toMatch(/either a Float64Array y or targets/);
    const clf = errorOf(() => trainModel(createMlp(2), { train: { x, y: new Int32Array(n), targets: t } }, opts));
    expect(isXaiError(clf, 'BAD_INPUT') && clf.message).toMatch(/targets are regression values/);
    expect(errorOf(() => trainModel(a, { train: { x, y: new Int32Array(n), targets: t.subarray(1) } }, opts)).message).toMatch(
      /expected 30 targets/,
    );
  });

  it('R² of an exact fit is 1 with targets around 1e8 (shifted sums, no E[y²] − E[y]² cancellation)', () => {
    const n = 200;
    const X = Float64Array.from({ length: n }, (_, i) => i / n);
    const Y = Float64Array.from(X, (v) => 1e8 + v); // exactly what w = 1, b = 1e8 computes
    const m = createMlp(1, { classes: 1, output: 'value', seed: 1 });
    m.parameters.set([1, 1e8]);
    const split = { x: { rows: n, cols: 1, data: X }, y: Y };
    const r = trainModel(m, { train: split, validation: split, test: split }, { epochs: 1, learningRate: 1e-300 });
    expect(r.loss.validation).toBe(0);
    expect(r.accuracy.validation).toBe(1);
    expect(r.accuracy.test).toBe(1);
    // and a known non-trivial R²: predictions 1e8 + x against targets 1e8 + 2x give
    // SSE = Σ x², SST = 4 Σ (x − x̄)², so R² = 1 − Σx² / (4 Σ(x − x̄)²), computed around 0
    const Y2 = Float64Array.from(X, (v) => 1e8 + 2 * v);
    const mean = X.reduce((s, v) => s + v, 0) / n;
    const expected = 1 - X.reduce((s, v) => s + v * v, 0) / (4 * X.reduce((s, v) => s + (v - mean) ** 2, 0));
    const r2 = trainModel(m, { train: { x: split.x, y: Y2 }, validation: { x: split.x, y: Y2 } }, { epochs: 1, learningRate: 1e-300 });
    expect(Math.abs(r2.accuracy.validation! - expected)).toBeLessThan(1e-6);
  });
});
