import type { FeatureSchema, Model } from '@xai/core';
import { fromRows } from '@xai/core';
import { pgi } from '@xai/metrics';
import { describe, expect, it } from 'vitest';
import type { RunManifest } from '../results/runManifest.js';
import { verdictContext } from './verdicts.js';

// Whether an LR's global floor (ranking by |weight|) can be beaten on PGI decides whether the
// reports call PGU/PGI "not testable here". The premise, checked with the real metric against
// closed-form expectations: under one Gaussian noise scale on every feature |weight| is the best
// ranking; once a feature is flipped as discrete, a ranking that puts it first can beat it.
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const w = [1, 0.9];
const b = -3.5; // the row below sits at z = -3, where the sigmoid is convex
const row = [0.5, 0];
const z = w[0]! * row[0]! + w[1]! * row[1]! + b;
const lr: Model = {
  inputDim: 2,
  classes: 2,
  predictProba(x) {
    const out = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      const p = sigmoid(w[0]! * x.data[i * 2]! + w[1]! * x.data[i * 2 + 1]! + b);
      out[i * 2] = 1 - p;
      out[i * 2 + 1] = p;
    }
    return { rows: x.rows, cols: 2, data: out };
  },
};

/** E|σ(z + s·ε) − σ(z)| for ε ~ N(0, 1), by Simpson's rule on [−10, 10]. */
function gaussianGap(s: number): number {
  const n = 4000;
  const h = 20 / n;
  let acc = 0;
  for (let i = 0; i <= n; i++) {
    const e = -10 + i * h;
    const f = (Math.abs(sigmoid(z + s * e) - sigmoid(z)) * Math.exp((-e * e) / 2)) / Math.sqrt(2 * Math.PI);
    acc += f * (i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2);
  }
  return (acc * h) / 3;
}

const SIGMA = 0.1;
const SAMPLES = 100_000;
const gap = (attributions: number[], schema: FeatureSchema): number =>
  pgi(
    { x: fromRows([row]), attributions: fromRows([attributions]), model: lr, schema },
    { seed: 3, k: 1, auc: false, samples: SAMPLES, sigma: SIGMA },
  ).mean;

describe('PGI on a logistic regression: when ranking by |weight| is the best ranking', () => {
  it('every feature continuous, one noise scale: the |weight| ranking wins (the floor can only be tied)', () => {
    const schema: FeatureSchema = { names: ['a', 'b'], kinds: ['continuous', 'continuous'], groups: [] };
    const byWeight = gap([1, 0.9], schema);
    const other = gap([0, 1], schema);
    // Monte Carlo error of a mean of |Δp| ≲ 0.0036 over 1e5 draws: a few 1e-5
    expect(byWeight).toBeCloseTo(gaussianGap(SIGMA * w[0]!), 4);
    expect(other).toBeCloseTo(gaussianGap(SIGMA * w[1]!), 4);
    expect(byWeight).toBeGreaterThan(other);
  });

  it('one feature flipped as discrete: putting it first beats the |weight| ranking', () => {
    const schema: FeatureSchema = { names: ['a', 'b'], kinds: ['continuous', 'discrete'], groups: [], levels: [null, [0, 1]] };
    const byWeight = gap([1, 0.9], schema);
    const flipFirst = gap([0, 1], schema);
    const flipProbability = SIGMA * Math.sqrt(2 / Math.PI);
    const flipExpected = flipProbability * Math.abs(sigmoid(z + w[1]!) - sigmoid(z)); // b: 0 → 1
    expect(byWeight).toBeCloseTo(gaussianGap(SIGMA * w[0]!), 4);
    // a flip is a Bernoulli(p) jump: the mean's SE is |jump| sqrt(p (1 − p) / samples) ≈ 5e-5; allow 4 SE
    const se = Math.abs(sigmoid(z + w[1]!) - sigmoid(z)) * Math.sqrt((flipProbability * (1 - flipProbability)) / SAMPLES);
    expect(Math.abs(flipFirst - flipExpected)).toBeLessThan(4 * se);
    expect(flipExpected / gaussianGap(SIGMA * w[0]!)).toBeGreaterThan(1.3);
    expect(flipFirst).toBeGreaterThan(byWeight);
  });
});

describe('verdictContext', () => {
  const kinds = (discrete: number) => ({
    source: 'test',
    continuous: 3 - discrete,
    discrete: Array.from({ length: discrete }, (_, i) => ({ name: `d${i}`, levels: [0, 1] })),
    groups: [],
  });
  const manifest = (model: Record<string, unknown>) =>
    ({
      config: { preset: 'openxai' },
      datasets: [{ id: 'd', groundTruth: { lr: 'model' } }],
      models: [{ dataset: 'd', model: 'lr', ...model }],
    }) as unknown as RunManifest;

  it('reads alike perturbations from the model record: no discrete column, no one-hot group, one absolute noise scale', () => {
    expect(verdictContext(manifest({ featureKinds: kinds(0) }), 'd', 'lr').uniformPerturbation).toBe(true);
    expect(verdictContext(manifest({ featureKinds: kinds(1) }), 'd', 'lr').uniformPerturbation).toBe(false);
    expect(verdictContext(manifest({ featureKinds: kinds(0), noiseInColumnUnits: true }), 'd', 'lr').uniformPerturbation).toBe(false);
    expect(verdictContext(manifest({}), 'd', 'lr').uniformPerturbation).toBe(false);
  });
});
