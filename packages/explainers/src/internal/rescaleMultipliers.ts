// DeepLIFT's rescale rule (Shrikumar et al. 2017; Captum DeepLift's `nonlinear`) carried back
// through dense layers: a nonlinearity passes Δa/Δz between x and the baseline, a linear map Wᵀ.
import type { DenseLayerView } from './denseLayers.js';
import { activate, activationSlope } from './denseLayers.js';

/**
 * |Δz| at or below which the multiplier Δa/Δz is replaced by the slope at x (Captum: 1e-10).
 * Between the two thresholds both values agree to about |Δz| relative, far below 1e-6.
 */
export const RESCALE_EPS = 1e-9;

/** Multiplies m (n x width) in place by the layer's rescale multipliers at x vs the baseline. */
function rescaleThrough(L: DenseLayerView, z: Float64Array, z0: Float64Array, m: Float64Array, n: number): void {
  const width = L.outputDim;
  for (let i = 0; i < n; i++) {
    for (let o = 0; o < width; o++) {
      const dz = z[i * width + o]! - z0[o]!;
      const r =
        Math.abs(dz) > RESCALE_EPS
          ? (activate(L.activation, z[i * width + o]!) - activate(L.activation, z0[o]!)) / dz
          : activationSlope(L.activation, z[i * width + o]!);
      m[i * width + o] = m[i * width + o]! * r;
    }
  }
}

/** Wᵀ m: the multipliers at the layer's input (n x inputDim). */
function throughWeights(L: DenseLayerView, m: Float64Array, n: number): Float64Array {
  const W = L.weight.data;
  const ws = L.weight.stride ?? L.weight.cols;
  const wo = L.weight.offset ?? 0;
  const mo = L.outputDim;
  const k = L.inputDim;
  const next = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    for (let o = 0; o < mo; o++) {
      const v = m[i * mo + o]!;
      if (v === 0) continue;
      const r = wo + o * ws;
      for (let q = 0; q < k; q++) next[i * k + q] = next[i * k + q]! + v * W[r + q]!;
    }
  }
  return next;
}

/**
 * The input multipliers (n x d) from the multipliers `head` at the network's outputs:
 * `zx[l]` are the pre-activations of layer l for the rows, `zb[l]` for the baseline (one row).
 */
export function inputMultipliers(
  layers: readonly DenseLayerView[],
  zx: readonly Float64Array[],
  zb: readonly Float64Array[],
  head: Float64Array,
  n: number,
): Float64Array {
  let m = head;
  for (let l = layers.length - 1; l >= 0; l--) {
    const L = layers[l]!;
    if (L.activation !== 'none') rescaleThrough(L, zx[l]!, zb[l]!, m, n);
    m = throughWeights(L, m, n);
  }
  return m;
}
