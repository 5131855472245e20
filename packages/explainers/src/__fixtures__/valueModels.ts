// Test-only models for regression / multi-output and layer-reading explainers.
import type { InputGradientOptions, Matrix, Model } from '@xai/core';
import type { TestModel } from './models.js';
import { mlp } from './models.js';

/**
 * A linear value (regression) model f_k(x) = W_k·x + c_k (`output: 'value'`, K = W.length
 * outputs), with exact input gradients W_t. `float32` returns Float32Array outputs (as ONNX
 * Runtime does) so the model boundary is exercised.
 */
export function linearValueModel(W: number[][], c: number[], float32 = false): Model {
  const K = W.length;
  const d = W[0]!.length;
  return {
    inputDim: d,
    classes: K,
    output: 'value',
    predictProba(x: Matrix): Matrix {
      const out = float32 ? new Float32Array(x.rows * K) : new Float64Array(x.rows * K);
      const s = x.stride ?? x.cols;
      for (let i = 0; i < x.rows; i++) {
        for (let k = 0; k < K; k++) {
          let v = c[k]!;
          for (let j = 0; j < d; j++) v += W[k]![j]! * x.data[(x.offset ?? 0) + i * s + j]!;
          out[i * K + k] = v;
        }
      }
      return { rows: x.rows, cols: K, data: out } as unknown as Matrix;
    },
    inputGradient(x: Matrix, targets: Int32Array, _options?: InputGradientOptions): Matrix {
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out[i * d + j] = W[targets[i]!]![j]!;
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

/** f(x) = Σ a_j x_j² (one output, `output: 'value'`), gradient 2 a ⊙ x. */
export function quadraticValueModel(a: number[]): Model {
  const d = a.length;
  return {
    inputDim: d,
    classes: 1,
    output: 'value',
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows);
      for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out[i] = out[i]! + a[j]! * x.data[i * d + j]! ** 2;
      return { rows: x.rows, cols: 1, data: out };
    },
    inputGradient(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out[i * d + j] = 2 * a[j]! * x.data[i * d + j]!;
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

/** A softmax MLP that also exposes `layers` in @xai/models' DenseLayer shape (for DeepLIFT). */
export function layeredMlp(
  layers: { w: Float64Array; b: Float64Array; in: number; out: number }[],
  act: 'relu' | 'tanh',
): TestModel & { layers: unknown[] } {
  const m = mlp(layers, act);
  const views = layers.map((L, k) => ({
    inputDim: L.in,
    outputDim: L.out,
    weight: { rows: L.out, cols: L.in, data: L.w },
    bias: L.b,
    activation: k === layers.length - 1 ? 'none' : act,
  }));
  return Object.assign(m, { layers: views });
}

/** Random layers ~ N(0, scale²/in), biases N(0, 0.3²). */
export function randomLayers(sizes: number[], seed: number, scale = 1.5): { w: Float64Array; b: Float64Array; in: number; out: number }[] {
  let s = seed * 7919 + 1;
  const rnd = (): number => {
    // Box-Muller on a small LCG: test-only, deterministic.
    s = (s * 1103515245 + 12345) % 2147483648;
    const u = (s + 1) / 2147483649;
    s = (s * 1103515245 + 12345) % 2147483648;
    const v = (s + 1) / 2147483649;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const layers = [];
  for (let k = 0; k + 1 < sizes.length; k++) {
    const inp = sizes[k]!;
    const out = sizes[k + 1]!;
    layers.push({
      w: Float64Array.from({ length: out * inp }, () => (rnd() * scale) / Math.sqrt(inp)),
      b: Float64Array.from({ length: out }, () => 0.3 * rnd()),
      in: inp,
      out,
    });
  }
  return layers;
}

/** Shapley values over units by the definition (test-only): v(S) = Σ_r w_r f_t(x_S, b_r). */
export function bruteForceGroupShapley(
  model: Model,
  x: Float64Array,
  target: number,
  background: Float64Array[],
  units: number[][],
): Float64Array {
  const U = units.length;
  const d = x.length;
  const v = new Float64Array(2 ** U);
  for (let mask = 0; mask < 2 ** U; mask++) {
    let s = 0;
    for (const bg of background) {
      const z = Float64Array.from(bg);
      units.forEach((u, k) => {
        if ((mask >>> k) & 1) for (const j of u) z[j] = x[j]!;
      });
      s += model.predictProba({ rows: 1, cols: d, data: z }).data[target]! / background.length;
    }
    v[mask] = s;
  }
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const phi = new Float64Array(U);
  for (let i = 0; i < U; i++) {
    for (let mask = 0; mask < 2 ** U; mask++) {
      if ((mask >>> i) & 1) continue;
      let size = 0;
      for (let j = 0; j < U; j++) size += (mask >>> j) & 1;
      phi[i] = phi[i]! + ((fact(size) * fact(U - size - 1)) / fact(U)) * (v[mask | (1 << i)]! - v[mask]!);
    }
  }
  return phi;
}
