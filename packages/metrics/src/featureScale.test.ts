import type { Explainer, FeatureSchema, Matrix, Model } from '@xai/core';
import { createRng, hashFloat64, row } from '@xai/core';
import { affineInputModel, kernelShapExplainer, limeExplainer, occlusionExplainer, scaledPair } from '@xai/explainers';
import type { ScaledPair } from '@xai/explainers';
import { describe, expect, it } from 'vitest';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { nonSensitivity } from './axiomatic/nonSensitivity.js';
import { EXTENDED_METRIC_IDS, extendedMetrics } from './extendedMetrics.js';
import { FEATURE_SCALE_METRIC_IDS, takesFeatureScale } from './featureScaleMetrics.js';
import type { ExplainFn } from './extendedMetricTypes.js';
import { infidelity } from './faithfulness/infidelity.js';
import { monotonicityCorrelation } from './faithfulness/monotonicityCorrelation.js';
import { predictionGaps } from './predictionGap/predictionGaps.js';
import { relativeStability } from './stability/relativeStability.js';
import { avgSensitivity } from './robustness/avgSensitivity.js';
import { localLipschitz } from './robustness/localLipschitz.js';
import { maxSensitivity } from './robustness/maxSensitivity.js';

// Raw columns: an age, an income, a signed measurement, a 0/1 flag (discrete).
const LO = [18, 1e4, -3, 0];
const SPAN = [72, 1.9e5, 8, 1];
function rawRows(n: number, seed: number): Matrix {
  const rng = createRng(seed);
  const data = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < 3; j++) data[i * 4 + j] = LO[j]! + SPAN[j]! * rng.uniform();
    data[i * 4 + 3] = rng.uniform() < 0.5 ? 0 : 1;
  }
  return { rows: n, cols: 4, data };
}
// A ReLU MLP with logits, a hidden layer and gradients, reading the raw columns through their nominal ranges.
const unitModel = tinyMlp(
  [
    [2.1, -1.3, 0.7, 0.9],
    [-0.8, 2.4, -1.1, 0.4],
    [1.2, 0.6, 1.9, -1.5],
    [-1.7, -0.9, 0.8, 1.1],
    [0.5, 1.4, -2.2, 0.3],
  ],
  [0.1, -0.4, 0.2, 0.3, -0.2],
  [
    [1.1, -0.7, 0.9, -1.2, 0.4],
    [-0.9, 1.3, -0.6, 1.0, -0.8],
  ],
  [0.05, -0.05],
);
const f: Model = affineInputModel(
  unitModel,
  LO.map((l, j) => -l / SPAN[j]!),
  SPAN.map((s) => 1 / s),
);
const train = rawRows(200, 1);
const x = rawRows(12, 2);
const pair = scaledPair(f, train, x);
const pair0 = scaledPair(f, train, x, 'zero');
const keys = Float64Array.from({ length: x.rows }, (_, i) => 7000 + i);
const schema: FeatureSchema = {
  names: ['age', 'income', 'm', 'flag'],
  kinds: ['continuous', 'continuous', 'continuous', 'discrete'],
  groups: [],
};

/** Occlusion at a baseline given in raw units: output-unit attributions, equal on both sides. */
function occlusionPair(p: ScaledPair): { raw: Explainer; scaled: Explainer } {
  const rawBase = [40, 5e4, 0, 0];
  const scaledBase = Array.from(p.toScaled({ rows: 1, cols: 4, data: Float64Array.from(rawBase) }).data);
  return { raw: occlusionExplainer({ baseline: rawBase }), scaled: occlusionExplainer({ baseline: scaledBase }) };
}

function expectClose(a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-9): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) {
    if (Number.isNaN(b[i]!)) expect(a[i]).toBeNaN();
    else expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(tol * Math.max(Math.abs(b[i]!), 1e-300));
  }
}

const asFn =
  (e: Explainer): ExplainFn =>
  (m, xs, t) =>
    e.explain(m, xs, { targets: t });

describe('featureScale in the metrics: raw columns with featureRanges(train) score as their min-max copy', () => {
  const occ = occlusionPair(pair);
  const eRaw = occ.raw.explain(f, x);
  const eScaled = occ.scaled.explain(pair.scaled.model, pair.scaled.x);

  it('the attributions compared are equal on both sides (output units)', () => {
    expectClose(eRaw.data, eScaled.data, 1e-9);
  });

  it('PGI and PGU (default and openxai presets, with a discrete column)', () => {
    for (const preset of ['default', 'openxai'] as const) {
      const o = { preset, samples: 40, keys };
      const raw = predictionGaps({ x, attributions: eRaw, model: f, schema }, { ...o, featureScale: pair.scale });
      const scaled = predictionGaps({ x: pair.scaled.x, attributions: eScaled, model: pair.scaled.model, schema }, o);
      expectClose(raw.PGI.values, scaled.PGI.values);
      expectClose(raw.PGU.values, scaled.PGU.values);
      expect(raw.PGI.mean).toBeGreaterThan(0);
    }
  });

  it('ROS and RRS under any min-max map; RIS when the map has no offset (its ||x|| is not shift-invariant)', () => {
    const o = { candidates: 200, neighbours: 20, sigma: 0.01, keys };
    const run = (p: ScaledPair) => {
      const e = occlusionPair(p);
      return {
        raw: relativeStability({ x: p.raw.x, model: p.raw.model, explainer: e.raw, schema }, { ...o, featureScale: p.scale }),
        scaled: relativeStability({ x: p.scaled.x, model: p.scaled.model, explainer: e.scaled, schema }, o),
      };
    };
    const a = run(pair);
    expectClose(a.raw.ROS.values, a.scaled.ROS.values);
    expectClose(a.raw.RRS!.values, a.scaled.RRS!.values);
    expect(Array.from(a.raw.diagnostics.neighbourCounts)).toEqual(Array.from(a.scaled.diagnostics.neighbourCounts));
    const b = run(pair0);
    expectClose(b.raw.RIS.values, b.scaled.RIS.values);
    expectClose(b.raw.ROS.values, b.scaled.ROS.values);
  });

  it('a stochastic explainer under common random numbers: the keys reach its noise too', () => {
    const o = { candidates: 100, neighbours: 8, sigma: 0.01, keys };
    const shap = (t: Matrix) => kernelShapExplainer({ preset: 'openxai', background: 'mean', samples: 64, train: t });
    const raw = relativeStability({ x, model: f, explainer: shap(pair.raw.train), schema }, { ...o, featureScale: pair.scale });
    const scaled = relativeStability({ x: pair.scaled.x, model: pair.scaled.model, explainer: shap(pair.scaled.train), schema }, o);
    expectClose(raw.ROS.values, scaled.ROS.values, 1e-8);
    expectClose(raw.diagnostics.explainerNoise!.values, scaled.diagnostics.explainerNoise!.values, 1e-8);
  });

  it('max / avg sensitivity and the local Lipschitz estimate', () => {
    const exRaw = { x, model: f, explain: asFn(occ.raw) };
    const exScaled = { x: pair.scaled.x, model: pair.scaled.model, explain: asFn(occ.scaled) };
    const o = { samples: 15, keys };
    expectClose(maxSensitivity(exRaw, { ...o, featureScale: pair.scale }).values, maxSensitivity(exScaled, o).values);
    expectClose(avgSensitivity(exRaw, { ...o, featureScale: pair.scale }).values, avgSensitivity(exScaled, o).values);
    expectClose(localLipschitz(exRaw, { ...o, featureScale: pair.scale }).values, localLipschitz(exScaled, o).values);
  });

  it('infidelity (Gaussian) with per-unit attributions (gradients: Iᵀ∇f is unit-free)', () => {
    const t = new Int32Array(x.rows);
    const gRaw = f.inputGradient!(x, t);
    const gScaled = pair.scaled.model.inputGradient!(pair.scaled.x, t);
    const o = { samples: 20, keys };
    for (const normalize of [false, true]) {
      const raw = infidelity({ x, attributions: gRaw, model: f, targets: t }, { ...o, normalize, featureScale: pair.scale });
      const scaled = infidelity({ x: pair.scaled.x, attributions: gScaled, model: pair.scaled.model, targets: t }, { ...o, normalize });
      expectClose(raw.values, scaled.values);
    }
  });

  it('monotonicity correlation and non-sensitivity (one feature resampled at a time)', () => {
    const o = { samples: 10, keys };
    const raw = { x, attributions: eRaw, model: f };
    const scaled = { x: pair.scaled.x, attributions: eScaled, model: pair.scaled.model };
    expectClose(monotonicityCorrelation(raw, { ...o, featureScale: pair.scale }).values, monotonicityCorrelation(scaled, o).values);
    expectClose(
      nonSensitivity(raw, { ...o, std: 0.2, featureScale: pair.scale }).values,
      nonSensitivity(scaled, { ...o, std: 0.2 }).values,
    );
  });
});

describe('featureScale in the metrics: unit scales, content keys, errors', () => {
  const u = pair.scaled;
  const e = occlusionExplainer().explain(u.model, u.x);
  const ones = [1, 1, 1, 1];
  const contentKeys = Float64Array.from({ length: x.rows }, (_, i) => hashFloat64(row(x, i)));

  it('all-ones scales give bit-identical scores', () => {
    const gaps = (o: object) => predictionGaps({ x: u.x, attributions: e, model: u.model, schema }, { samples: 20, ...o });
    expect(gaps({ featureScale: ones })).toEqual(gaps({}));
    const st = (o: object) =>
      relativeStability({ x: u.x, model: u.model, explainer: occlusionExplainer(), schema }, { candidates: 60, neighbours: 5, ...o });
    expect(st({ featureScale: ones }).RIS.values).toEqual(st({}).RIS.values);
    const ex = { x: u.x, model: u.model, attributions: e, explain: asFn(occlusionExplainer()) };
    expect(maxSensitivity(ex, { featureScale: ones }).values).toEqual(maxSensitivity(ex).values);
    expect(localLipschitz(ex, { featureScale: ones }).values).toEqual(localLipschitz(ex).values);
    expect(infidelity(ex, { featureScale: ones }).values).toEqual(infidelity(ex).values);
    expect(monotonicityCorrelation(ex, { featureScale: ones }).values).toEqual(monotonicityCorrelation(ex).values);
  });

  it('noise stays keyed by row content: no keys = keys set to the rows’ content hashes', () => {
    const o = { samples: 20, featureScale: pair.scale };
    const eR = occlusionPair(pair).raw.explain(f, x);
    const a = predictionGaps({ x, attributions: eR, model: f }, o);
    const b = predictionGaps({ x, attributions: eR, model: f }, { ...o, keys: contentKeys });
    expect(a).toEqual(b);
    const so = { candidates: 60, neighbours: 5, featureScale: pair.scale };
    const st = (o: object) =>
      relativeStability({ x, model: f, explainer: limeExplainer({ samples: 50, featureScale: pair.scale }) }, { ...so, ...o });
    const s0 = st({});
    const s1 = st({ keys: contentKeys });
    for (const id of ['RIS', 'RRS', 'ROS'] as const) expect(s1[id]!.values).toEqual(s0[id]!.values);
    const ex = { x, model: f, explain: asFn(limeExplainer({ samples: 50, featureScale: pair.scale })) };
    expect(maxSensitivity(ex, { featureScale: pair.scale }).values).toEqual(
      maxSensitivity(ex, { featureScale: pair.scale, keys: contentKeys }).values,
    );
  });

  it('scaled noise reaches raw columns: PGI of a model reading only the income column', () => {
    // The other columns enter with factor 0: only income moves the output.
    const incomeOnly = affineInputModel(unitModel, [0.5, -LO[1]! / SPAN[1]!, 0.5, 0], [0, 1 / SPAN[1]!, 0, 0]);
    const eR = occlusionExplainer({ baseline: [40, 5e4, 0, 0] }).explain(incomeOnly, x);
    const plain = predictionGaps({ x, attributions: eR, model: incomeOnly }, { samples: 20 });
    const scaled = predictionGaps({ x, attributions: eR, model: incomeOnly }, { samples: 20, featureScale: pair.scale });
    // Absolute noise of 0.1 on an income of ~1e5 moves the probability by ~1e-7 at most.
    expect(plain.PGI.mean).toBeLessThan(1e-6);
    expect(scaled.PGI.mean).toBeGreaterThan(1e-3);
  });

  it('rejects bad scales and keys naming the option', () => {
    const input = { x: u.x, attributions: e, model: u.model };
    expect(() => predictionGaps(input, { featureScale: [1, 2] })).toThrow(/4 per-feature scales/);
    expect(() => predictionGaps(input, { featureScale: [1, -2, 1, 1] })).toThrow(/scale 1 must be a positive/);
    expect(() => predictionGaps(input, { keys: [1, 2] })).toThrow(/12 keys/);
    expect(() =>
      relativeStability({ x: u.x, model: u.model, explainer: occlusionExplainer() }, { keys: [Number.NaN, ...keys.slice(1)] }),
    ).toThrow(/key 0 must be a finite number/);
    expect(() =>
      relativeStability(
        { x: u.x, model: u.model, explainer: occlusionExplainer() },
        { preset: 'openxai', stabilitySeeding: 'released', keys },
      ),
    ).toThrow(/keys need 'content' seeding/);
    expect(() => maxSensitivity({ x: u.x, model: u.model, explain: asFn(occlusionExplainer()) }, { featureScale: [0, 1, 1, 1] })).toThrow(
      /options\.featureScale\[0\]|scale 0/,
    );
  });

  it('FEATURE_SCALE_METRIC_IDS: the listed extended metrics take featureScale, the others reject it by name', () => {
    const input = { x: u.x, attributions: e, model: u.model, explain: asFn(occlusionExplainer()), groundTruth: e };
    for (const id of EXTENDED_METRIC_IDS) {
      const run = () =>
        extendedMetrics[id].evaluate(input, { featureScale: ones, ...(id.startsWith('ROAD') ? { background: u.train } : {}) });
      if (takesFeatureScale(id)) expect(run, id).not.toThrow();
      else expect(run, id).toThrow(/featureScale/);
    }
    expect(FEATURE_SCALE_METRIC_IDS.filter((id) => !(EXTENDED_METRIC_IDS as readonly string[]).includes(id))).toEqual([
      'PGI',
      'PGU',
      'RIS',
      'RRS',
      'ROS',
    ]);
  });
});
