// Small differentiable test models with hand-written gradients (test-only; excluded from
// the build). They compute row by row on purpose: simple enough to trust.
import type { InputGradientOptions, Matrix, Model } from '@xai/core';
import { createRng } from '@xai/core';

export type Activation = 'tanh' | 'relu';

export interface TestModel extends Model {
  /** Number of predictProba / inputGradient calls and rows seen. */
  readonly calls: { proba: number; grad: number; rows: number };
  logitsOf(x: Float64Array): Float64Array;
}

function softmax(z: Float64Array): Float64Array {
  let m = -Infinity;
  for (const v of z) m = Math.max(m, v);
  const e = z.map((v) => Math.exp(v - m));
  let s = 0;
  for (const v of e) s += v;
  return e.map((v) => v / s);
}

/**
 * An MLP: layers[k] = { w: out x in row-major, b: out }; hidden layers use `act`, the
 * last layer gives logits; softmax output. Gradients by hand-written backprop.
 */
export function mlp(layers: { w: Float64Array; b: Float64Array; in: number; out: number }[], act: Activation): TestModel {
  const inputDim = layers[0]!.in;
  const classes = layers[layers.length - 1]!.out;
  const calls = { proba: 0, grad: 0, rows: 0 };
  const f = (v: number): number => (act === 'tanh' ? Math.tanh(v) : Math.max(0, v));
  const df = (pre: number): number => (act === 'tanh' ? 1 - Math.tanh(pre) ** 2 : pre > 0 ? 1 : 0);
  function forward(x: Float64Array): { pres: Float64Array[]; posts: Float64Array[] } {
    const pres: Float64Array[] = [];
    const posts: Float64Array[] = [x];
    let h = x;
    layers.forEach((L, k) => {
      const pre = new Float64Array(L.out);
      for (let o = 0; o < L.out; o++) {
        let s = L.b[o]!;
        for (let i = 0; i < L.in; i++) s += L.w[o * L.in + i]! * h[i]!;
        pre[o] = s;
      }
      pres.push(pre);
      h = k === layers.length - 1 ? pre : pre.map(f);
      posts.push(h);
    });
    return { pres, posts };
  }
  const logitsOf = (x: Float64Array): Float64Array => forward(x).posts[layers.length]!;
  const rowOf = (x: Matrix, i: number): Float64Array => {
    const s = x.stride ?? x.cols;
    const o = (x.offset ?? 0) + i * s;
    return x.data.slice(o, o + x.cols);
  };
  return {
    inputDim,
    classes,
    calls,
    logitsOf,
    predictProba(x: Matrix): Matrix {
      calls.proba++;
      calls.rows += x.rows;
      const out = new Float64Array(x.rows * classes);
      for (let i = 0; i < x.rows; i++) out.set(softmax(logitsOf(rowOf(x, i))), i * classes);
      return { rows: x.rows, cols: classes, data: out };
    },
    logits(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * classes);
      for (let i = 0; i < x.rows; i++) out.set(logitsOf(rowOf(x, i)), i * classes);
      return { rows: x.rows, cols: classes, data: out };
    },
    inputGradient(x: Matrix, targets: Int32Array, options: InputGradientOptions = {}): Matrix {
      calls.grad++;
      calls.rows += x.rows;
      const out = new Float64Array(x.rows * inputDim);
      for (let i = 0; i < x.rows; i++) {
        const { pres, posts } = forward(rowOf(x, i));
        const z = posts[layers.length]!;
        const t = targets[i]!;
        // d output / d logits
        let g = new Float64Array(classes);
        if (options.output === 'logit') g[t] = 1;
        else {
          const p = softmax(z);
          for (let c = 0; c < classes; c++) g[c] = p[t]! * ((c === t ? 1 : 0) - p[c]!);
        }
        for (let k = layers.length - 1; k >= 0; k--) {
          const L = layers[k]!;
          if (k < layers.length - 1) g = g.map((v, o) => v * df(pres[k]![o]!));
          const gin = new Float64Array(L.in);
          for (let o = 0; o < L.out; o++) for (let q = 0; q < L.in; q++) gin[q] = gin[q]! + L.w[o * L.in + q]! * g[o]!;
          g = gin;
        }
        out.set(g, i * inputDim);
      }
      return { rows: x.rows, cols: inputDim, data: out };
    },
  };
}

/** Random layer weights ~ N(0, scale²/in). */
export function randomMlp(sizes: number[], act: Activation, seed: number, scale = 1.5): TestModel {
  const rng = createRng(seed);
  const layers = [];
  for (let k = 0; k + 1 < sizes.length; k++) {
    const inp = sizes[k]!;
    const out = sizes[k + 1]!;
    const w = new Float64Array(out * inp);
    rng.fillNormal(w, 0, scale / Math.sqrt(inp));
    const b = new Float64Array(out);
    rng.fillNormal(b, 0, 0.3);
    layers.push({ w, b, in: inp, out });
  }
  return mlp(layers, act);
}

/** Logistic regression with class weight rows w0, w1 and biases. */
export function logisticRegression(w0: number[], w1: number[], b0 = 0, b1 = 0): TestModel {
  const d = w0.length;
  return mlp([{ w: Float64Array.from([...w0, ...w1]), b: Float64Array.of(b0, b1), in: d, out: 2 }], 'tanh');
}

/** P(1) = 0.5 + w·(x − c), P(0) = 1 − P(1): exactly linear (valid while it stays in [0, 1]). */
export function linearProbabilityModel(w: number[], c: number[]): Model & { calls: { proba: number } } {
  const d = w.length;
  const calls = { proba: 0 };
  return {
    inputDim: d,
    classes: 2,
    calls,
    predictProba(x: Matrix): Matrix {
      calls.proba++;
      const out = new Float64Array(x.rows * 2);
      const s = x.stride ?? x.cols;
      for (let i = 0; i < x.rows; i++) {
        let p = 0.5;
        for (let j = 0; j < d; j++) p += w[j]! * (x.data[(x.offset ?? 0) + i * s + j]! - c[j]!);
        out[i * 2] = 1 - p;
        out[i * 2 + 1] = p;
      }
      return { rows: x.rows, cols: 2, data: out };
    },
  };
}

/** Random matrix with entries U(lo, hi). */
export function uniformMatrix(rows: number, cols: number, seed: number, lo = 0, hi = 1): Matrix {
  const rng = createRng(seed);
  const data = new Float64Array(rows * cols);
  for (let k = 0; k < data.length; k++) data[k] = lo + (hi - lo) * rng.uniform();
  return { rows, cols, data };
}
