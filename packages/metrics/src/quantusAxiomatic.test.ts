// Input invariance, completeness, faithfulness correlation and monotonicity correlation against the
// real Quantus (__fixtures__/quantusAxiomatic.py runs it; its uniform draws are replayed here).
import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import type { Model } from '@xai/core';
import peer from './__fixtures__/quantusAxiomatic.json' with { type: 'json' };
import { softmaxModel } from './__fixtures__/quantusTabularCases.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import type { ExplainFn } from './extendedMetricTypes.js';
import { completeness } from './axiomatic/completeness.js';
import { inputInvariance } from './axiomatic/inputInvariance.js';
import { faithfulnessCorrelation } from './faithfulness/faithfulnessCorrelation.js';
import { monotonicityCorrelation } from './faithfulness/monotonicityCorrelation.js';

const gradient: ExplainFn = (m, x, t) => (m as Model).inputGradient!(x, t);
const gradientXInput: ExplainFn = (m, x, t) => {
  const g = (m as Model).inputGradient!(x, t);
  return { rows: g.rows, cols: g.cols, data: g.data.map((v, k) => v * x.data[k]!) };
};

describe('input invariance against Quantus', () => {
  const q = peer.inputInvariance;
  const input = (explain: ExplainFn) => ({
    x: fromRows(q.x),
    model: tinyMlp(q.W1, q.b1, q.V, q.c),
    targets: Int32Array.from(q.targets),
    explain,
  });
  it("shiftFeatures 'all-but-first' reproduces Quantus (feature 0 never shifted, the model compensated for all): 0 on every row", () => {
    expect(Array.from(inputInvariance(input(gradient), { shiftFeatures: 'all-but-first' }).values)).toEqual(q.gradient);
    expect(Array.from(inputInvariance(input(gradientXInput), { shiftFeatures: 'all-but-first' }).values)).toEqual(q.gradientXInput);
  });
  it('the default shifts every feature: the gradient is invariant (1), gradient × input is not (0), as Kindermans et al.', () => {
    expect(Array.from(inputInvariance(input(gradient)).values)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Array.from(inputInvariance(input(gradientXInput)).values)).toEqual(q.gradientXInput);
  });
});

describe('completeness, faithfulness and monotonicity correlation against Quantus (logits, black baseline, U(0, 1))', () => {
  const model = softmaxModel(peer.W, peer.c);
  const x = fromRows(peer.x);
  const targets = Int32Array.from(peer.targets);
  it('completeness: the rows Quantus passes (Σa == Δ logit to the row minimum) have gap 0, the others do not', () => {
    const pass = completeness({ x, model, targets, attributions: fromRows(peer.completeness.logitFirst) }, { preset: 'quantus' });
    expect(peer.completeness.quantus.logitFirst).toEqual([1, 1, 1, 1, 1, 1]);
    for (const v of pass.values) expect(v).toBeLessThanOrEqual(1e-12);
    const fail = completeness({ x, model, targets, attributions: fromRows(peer.completeness.probabilityFirst) }, { preset: 'quantus' });
    expect(peer.completeness.quantus.probabilityFirst).toEqual([0, 0, 0, 0, 0, 0]);
    for (const v of fail.values) expect(v).toBeGreaterThan(1e-6);
  });
  it('faithfulness correlation: W_t ⊙ (x − row min) correlates 1 with the logit drop on every subset, as in Quantus; negated −1', () => {
    const a = fromRows(peer.faithfulnessCorrelation.attributions);
    const r = faithfulnessCorrelation({ x, model, targets, attributions: a }, { preset: 'quantus', subsetSize: 2 });
    r.values.forEach((v, i) => expect(v).toBeCloseTo(peer.faithfulnessCorrelation.quantus[i]!, 12));
    const neg = { rows: a.rows, cols: a.cols, data: a.data.map((v) => -v) };
    const n = faithfulnessCorrelation({ x, model, targets, attributions: neg }, { preset: 'quantus', subsetSize: 2 });
    n.values.forEach((v, i) => expect(v).toBeCloseTo(peer.faithfulnessCorrelation.quantusNegated[i]!, 12));
  });
  it("monotonicity correlation with Quantus' U(0, 1) draws replayed equals Quantus row by row", () => {
    const m = peer.monotonicityCorrelation;
    const rowOf = (xi: Float64Array): number => peer.x.findIndex((r) => r.every((v, j) => v === xi[j]));
    const used = new Map<string, number>();
    const perturb = (xi: Float64Array, j: number): number => {
      const i = rowOf(xi);
      const key = `${i}/${j}`;
      const s = used.get(key) ?? 0;
      used.set(key, s + 1);
      return m.draws[i]![j]![s]!;
    };
    const r = monotonicityCorrelation(
      { x, model, targets, attributions: fromRows(m.attributions) },
      { preset: 'quantus', samples: m.samples, perturb },
    );
    r.values.forEach((v, i) => expect(Math.abs(v - m.quantus[i]!)).toBeLessThanOrEqual(1e-12));
  });
});
