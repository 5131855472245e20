// MPRT and Smooth MPRT against the real Quantus (__fixtures__/quantusRandomisation.py runs it on a ReLU
// MLP and writes the random weights its generator drew; `randomise` replays them here).
import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import peer from '../__fixtures__/quantusRandomisation.json' with { type: 'json' };
import { denseMlp } from '../__fixtures__/closedFormModels.js';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import type { RandomisableLayer } from './modelParameterRandomisation.js';
import { efficientMprt } from './efficientMprt.js';
import { smoothMprt } from './smoothMprt.js';

const nan = (v: readonly (number | null)[]): number[] => v.map((t) => t ?? Number.NaN);

/** The fixture's MLP with its weights. */
function mlp() {
  const m = denseMlp(peer.dims);
  m.layers.forEach((layer, l) => {
    layer.weight.data.set(peer.params[l]!.weight.flat());
    layer.bias.set(peer.params[l]!.bias);
  });
  return m;
}

/** Quantus' random layers, by our layer index. */
const replay = (layer: RandomisableLayer, index: number): void => {
  layer.weight.data.set(peer.randomWeights[index]!.weight.flat());
  layer.bias.set(peer.randomWeights[index]!.bias);
};

function expectSame(got: ArrayLike<number>, want: readonly (number | null)[]): void {
  const w = nan(want);
  expect(got.length).toBe(w.length);
  for (let i = 0; i < w.length; i++) {
    if (Number.isNaN(w[i]!)) expect(got[i]).toBeNaN();
    else expect(Math.abs(got[i]! - w[i]!)).toBeLessThanOrEqual(1e-12);
  }
}

describe('MPRT against Quantus', () => {
  const x = fromRows(peer.x);
  const targets = Int32Array.from(peer.targets);
  const probabilityGradient: ExplainFn = (m, xs, t) => (m as Model).inputGradient!(xs, t);

  it("each cascade step equals Quantus' per-layer similarity (top layer first), with its weights replayed", () => {
    const r = modelParameterRandomisation({ x, model: mlp(), targets, explain: probabilityGradient }, { randomise: replay });
    expectSame(r.steps[0]!.result.values, peer.mprt.layers['2']);
    expectSame(r.steps[1]!.result.values, peer.mprt.layers['0']);
  });

  it("averageWithOriginal reproduces Quantus' return_average_correlation (the original's similarity averaged in); the default averages the steps only", () => {
    const input = { x, model: mlp(), targets, explain: probabilityGradient };
    expectSame(modelParameterRandomisation(input, { randomise: replay, averageWithOriginal: true }).values, peer.mprt.average);
    const steps = peer.mprt.layers;
    const own = nan(steps['2']).map((v, i) => (v + nan(steps['0'])[i]!) / 2);
    expectSame(modelParameterRandomisation(input, { randomise: replay }).values, own);
  });

  it('Efficient MPRT equals Quantus (100 bins, every layer randomised with its weights)', () => {
    const r = efficientMprt({ x, model: mlp(), targets, explain: probabilityGradient }, { randomise: replay });
    expectSame(r.values, peer.efficientMprt);
  });

  it('Smooth MPRT (one noise-free sample, top-down) equals Quantus on the logit gradient it explains with', () => {
    // Quantus' SmoothMPRT explains with quantus.explain (Saliency of the logit) whatever explain_func is given.
    const logitGradient: ExplainFn = (m, xs, t) => logitGradientOf(m as ReturnType<typeof mlp>, xs, t);
    const input = { x, model: mlp(), targets, explain: logitGradient };
    expect(
      Math.max(...logitGradient(mlp(), x, targets).data.map((v, k) => Math.abs(v - peer.smoothMprt.attributions.flat()[k]!))),
    ).toBeLessThan(1e-12);
    const r = smoothMprt(input, { samples: 1, randomise: replay });
    expectSame(r.steps[0]!.result.values, peer.smoothMprt.layers['2']);
    expectSame(r.steps[1]!.result.values, peer.smoothMprt.layers['0']);
    expectSame(smoothMprt(input, { samples: 1, randomise: replay, averageWithOriginal: true }).values, peer.smoothMprt.average);
  });
});

/** d z_t / d x of a dense ReLU network (backprop through its layers). */
function logitGradientOf(m: { layers: readonly RandomisableLayer[] }, x: Matrix, t: Int32Array): Matrix {
  const out = { rows: x.rows, cols: x.cols, data: new Float64Array(x.rows * x.cols) };
  for (let i = 0; i < x.rows; i++) {
    const acts: Float64Array[] = [x.data.subarray(i * x.cols, (i + 1) * x.cols)];
    for (const [l, { weight, bias }] of m.layers.entries()) {
      const a = acts[acts.length - 1]!;
      const z = new Float64Array(weight.rows);
      for (let r = 0; r < weight.rows; r++) {
        let s = bias[r]!;
        for (let c = 0; c < weight.cols; c++) s += weight.data[r * weight.cols + c]! * a[c]!;
        z[r] = l < m.layers.length - 1 ? Math.max(0, s) : s;
      }
      acts.push(z);
    }
    let g = new Float64Array(m.layers[m.layers.length - 1]!.weight.rows);
    g[t[i]!] = 1;
    for (let l = m.layers.length - 1; l >= 0; l--) {
      const { weight } = m.layers[l]!;
      if (l < m.layers.length - 1) for (let r = 0; r < g.length; r++) if (acts[l + 1]![r]! <= 0) g[r] = 0;
      const prev = new Float64Array(weight.cols);
      for (let r = 0; r < weight.rows; r++)
        for (let c = 0; c < weight.cols; c++) prev[c] = prev[c]! + weight.data[r * weight.cols + c]! * g[r]!;
      g = prev;
    }
    out.data.set(g, i * x.cols);
  }
  return out;
}
