import type { Matrix } from '@xai/core';
import { createRng, isXaiError, predictLabels, row } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import { createLogisticRegression, createMlp, withPrecision } from '@xai/models';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from './loadOnnxModel.js';
import { loadOnnxModelAsync } from './loadOnnxModelAsync.js';
import { neuralModelToOnnx } from './neuralModelToOnnx.js';
import { ortModel } from './ortModel.js';

function uniform(rows: number, cols: number, seed: number): Matrix {
  const rng = createRng(seed);
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = rng.uniform();
  return { rows, cols, data };
}

function maxAbsDiff(a: Matrix, b: Matrix): number {
  expect([a.rows, a.cols]).toEqual([b.rows, b.cols]);
  let m = 0;
  for (let i = 0; i < a.data.length; i++) m = Math.max(m, Math.abs(a.data[i]! - b.data[i]!));
  return m;
}

function maxRelDiff(a: Matrix, b: Matrix): number {
  let scale = 0;
  for (const v of b.data) scale = Math.max(scale, Math.abs(v));
  return maxAbsDiff(a, b) / scale;
}

/** A deterministic, prediction-based explanation: occlusion, Δp_t when feature j is set to 0. */
function occlusion(model: { predictProba(x: Matrix): Matrix; classes: number }, x: Matrix, t: Int32Array): Matrix {
  const d = x.cols;
  const big = new Float64Array(x.rows * (d + 1) * d);
  for (let i = 0; i < x.rows; i++)
    for (let k = 0; k <= d; k++) {
      const at = (i * (d + 1) + k) * d;
      big.set(x.data.subarray(i * d, (i + 1) * d), at);
      if (k < d) big[at + k] = 0;
    }
  const p = model.predictProba({ rows: x.rows * (d + 1), cols: d, data: big });
  const out = new Float64Array(x.rows * d);
  for (let i = 0; i < x.rows; i++) {
    const base = p.data[(i * (d + 1) + d) * model.classes + t[i]!]!;
    for (let j = 0; j < d; j++) out[i * d + j] = base - p.data[(i * (d + 1) + j) * model.classes + t[i]!]!;
  }
  return { rows: x.rows, cols: d, data: out };
}

const models: [string, () => NeuralModel][] = [
  ['ANN 20-100-100-2 (ReLU)', () => createMlp(20, { hidden: [100, 100], seed: 3, kind: 'ann' })],
  ['LR', () => createLogisticRegression(20, { seed: 4 })],
  ['tanh MLP, 3 classes', () => createMlp(20, { hidden: [16], classes: 3, activation: 'tanh', seed: 5 })],
];

describe('ortModel: parity with the pure-TS model', () => {
  for (const [name, make] of models) {
    it(`${name}: probabilities ≤ 1e-6 (float32), ≤ 1e-12 (float64); logits, hidden; ORT gradients ≤ 1e-12 of the TS backprop`, () => {
      const ts = make();
      const x = uniform(257, 20, 11);
      const p = ts.predictProba(x);
      const f32 = ortModel(ts);
      const f64 = ortModel(ts, { dtype: 'float64', threads: 1 });
      expect(f32.backend).toBe('ort');
      expect(maxAbsDiff(f32.predictProba(x), p)).toBeLessThanOrEqual(1e-6);
      expect(maxAbsDiff(f64.predictProba(x), p)).toBeLessThanOrEqual(1e-12);
      expect(maxRelDiff(f32.logits(x), ts.logits(x))).toBeLessThanOrEqual(1e-5);
      if (ts.hidden !== undefined) {
        expect(maxRelDiff(f32.hidden!(x), ts.hidden(x))).toBeLessThanOrEqual(1e-5);
        expect(maxAbsDiff(f64.hidden!(x, { activation: 'pre' }), ts.hidden(x, { activation: 'pre' }))).toBeLessThanOrEqual(1e-12);
      } else expect(f32.hidden).toBeUndefined();
      const t = predictLabels(ts, x);
      expect(Array.from(predictLabels(f32, x))).toEqual(Array.from(t));
      // A float64 model's gradient graph is float64, whatever the forward dtype: the TS backprop's values.
      expect(f32.gradients).toEqual({ backend: 'ort', dtype: 'float64' });
      for (const output of ['probability', 'logit'] as const) {
        const exact = ts.inputGradient(x, t, { output });
        expect(maxRelDiff(f32.inputGradient(x, t, { output }), exact)).toBeLessThanOrEqual(1e-12);
        expect(maxRelDiff(f64.inputGradient(x, t, { output }), exact)).toBeLessThanOrEqual(1e-12);
      }
      // Any target, not only the predicted one.
      const other = Int32Array.from(t, (v) => (v + 1) % ts.classes);
      expect(maxRelDiff(f32.inputGradient(x, other), ts.inputGradient(x, other))).toBeLessThanOrEqual(1e-12);
      const viaTs = ortModel(ts, { gradients: 'ts' });
      expect(viaTs.gradients).toEqual({ backend: 'ts', dtype: 'float64' });
      expect(maxAbsDiff(viaTs.inputGradient(x, t), ts.inputGradient(x, t))).toBe(0);
      viaTs.dispose();
      // A prediction-based deterministic explanation through both backends.
      const small = uniform(20, 20, 12);
      const ts20 = predictLabels(ts, small);
      expect(maxRelDiff(occlusion(f64, small, ts20), occlusion(ts, small, ts20))).toBeLessThanOrEqual(1e-10);
      expect(maxRelDiff(occlusion(f32, small, ts20), occlusion(ts, small, ts20))).toBeLessThanOrEqual(1e-5);
      // out buffers are written in place.
      const out = { rows: x.rows, cols: ts.classes, data: new Float64Array(x.rows * ts.classes) };
      expect(f64.predictProba(x, out)).toBe(out);
      expect(maxAbsDiff(out, p)).toBeLessThanOrEqual(1e-12);
      f32.dispose();
      f64.dispose();
    });
  }

  it('rejects unknown options and wrong widths, targets and gradient options', () => {
    const ts = createLogisticRegression(3);
    expect(() => ortModel(ts, { thread: 2 } as never)).toThrow(/did you mean 'threads'/);
    expect(() => ortModel(ts, { gradients: 'torch' } as never)).toThrow(/gradients must be 'ort' or 'ts'/);
    const m = ortModel(ts);
    const x = uniform(2, 3, 1);
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? `${e.code} ${e.details.arg}` : String(e);
      }
      return undefined;
    };
    expect(code(() => m.inputGradient(x, Int32Array.of(0)))).toBe('SHAPE_MISMATCH targets');
    expect(code(() => m.inputGradient(x, Int32Array.of(0, 2)))).toBe('BAD_INPUT targets');
    expect(code(() => m.inputGradient(x, Int32Array.of(0, 1), { output: 'logits' } as never))).toBe('BAD_OPTION output');
    expect(code(() => m.inputGradient(x, Int32Array.of(0, 1), { outt: 1 } as never))).toBe('BAD_OPTION options.outt');
    expect(code(() => m.inputGradient(uniform(2, 4, 1), Int32Array.of(0, 1)))).toBe('SHAPE_MISMATCH x');
    const out = { rows: 2, cols: 3, data: new Float64Array(6) };
    expect(m.inputGradient(x, Int32Array.of(0, 1), { out })).toBe(out);
    expect(maxAbsDiff(out, ts.inputGradient(x, Int32Array.of(0, 1)))).toBeLessThanOrEqual(1e-15);
    expect(m.inputGradient({ rows: 0, cols: 3, data: new Float64Array(0) }, new Int32Array(0)).rows).toBe(0);
    let caught: unknown;
    try {
      m.predictProba(uniform(2, 4, 1));
    } catch (e) {
      caught = e;
    }
    expect(isXaiError(caught, 'SHAPE_MISMATCH')).toBe(true);
  });
});

describe('neuralModelToOnnx → loadOnnxModel round trip (the JSON path and the ONNX path agree)', () => {
  for (const [name, make] of models) {
    it(`${name}: read back by the interpreter; float64 graph gives identical gradients, float32 ≤ 1e-5 rel`, () => {
      const ts = make();
      const x = uniform(64, 20, 21);
      const t = predictLabels(ts, x);
      const m64 = loadOnnxModel(neuralModelToOnnx(ts, { dtype: 'float64' }), { name: `${name}.onnx` });
      expect(m64.discovered).toMatchObject({
        outputName: 'probabilities',
        gradientSource: 'autodiff',
        inputType: 'float64',
      });
      expect(maxAbsDiff(m64.predictProba(x), ts.predictProba(x))).toBeLessThanOrEqual(1e-12);
      expect(maxAbsDiff(m64.inputGradient(x, t), ts.inputGradient(x, t))).toBeLessThanOrEqual(1e-15);
      const m32 = loadOnnxModel(neuralModelToOnnx(ts));
      expect(maxAbsDiff(m32.predictProba(x), ts.predictProba(x))).toBeLessThanOrEqual(1e-6);
      expect(maxRelDiff(m32.inputGradient(x, t), ts.inputGradient(x, t))).toBeLessThanOrEqual(1e-5);
      expect(m32.mlp!.parameters.length).toBe(ts.parameters.length);
      m64.dispose();
      m32.dispose();
    });
  }
});

/** The network by hand from its layers (tanh hidden layers, raw last layer): the closed form a value model must give. */
function forwardByHand(m: NeuralModel, x: Matrix): Matrix {
  const out = new Float64Array(x.rows * m.classes);
  for (let i = 0; i < x.rows; i++) {
    let h = Array.from(x.data.subarray(i * x.cols, (i + 1) * x.cols));
    m.layers.forEach((l) => {
      const next: number[] = [];
      for (let o = 0; o < l.outputDim; o++) {
        const w = row(l.weight, o);
        let z = l.bias[o]!;
        for (let j = 0; j < l.inputDim; j++) z += w[j]! * h[j]!;
        next.push(l.activation === 'tanh' ? Math.tanh(z) : l.activation === 'none' ? z : NaN);
      }
      h = next;
    });
    out.set(h, i * m.classes);
  }
  return { rows: x.rows, cols: m.classes, data: out };
}

/** Central differences of column t of f at every row (h = 1e-5 · max(1, |x|)). */
function centralDifferences(f: (x: Matrix) => Matrix, x: Matrix, t: ArrayLike<number>): Matrix {
  const g = new Float64Array(x.rows * x.cols);
  for (let j = 0; j < x.cols; j++) {
    const up = Float64Array.from(x.data);
    const down = Float64Array.from(x.data);
    const hs = new Float64Array(x.rows);
    for (let i = 0; i < x.rows; i++) {
      hs[i] = 1e-5 * Math.max(1, Math.abs(x.data[i * x.cols + j]!));
      up[i * x.cols + j]! += hs[i]!;
      down[i * x.cols + j]! -= hs[i]!;
    }
    const fu = f({ rows: x.rows, cols: x.cols, data: up });
    const fd = f({ rows: x.rows, cols: x.cols, data: down });
    for (let i = 0; i < x.rows; i++) {
      const c = fu.cols;
      g[i * x.cols + j] = (fu.data[i * c + t[i]!]! - fd.data[i * c + t[i]!]!) / (2 * hs[i]!);
    }
  }
  return { rows: x.rows, cols: x.cols, data: g };
}

describe('value (regression) models stay value models', () => {
  for (const outputs of [1, 2]) {
    it(`${outputs} output(s): ortModel and export → loadOnnxModel(Async) return the raw values (closed form), output 'value', gradients of the value`, async () => {
      const ts = createMlp(3, { hidden: [5], classes: outputs, output: 'value', activation: 'tanh', seed: 30 + outputs });
      const x = uniform(40, 3, 31);
      for (let i = 0; i < x.data.length; i++) x.data[i] = x.data[i]! * 6 - 3; // outputs of both signs, away from [0, 1]
      const exact = forwardByHand(ts, x);
      const t = new Int32Array(x.rows).map((_, i) => i % outputs);

      const f32 = ortModel(ts);
      const f64 = ortModel(ts, { dtype: 'float64' });
      for (const m of [f32, f64]) {
        expect(m.output).toBe('value');
        expect(m.classes).toBe(outputs);
      }
      expect(maxAbsDiff(f64.predictProba(x), exact)).toBeLessThanOrEqual(1e-12);
      expect(maxRelDiff(f32.predictProba(x), exact)).toBeLessThanOrEqual(1e-5);
      expect(maxAbsDiff(f64.logits(x), exact)).toBeLessThanOrEqual(1e-12);
      // A softmax head would give values in [0, 1] (a single output: exactly 1).
      expect(Math.min(...exact.data)).toBeLessThan(0);
      const fd = centralDifferences((z) => forwardByHand(ts, z), x, t);
      expect(maxAbsDiff(f64.inputGradient(x, t), fd)).toBeLessThanOrEqual(1e-8);

      for (const dtype of ['float64', 'float32'] as const) {
        const bytes = neuralModelToOnnx(ts, { dtype });
        const back = loadOnnxModel(bytes, { name: `value${outputs}.onnx` });
        expect(back.output).toBe('value');
        expect(back.classes).toBe(outputs);
        expect(back.discovered).toMatchObject({ outputName: 'value', output: 'value', gradientSource: 'autodiff' });
        expect(back.discovered.outputs).not.toContain('probabilities');
        expect(back.mlp!.output).toBe('value');
        expect(back.mlp!.classes).toBe(outputs);
        const tol = dtype === 'float64' ? 1e-12 : 1e-5;
        expect(maxRelDiff(back.predictProba(x), exact)).toBeLessThanOrEqual(tol);
        expect(maxRelDiff(back.inputGradient(x, t), fd)).toBeLessThanOrEqual(dtype === 'float64' ? 1e-7 : 1e-5);
        const imported = loadOnnxModel(bytes, { evaluate: 'session' });
        expect(maxRelDiff(imported.predictProba(x), exact)).toBeLessThanOrEqual(tol);
        // The browser entry (the interpreter, no runtime) discovers the same.
        const web = await loadOnnxModelAsync(bytes);
        expect([web.output, web.classes, web.backend]).toEqual(['value', outputs, 'xai-interpreter']);
        expect(maxRelDiff(web.predictProba(x), exact)).toBeLessThanOrEqual(tol);
        back.dispose();
        imported.dispose();
        web.dispose();
      }
      f32.dispose();
      f64.dispose();
    });
  }
});

describe('ortModel snapshots the weights: probabilities and gradients always come from one model', () => {
  it("randomising the original's parameters after ortModel() changes neither; gradients = finite differences of its own predictProba", () => {
    const ts = createMlp(4, { hidden: [8], classes: 3, activation: 'tanh', seed: 40 });
    const x = uniform(30, 4, 41);
    const fast = ortModel(ts, { dtype: 'float64' });
    const t = predictLabels(fast, x);
    const p0 = fast.predictProba(x);
    const g0 = fast.inputGradient(x, t);
    const before = ts.predictProba(x);
    const rng = createRng(42);
    for (let k = 0; k < ts.parameters.length; k++) ts.parameters[k] = rng.uniform() * 4 - 2;
    // The original really changed (the mutation reached its forward pass) …
    expect(maxAbsDiff(ts.predictProba(x), before)).toBeGreaterThan(1e-2);
    // … the ORT model did not, and its gradients are still those of its probabilities.
    expect(maxAbsDiff(fast.predictProba(x), p0)).toBe(0);
    expect(maxAbsDiff(fast.inputGradient(x, t), g0)).toBe(0);
    const fd = centralDifferences((z) => fast.predictProba(z), x, t);
    expect(maxAbsDiff(g0, fd)).toBeLessThanOrEqual(1e-8);
    expect(fast.reference).not.toBe(ts);
    expect(Array.from(fast.reference.parameters)).not.toEqual(Array.from(ts.parameters));
    fast.dispose();
  });

  it("the copy keeps a float32-precision model's arithmetic (its TS gradients are the original's, bit for bit)", () => {
    const ts = withPrecision(createMlp(4, { hidden: [8], activation: 'tanh', seed: 43 }), 'float32');
    const x = uniform(16, 4, 44);
    const t = predictLabels(ts, x);
    const fast = ortModel(ts, { gradients: 'ts' });
    expect(fast.reference.precision).toBe('float32');
    expect(maxAbsDiff(fast.inputGradient(x, t), ts.inputGradient(x, t))).toBe(0);
    fast.dispose();
  });
});

describe('ortModel gradients of a float32 model: a float32 graph, rounding like torch', () => {
  const cases: [string, () => NeuralModel][] = [
    ['ANN 20-100-100-2 (ReLU)', () => createMlp(20, { hidden: [100, 100], seed: 50, kind: 'ann' })],
    ['sigmoid MLP, 3 classes', () => createMlp(20, { hidden: [12], classes: 3, activation: 'sigmoid', seed: 51 })],
    ['LR', () => createLogisticRegression(20, { seed: 52 })],
  ];
  for (const [name, make] of cases) {
    it(`${name}: = the exact float32 emulation within float32 summation-order error; = float64 gradients within float32 resolution`, () => {
      const f64 = make();
      const f32 = withPrecision(f64, 'float32');
      const x = uniform(200, 20, 53);
      const t = predictLabels(f64, x);
      const fast = ortModel(f32);
      expect(fast.gradients).toEqual({ backend: 'ort', dtype: 'float32' });
      const plain = ortModel(f64);
      expect([fast.precision, plain.precision]).toEqual(['float32', 'float64']);
      plain.dispose();
      const g = fast.inputGradient(x, t);
      // Every value is a float32 (the graph computes in float32) …
      for (const v of g.data) expect(Math.fround(v)).toBe(v);
      // … equal to the bit-exact float32 emulation up to GEMM summation order and FMA …
      expect(maxRelDiff(g, f32.inputGradient(x, t))).toBeLessThanOrEqual(1e-5);
      // … and to the float64 gradient of the float32-rounded weights within float32 resolution.
      const ref = withPrecision(f32, 'float64');
      expect(maxRelDiff(g, ref.inputGradient(x, t))).toBeLessThanOrEqual(1e-4);
      expect(maxRelDiff(fast.inputGradient(x, t, { output: 'logit' }), ref.inputGradient(x, t, { output: 'logit' }))).toBeLessThanOrEqual(
        1e-5,
      );
      fast.dispose();
    });
  }
});
