// Independent reference implementations for tests: plain nested loops over number
// arrays, written without the package's kernels, so a kernel bug cannot hide in both.
import type { Matrix } from '@xai/core';
import { createRng, row } from '@xai/core';
import type { NeuralModel } from '../neuralModel.js';

export interface RefLayer {
  weight: number[][];
  bias: number[];
  activation: string;
}

/** The model's layers as plain arrays. */
export function refLayers(model: NeuralModel): RefLayer[] {
  return model.layers.map((l) => ({
    weight: Array.from({ length: l.weight.rows }, (_, i) => Array.from(row(l.weight, i))),
    bias: Array.from(l.bias),
    activation: l.activation,
  }));
}

/** Per-layer outputs (pre, post) of one input vector. */
export function refForward(layers: RefLayer[], x: number[]): { pre: number[][]; post: number[][] } {
  const pre: number[][] = [];
  const post: number[][] = [];
  let a = x;
  for (const l of layers) {
    const z = l.weight.map((w, i) => w.reduce((s, wj, j) => s + wj * a[j]!, l.bias[i]!));
    const h = z.map((v) =>
      l.activation === 'relu'
        ? Math.max(0, v)
        : l.activation === 'tanh'
          ? Math.tanh(v)
          : l.activation === 'sigmoid'
            ? 1 / (1 + Math.exp(-v))
            : v,
    );
    pre.push(z);
    post.push(h);
    a = h;
  }
  return { pre, post };
}

export function refSoftmax(z: number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

/** A seeded n x d standard-normal matrix. */
export function randomMatrix(seed: number, n: number, d: number, scale = 1): Matrix {
  const data = new Float64Array(n * d);
  createRng(seed).fillNormal(data, 0, scale);
  return { rows: n, cols: d, data };
}

/** Largest |a − b| / max(max|a|, max|b|): the ∞-norm relative error of two vectors. */
export function relError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    scale = Math.max(scale, Math.abs(a[i]!), Math.abs(b[i]!));
  }
  return scale === 0 ? diff : diff / scale;
}

/** Expects fn to throw an XaiError with the given code; returns it. */
export function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected a throw');
}
