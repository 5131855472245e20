// Test fixtures of the extended metrics (not built): linear models with closed-form outputs
// and gradients, and a dense ReLU MLP whose layers are views into one parameter buffer
// (the layout of @xai/models' NeuralModel, which @xai/metrics does not depend on).
import { row, substream } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import type { LayeredModel, RandomisableLayer } from '../randomisation/modelParameterRandomisation.js';

/** f(x) = w·x + b as a one-output value model, with its exact gradient w. */
export function linearValueModel(w: readonly number[], b = 0): Model {
  const d = w.length;
  return {
    inputDim: d,
    classes: 1,
    output: 'value',
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows);
      for (let i = 0; i < x.rows; i++) {
        const r = row(x, i);
        let s = b;
        for (let j = 0; j < d; j++) s += w[j]! * r[j]!;
        out[i] = s;
      }
      return { rows: x.rows, cols: 1, data: out };
    },
    inputGradient(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out[i * d + j] = w[j]!;
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

/** Softmax over logits W x + c (W: classes x d), with the exact probability gradient. */
export function linearSoftmax(W: readonly (readonly number[])[], c?: readonly number[]): Model {
  const C = W.length;
  const d = W[0]!.length;
  const probs = (r: Float64Array, out: Float64Array, at: number): void => {
    let m = -Infinity;
    for (let k = 0; k < C; k++) {
      let s = c?.[k] ?? 0;
      for (let j = 0; j < d; j++) s += W[k]![j]! * r[j]!;
      out[at + k] = s;
      m = Math.max(m, s);
    }
    let z = 0;
    for (let k = 0; k < C; k++) {
      out[at + k] = Math.exp(out[at + k]! - m);
      z += out[at + k]!;
    }
    for (let k = 0; k < C; k++) out[at + k] = out[at + k]! / z;
  };
  const model: Model = {
    inputDim: d,
    classes: C,
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * C);
      for (let i = 0; i < x.rows; i++) probs(row(x, i), out, i * C);
      return { rows: x.rows, cols: C, data: out };
    },
    inputGradient(x: Matrix, targets: Int32Array): Matrix {
      const p = model.predictProba(x).data;
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) {
        const t = targets[i]!;
        const pt = p[i * C + t]!;
        // dp_t/dx = p_t (W_t − Σ_k p_k W_k)
        for (let j = 0; j < d; j++) {
          let avg = 0;
          for (let k = 0; k < C; k++) avg += p[i * C + k]! * W[k]![j]!;
          out[i * d + j] = pt * (W[t]![j]! - avg);
        }
      }
      return { rows: x.rows, cols: d, data: out };
    },
  };
  return model;
}

/** A dense ReLU network dims[0] → … → dims[L] (softmax, or raw values), layers viewing one buffer. */
export function denseMlp(
  dims: readonly number[],
  seed = 0,
  output: 'probabilities' | 'value' = 'probabilities',
): LayeredModel & { parameters: Float64Array; inputGradient(x: Matrix, t: Int32Array): Matrix } {
  const L = dims.length - 1;
  let size = 0;
  for (let l = 0; l < L; l++) size += dims[l + 1]! * dims[l]! + dims[l + 1]!;
  const params = new Float64Array(size);
  const rng = substream(seed, 'fixture');
  for (let k = 0; k < size; k++) params[k] = rng.normal() * 0.8;
  const layers: RandomisableLayer[] = [];
  let at = 0;
  for (let l = 0; l < L; l++) {
    const out = dims[l + 1]!;
    const inp = dims[l]!;
    layers.push({
      weight: { rows: out, cols: inp, data: params.subarray(at, at + out * inp) },
      bias: params.subarray(at + out * inp, at + out * inp + out),
    });
    at += out * inp + out;
  }
  const C = dims[L]!;
  const d = dims[0]!;
  // Forward one row, keeping pre-activations for the backward pass.
  const forward = (x: Float64Array): Float64Array[] => {
    const acts: Float64Array[] = [x];
    let a = x;
    for (let l = 0; l < L; l++) {
      const { weight, bias } = layers[l]!;
      const z = new Float64Array(weight.rows);
      for (let r = 0; r < weight.rows; r++) {
        let s = bias[r]!;
        for (let c = 0; c < weight.cols; c++) s += weight.data[r * weight.cols + c]! * a[c]!;
        z[r] = l < L - 1 ? Math.max(0, s) : s;
      }
      acts.push(z);
      a = z;
    }
    return acts;
  };
  const head = (z: Float64Array): Float64Array => {
    if (output === 'value') return z;
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const s = e.reduce((p, q) => p + q, 0);
    return e.map((v) => v / s);
  };
  return {
    inputDim: d,
    classes: C,
    ...(output === 'value' ? { output: 'value' as const } : {}),
    layers,
    parameters: params,
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * C);
      for (let i = 0; i < x.rows; i++) out.set(head(forward(row(x, i))[L]!), i * C);
      return { rows: x.rows, cols: C, data: out };
    },
    inputGradient(x: Matrix, targets: Int32Array): Matrix {
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) {
        const acts = forward(row(x, i));
        const p = head(acts[L]!);
        const t = targets[i]!;
        let g = new Float64Array(C);
        for (let k = 0; k < C; k++) g[k] = output === 'value' ? (k === t ? 1 : 0) : p[t]! * ((k === t ? 1 : 0) - p[k]!);
        for (let l = L - 1; l >= 0; l--) {
          const { weight } = layers[l]!;
          if (l < L - 1) for (let r = 0; r < g.length; r++) if (!(acts[l + 1]![r]! > 0)) g[r] = 0;
          const next = new Float64Array(weight.cols);
          for (let r = 0; r < weight.rows; r++)
            for (let c = 0; c < weight.cols; c++) next[c] = next[c]! + g[r]! * weight.data[r * weight.cols + c]!;
          g = next;
        }
        out.set(g, i * d);
      }
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

/** The gradient explainer: e = ∂f_t/∂x from the model's inputGradient. */
export const gradient: ExplainFn = (m, x, t) => m.inputGradient!(x, t);

/** Gradient × input. */
export const gradientTimesInput: ExplainFn = (m, x, t) => {
  const g = m.inputGradient!(x, t);
  const out = new Float64Array(x.rows * x.cols);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    const gr = row(g, i);
    for (let j = 0; j < x.cols; j++) out[i * x.cols + j] = gr[j]! * r[j]!;
  }
  return { rows: x.rows, cols: x.cols, data: out };
};

/** A random n x d matrix from a seeded stream. */
export function randomMatrix(n: number, d: number, seed: number, scale = 1): Matrix {
  const rng = substream(seed, 'fixture-x');
  const data = new Float64Array(n * d);
  for (let k = 0; k < data.length; k++) data[k] = rng.normal() * scale;
  return { rows: n, cols: d, data };
}
