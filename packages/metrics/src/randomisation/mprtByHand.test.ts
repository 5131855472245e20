// MPRT checked independently: a 1-layer softmax whose randomised weights are read back
// during the re-explanation, its gradient and Spearman computed here by hand; and an
// ONNX-style model (predictProba through a frozen "session", the imported MLP in `.mlp`).
import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import { denseMlp, gradient, randomMatrix } from '../__fixtures__/closedFormModels.js';

/** Spearman without ties: 1 − 6 Σ (rank difference)² / (d (d² − 1)). */
function spearmanNoTies(a: readonly number[], b: readonly number[]): number {
  const ranks = (v: readonly number[]): number[] => {
    const order = v.map((_, j) => j).sort((p, q) => v[p]! - v[q]!);
    const r = new Array<number>(v.length);
    order.forEach((j, k) => {
      r[j] = k + 1;
    });
    return r;
  };
  const ra = ranks(a);
  const rb = ranks(b);
  const d = a.length;
  const s = ra.reduce((acc, r, j) => acc + (r - rb[j]!) ** 2, 0);
  return 1 - (6 * s) / (d * (d * d - 1));
}

/** ∂p_t/∂x = p_t (W_t − Σ_k p_k W_k) for logits W x + b (W: C x d, row-major). */
function softmaxGradient(W: Float64Array, b: Float64Array, C: number, x: readonly number[], t: number): number[] {
  const d = x.length;
  const z = Array.from({ length: C }, (_, k) => b[k]! + x.reduce((s, v, j) => s + W[k * d + j]! * v, 0));
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const sum = e.reduce((s, v) => s + v, 0);
  const p = e.map((v) => v / sum);
  return x.map((_, j) => p[t]! * (W[t * d + j]! - p.reduce((s, pk, k) => s + pk * W[k * d + j]!, 0)));
}

describe('MPRT by hand', () => {
  it('1-layer softmax: the randomised weights (read back) lie in U(±1/√d); similarity = Spearman(|∂p_t/∂x| before, after) computed here', () => {
    const d = 4;
    const C = 3;
    const model = denseMlp([d, C], 90);
    const W0 = model.layers[0]!.weight.data.slice();
    const b0 = model.layers[0]!.bias.slice();
    const x = randomMatrix(5, d, 91);
    const targets = new Int32Array([0, 1, 2, 0, 1]);
    let seen: { W: Float64Array; b: Float64Array } | undefined;
    let calls = 0;
    const explain: ExplainFn = (m, xs, t) => {
      if (calls++ === 1) seen = { W: model.layers[0]!.weight.data.slice(), b: model.layers[0]!.bias.slice() }; // the randomised step
      return gradient(m, xs, t);
    };
    const r = modelParameterRandomisation({ x, model, targets, explain }, { seed: 5 });
    expect(r.steps.length).toBe(1);
    expect(seen).toBeDefined();
    const { W, b } = seen!;
    for (const v of [...W, ...b]) expect(Math.abs(v)).toBeLessThanOrEqual(1 / Math.sqrt(d));
    expect(Array.from(W)).not.toEqual(Array.from(W0));
    expect(model.layers[0]!.weight.data).toEqual(W0); // restored
    for (let i = 0; i < 5; i++) {
      const xi = Array.from(x.data.subarray(i * d, (i + 1) * d));
      const before = softmaxGradient(W0, b0, C, xi, targets[i]!).map(Math.abs);
      const after = softmaxGradient(W, b, C, xi, targets[i]!).map(Math.abs);
      expect(r.steps[0]!.result.values[i]).toBeCloseTo(spearmanNoTies(before, after), 12);
      expect(r.values[i]).toBeCloseTo(spearmanNoTies(before, after), 12); // mean over the single step
    }
  });

  it('an ONNX-style model with an imported `.mlp` (no own layers): randomises the MLP, equals MPRT on the MLP, restores it', () => {
    const mlp = denseMlp([4, 6, 3], 92);
    const frozen = denseMlp([4, 6, 3], 92); // the "session": never sees the randomised weights
    const onnxLike: Model & { mlp: typeof mlp } = {
      inputDim: 4,
      classes: 3,
      predictProba: (xs: Matrix) => frozen.predictProba(xs),
      inputGradient: (xs: Matrix, t: Int32Array) => mlp.inputGradient(xs, t),
      mlp,
    };
    const x = randomMatrix(6, 4, 93);
    const before = mlp.parameters.slice();
    for (const mode of ['cascading', 'independent'] as const) {
      const viaOnnx = modelParameterRandomisation({ x, model: onnxLike, explain: gradient }, { seed: 3, mode });
      const direct = modelParameterRandomisation({ x, model: mlp, explain: gradient }, { seed: 3, mode });
      expect(viaOnnx.steps.map((s) => s.randomised)).toEqual(direct.steps.map((s) => s.randomised));
      for (const [k, s] of viaOnnx.steps.entries()) expect(Array.from(s.result.values)).toEqual(Array.from(direct.steps[k]!.result.values));
      expect(viaOnnx.steps[1]!.result.mean).toBeLessThan(1);
    }
    expect(mlp.parameters).toEqual(before);
  });
});
