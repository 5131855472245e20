// Test-only: a model built from dense layers given as JSON (weights out x in, biases, activation),
// exposing them as `model.layers` in @xai/models' DenseLayer shape, as DeepLIFT reads them.
import type { Matrix, Model } from '@xai/core';

export interface JsonLayer {
  readonly w: number[][];
  readonly b: number[];
  readonly activation: 'relu' | 'tanh' | 'sigmoid' | 'none';
}

const ACT = {
  relu: (z: number) => Math.max(0, z),
  tanh: Math.tanh,
  sigmoid: (z: number) => 1 / (1 + Math.exp(-z)),
  none: (z: number) => z,
};

/** Softmax over the last layer (a classifier) or the last layer itself (`value`: a regression model). */
export function denseStack(layers: readonly JsonLayer[], value: boolean): Model & { layers: unknown[] } {
  const views = layers.map((L) => ({
    inputDim: L.w[0]!.length,
    outputDim: L.w.length,
    weight: { rows: L.w.length, cols: L.w[0]!.length, data: Float64Array.from(L.w.flat()) },
    bias: Float64Array.from(L.b),
    activation: L.activation,
  }));
  const outputsOf = (row: number[]): number[] => {
    let h = row;
    for (const L of layers) h = L.w.map((wo, o) => ACT[L.activation](wo.reduce((s, w, q) => s + w * h[q]!, L.b[o]!)));
    return h;
  };
  const K = layers[layers.length - 1]!.w.length;
  const d = layers[0]!.w[0]!.length;
  return {
    inputDim: d,
    classes: K,
    ...(value ? { output: 'value' as const } : {}),
    layers: views,
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * K);
      for (let i = 0; i < x.rows; i++) {
        const z = outputsOf(Array.from(x.data.subarray(i * d, (i + 1) * d)));
        if (value) out.set(z, i * K);
        else {
          const m = Math.max(...z);
          const e = z.map((v) => Math.exp(v - m));
          const s = e.reduce((a, v) => a + v, 0);
          out.set(
            e.map((v) => v / s),
            i * K,
          );
        }
      }
      return { rows: x.rows, cols: K, data: out };
    },
  };
}
