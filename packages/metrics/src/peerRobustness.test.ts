// Max/avg sensitivity, local Lipschitz and infidelity under the peer presets, against the real
// Quantus and Captum run by __fixtures__/peerRobustness.py with draws made there, fed to our
// metrics through their `perturb` / `perturbation` options.
import { describe, expect, it } from 'vitest';
import { fromRows, matrix, row } from '@xai/core';
import type { Matrix, Model, Rng } from '@xai/core';
import peer from './__fixtures__/peerRobustness.json' with { type: 'json' };
import { linearSoftmax } from './__fixtures__/closedFormModels.js';
import type { ExplainFn } from './extendedMetricTypes.js';
import { infidelity } from './faithfulness/infidelity.js';
import { avgSensitivity } from './robustness/avgSensitivity.js';
import { localLipschitz } from './robustness/localLipschitz.js';
import { maxSensitivity } from './robustness/maxSensitivity.js';

const W = peer.W;
const c = peer.c;
const S = peer.samples;
const x = fromRows(peer.x);
const targets = Int32Array.from(peer.targets);
function logitsOf(xs: Matrix): Matrix {
  const out = matrix(xs.rows, W.length);
  for (let i = 0; i < xs.rows; i++) {
    const r = row(xs, i);
    for (let k = 0; k < W.length; k++) {
      let s = c[k]!;
      for (let j = 0; j < r.length; j++) s += W[k]![j]! * r[j]!;
      out.data[i * W.length + k] = s;
    }
  }
  return out;
}
const model: Model = { ...linearSoftmax(W, c), logits: logitsOf };
const explain: ExplainFn = (m, xs, t) => m.inputGradient!(xs, t);

/** Adds draws[s][i] to row i at its s-th call (our metrics draw row-major: row i, then sample s). */
function additive(draws: number[][][]): (xi: Float64Array, rng: Rng, out: Float64Array) => void {
  let call = 0;
  return (xi, _rng, out) => {
    const i = Math.floor(call / S);
    const s = call % S;
    call++;
    for (let j = 0; j < out.length; j++) out[j] = xi[j]! + draws[s]![i]![j]!;
  };
}

function expectRel(got: ArrayLike<number>, want: readonly number[], tol = 1e-10): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThanOrEqual(tol * Math.abs(want[i]!));
}

describe('robustness under the peer presets', () => {
  const input = { x, model, targets, explain };
  it("quantus: AvgSensitivity and MaxSensitivity equal Quantus' (uniform draws per step, ||a − a′|| / ||a||)", () => {
    const opts = { preset: 'quantus' as const, samples: S };
    expectRel(avgSensitivity(input, { ...opts, perturb: additive(peer.uniform) }).values, peer.quantusAvgSensitivity);
    expectRel(maxSensitivity(input, { ...opts, perturb: additive(peer.uniform) }).values, peer.quantusMaxSensitivity);
  });
  it("captum: sensitivity_max equals Captum's on the same draws", () => {
    const r = maxSensitivity(input, { preset: 'captum', samples: S, perturb: additive(peer.uniform) });
    expectRel(r.values, peer.captumSensitivityMax);
  });
  it("quantus: LocalLipschitzEstimate equals Quantus' (batch normalise_by_max of a and of each step)", () => {
    const r = localLipschitz(input, { preset: 'quantus', samples: S, perturb: additive(peer.gauss) });
    expectRel(r.values, peer.quantusLocalLipschitz);
    const raw = localLipschitz(input, { samples: S, perturb: additive(peer.gauss) });
    expect(raw.values[0]).not.toBeCloseTo(r.values[0]!, 3); // the normalisation matters here
  });
  it('quantus defaults: 200 samples and radius 0.2 (a zero explanation gives Infinity/NaN, not a guarded ratio)', () => {
    const zero: ExplainFn = (_m, xs) => matrix(xs.rows, xs.cols);
    const r = maxSensitivity({ x, model, targets, explain: zero }, { preset: 'quantus', samples: 2 });
    expect(Array.from(r.values).every(Number.isNaN)).toBe(true); // 0 / 0, as numpy
    expect(maxSensitivity({ x, model, targets, explain: zero }, { samples: 2 }).mean).toBe(0); // Captum's guard
  });
});

describe('infidelity under captum', () => {
  const attributions = fromRows(peer.attributions);
  const perturbation = () => {
    let call = 0;
    return (xi: Float64Array, _rng: Rng, I: Float64Array, xp: Float64Array): void => {
      const i = Math.floor(call / S);
      const s = call % S;
      call++;
      for (let j = 0; j < I.length; j++) {
        I[j] = peer.perturbations[i]![s]![j]!;
        xp[j] = xi[j]! - I[j]!;
      }
    };
  };
  it("scores the forward output (logits) and equals Captum's infidelity, plain and normalized", () => {
    const input = { x, attributions, model, targets };
    expectRel(infidelity(input, { preset: 'captum', samples: S, perturbation: perturbation() }).values, peer.captumInfidelityLogits);
    const normalized = infidelity(input, { preset: 'captum', samples: S, perturbation: perturbation(), normalize: true });
    expectRel(normalized.values, peer.captumInfidelityLogitsNormalized, 1e-8);
  });
});
