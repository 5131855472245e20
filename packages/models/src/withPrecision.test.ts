// Float32 emulation (openxai parity): every intermediate is a float32 value, and the
// results equal bit for bit an independent reference whose every operation stores into a
// Float32Array (which rounds to float32 on store), evaluated in torch's formula order.
import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { isXaiError, row } from '@xai/core';
import { createMlp } from './createMlp.js';
import type { Activation } from './denseLayer.js';
import { lossGradients } from './lossGradients.js';
import type { NeuralModel } from './neuralModel.js';
import { trainModel } from './trainModel.js';
import { withPrecision } from './withPrecision.js';
import type { MlpModel } from './internal/mlpModel.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

interface Ref32 {
  probabilities: Float32Array;
  logits: Float32Array;
  pre0: Float32Array;
  post0: Float32Array;
  /** d output[t] / dx for each t (probability, then logit). */
  gradProb: Float32Array[];
  gradLogit: Float32Array[];
}

/** One row through the network with Float32Array storage after every operation. */
function reference32(model: NeuralModel, xRow: ArrayLike<number>): Ref32 {
  const s = new Float32Array(4); // scratch scalars: [0] accumulator, [1] product, [2] temp, [3] temp
  const x = Float32Array.from(xRow);
  const layers = model.layers.map((l) => ({
    w: Float32Array.from(l.weight.data),
    b: Float32Array.from(l.bias),
    act: l.activation as Activation,
    inDim: l.inputDim,
    outDim: l.outputDim,
  }));
  const posts: Float32Array[] = [];
  let pre0 = new Float32Array(0);
  let a = x;
  layers.forEach((L, l) => {
    const z = new Float32Array(L.outDim);
    const h = new Float32Array(L.outDim);
    for (let j = 0; j < L.outDim; j++) {
      s[0] = 0;
      for (let k = 0; k < L.inDim; k++) {
        s[1] = L.w[j * L.inDim + k]! * a[k]!;
        s[0] = s[0]! + s[1]!;
      }
      z[j] = s[0]! + L.b[j]!;
      if (L.act === 'relu') h[j] = Math.max(z[j]!, 0);
      else if (L.act === 'tanh') h[j] = Math.tanh(z[j]!);
      else if (L.act === 'sigmoid') {
        s[2] = Math.exp(-z[j]!);
        s[3] = 1 + s[2]!;
        h[j] = 1 / s[3]!;
      } else h[j] = z[j]!;
    }
    if (l === 0) pre0 = z;
    posts.push(h);
    a = h;
  });
  const logits = posts.at(-1)!;
  const c = logits.length;
  let max = logits[0]!;
  for (const v of logits) if (v > max) max = v;
  const e = new Float32Array(c);
  s[0] = 0;
  for (let j = 0; j < c; j++) {
    s[2] = logits[j]! - max;
    e[j] = Math.exp(s[2]!);
    s[0] = s[0]! + e[j]!;
  }
  const p = new Float32Array(c);
  s[3] = 1 / s[0]!; // ATen multiplies by the reciprocal of the sum
  for (let j = 0; j < c; j++) p[j] = e[j]! * s[3]!;

  const backward = (seed: Float32Array): Float32Array => {
    let g = seed;
    for (let l = layers.length - 1; l >= 0; l--) {
      const L = layers[l]!;
      const y = posts[l]!;
      const dz = new Float32Array(L.outDim);
      for (let j = 0; j < L.outDim; j++) {
        if (L.act === 'relu') dz[j] = y[j]! > 0 ? g[j]! : 0;
        else if (L.act === 'tanh') {
          s[2] = y[j]! * y[j]!;
          s[3] = 1 - s[2]!;
          dz[j] = g[j]! * s[3]!;
        } else if (L.act === 'sigmoid') {
          s[2] = 1 - y[j]!;
          s[3] = g[j]! * s[2]!;
          dz[j] = s[3]! * y[j]!;
        } else dz[j] = g[j]!;
      }
      const da = new Float32Array(L.inDim);
      for (let k = 0; k < L.inDim; k++) {
        s[0] = 0;
        for (let j = 0; j < L.outDim; j++) {
          s[1] = dz[j]! * L.w[j * L.inDim + k]!;
          s[0] = s[0]! + s[1]!;
        }
        da[k] = s[0]!;
      }
      g = da;
    }
    return g;
  };
  const gradProb: Float32Array[] = [];
  const gradLogit: Float32Array[] = [];
  for (let t = 0; t < c; t++) {
    // torch softmax backward: dz_j = p_j (g_j − Σ_k g_k p_k), g = e_t
    s[0] = 0;
    for (let k = 0; k < c; k++) {
      s[1] = (k === t ? 1 : 0) * p[k]!;
      s[0] = s[0]! + s[1]!;
    }
    const dz = new Float32Array(c);
    for (let j = 0; j < c; j++) {
      s[2] = (j === t ? 1 : 0) - s[0]!;
      dz[j] = p[j]! * s[2]!;
    }
    gradProb.push(backward(dz));
    gradLogit.push(backward(Float32Array.from({ length: c }, (_, j) => (j === t ? 1 : 0))));
  }
  return { probabilities: p, logits, pre0, post0: posts[0]!, gradProb, gradLogit };
}

const isFloat32 = (v: number): boolean => Math.fround(v) === v;
const allFloat32 = (a: ArrayLike<number>): boolean => Array.prototype.every.call(a, isFloat32 as (v: unknown) => boolean) as boolean;

describe("precision 'float32'", () => {
  for (const activation of ['relu', 'tanh', 'sigmoid'] as const) {
    for (const classes of [2, 3]) {
      it(`${activation} MLP, ${classes} classes: bit-identical to the Float32Array reference; every intermediate is a float32 value`, () => {
        const model = withPrecision(createMlp(6, { hidden: [9, 5], classes, activation, seed: 3 }), 'float32');
        expect(model.precision).toBe('float32');
        expect(allFloat32(model.parameters)).toBe(true);
        const x = randomMatrix(4, 20, 6, 2); // float64 inputs: read as float32
        const p = model.predictProba(x);
        const z = model.logits(x);
        const pre = model.hidden!(x, { activation: 'pre' });
        const post = model.hidden!(x, { activation: 'post' });
        for (const m of [p, z, pre, post]) expect(allFloat32(m.data)).toBe(true);
        for (let t = 0; t < classes; t++) {
          const targets = new Int32Array(20).fill(t);
          const gp = model.inputGradient(x, targets);
          for (const buf of (model as MlpModel).f32!.buffers()) expect(allFloat32(buf)).toBe(true);
          const gl = model.inputGradient(x, targets, { output: 'logit' });
          expect(allFloat32(gp.data) && allFloat32(gl.data)).toBe(true);
          for (let i = 0; i < 20; i++) {
            const r = reference32(model, row(x, i));
            expect(Array.from(row(gp, i))).toEqual(Array.from(r.gradProb[t]!));
            expect(Array.from(row(gl, i))).toEqual(Array.from(r.gradLogit[t]!));
            if (t === 0) {
              expect(Array.from(row(p, i))).toEqual(Array.from(r.probabilities));
              expect(Array.from(row(z, i))).toEqual(Array.from(r.logits));
              expect(Array.from(row(pre, i))).toEqual(Array.from(r.pre0));
              expect(Array.from(row(post, i))).toEqual(Array.from(r.post0));
            }
          }
        }
      });
    }
  }

  it('differs from float64 by float32 rounding, most on confident rows (p(1 − p) is coarse near p = 1)', () => {
    const lr64 = createMlp(3, { seed: 1 });
    lr64.parameters.set([4, -3, 2, -4, 3, -2, 0.5, -0.5]);
    const lr32 = withPrecision(lr64, 'float32');
    const lr64r = withPrecision(lr32, 'float64'); // float32 weights, float64 arithmetic
    const mild: Matrix = { rows: 1, cols: 3, data: Float64Array.of(0.0625, 0.125, 0.25) };
    // z = (9.5, −9.5): p0 = 1 − 5.6e-9, which float32 rounds to exactly 1
    const sure: Matrix = { rows: 1, cols: 3, data: Float64Array.of(1, -1, 1) };
    const rel = (x: Matrix, t: number): number => {
      const a = lr32.inputGradient(x, Int32Array.of(t)).data;
      const b = lr64r.inputGradient(x, Int32Array.of(t)).data;
      return Math.abs(a[0]! - b[0]!) / Math.abs(b[0]!);
    };
    for (const t of [0, 1]) {
      expect(rel(mild, t)).toBeGreaterThan(0);
      expect(rel(mild, t)).toBeLessThan(1e-6);
    }
    // the confident class: dz0 = p0 (1 − p0) = 0 in float32, dz1 = −p1, so dp0/dx = −p1·W1
    // instead of p0·p1·(W0 − W1): with W0 = −W1 exactly half the float64 value
    const g32 = lr32.inputGradient(sure, Int32Array.of(0)).data;
    const g64 = lr64r.inputGradient(sure, Int32Array.of(0)).data;
    expect(g32[0]! / g64[0]!).toBeCloseTo(0.5, 6);
    expect(rel(sure, 1)).toBeLessThan(1e-6); // the unlikely class stays accurate
  });

  it('value (regression) models and createMlp({ precision }) work too; float32 models cannot be trained', () => {
    const reg = createMlp(3, { hidden: [4], classes: 1, output: 'value', activation: 'tanh', precision: 'float32', seed: 2 });
    expect(allFloat32(reg.parameters)).toBe(true);
    const x = randomMatrix(2, 5, 3);
    const v = reg.predictProba(x);
    for (let i = 0; i < 5; i++) expect(v.data[i]).toBe(reference32(reg, row(x, i)).logits[0]);
    expect(Array.from(row(reg.inputGradient(x, new Int32Array(5)), 2))).toEqual(Array.from(reference32(reg, row(x, 2)).gradLogit[0]!));
    const y = new Float64Array(5);
    expect(
      isXaiError(
        errorOf(() => trainModel(reg, { train: { x, y } })),
        'NOT_SUPPORTED',
      ),
    ).toBe(true);
    expect(errorOf(() => lossGradients(reg, x, y)).message).toMatch(/withPrecision\(model, 'float32'\)/);
    expect(
      isXaiError(
        errorOf(() => withPrecision(reg, 'float16' as 'float32')),
        'BAD_INPUT',
      ),
    ).toBe(true);
    expect(
      isXaiError(
        errorOf(() => createMlp(3, { precision: 'half' as 'float32' })),
        'BAD_OPTION',
      ),
    ).toBe(true);
    // back to float64 keeps the (float32) weights and computes in float64
    const back = withPrecision(reg, 'float64');
    expect(back.precision).toBe('float64');
    expect(Array.from(back.parameters)).toEqual(Array.from(reg.parameters));
  });
});
