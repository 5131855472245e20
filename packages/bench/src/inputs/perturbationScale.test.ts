import type { Matrix, Model } from '@xai/core';
import { createRng, featureRanges } from '@xai/core';
import { affineInputModel, createExplainer, maxRelativeDifference, scaledPair } from '@xai/explainers';
import { metrics } from '@xai/metrics';
import { describe, expect, it } from 'vitest';
import { openxaiRangeWarning, perturbationScale } from './perturbationScale.js';

// Raw columns: age, income, a 0/1 flag, a one-hot pair.
function rawRows(n: number, seed: number): Matrix {
  const rng = createRng(seed);
  const data = new Float64Array(n * 5);
  for (let i = 0; i < n; i++) {
    const o = i * 5;
    data[o] = 18 + 72 * rng.uniform();
    data[o + 1] = 1e4 + 1.9e5 * rng.uniform();
    data[o + 2] = rng.uniform() < 0.5 ? 0 : 1;
    const hot = rng.uniform() < 0.5 ? 3 : 4;
    data[o + hot] = 1;
  }
  return { rows: n, cols: 5, data };
}
const coding = {
  kinds: ['continuous', 'continuous', 'discrete', 'discrete', 'discrete'] as const,
  groups: [[3, 4]],
};
const train = rawRows(100, 1);

describe('perturbationScale', () => {
  it('default: the training ranges of the continuous columns, 1 for 0/1 and one-hot columns; the options of the ids that take it', () => {
    const ps = perturbationScale('default', train, coding);
    const r = featureRanges(train);
    expect(Array.from(ps.featureScale!)).toEqual([r[0], r[1], 1, 1, 1]);
    expect(ps.explainerOptions('lime')).toEqual({ featureScale: ps.featureScale });
    expect(ps.explainerOptions('gradshap')).toEqual({ featureScale: ps.featureScale });
    expect(ps.explainerOptions('grad')).toEqual({});
    expect(ps.explainerOptions('ig')).toEqual({});
    for (const id of ['PGI', 'PGU', 'RIS', 'RRS', 'ROS', 'MAX_SENSITIVITY', 'INFIDELITY'])
      expect(ps.metricOptions(id)).toEqual({ featureScale: ps.featureScale });
    for (const id of ['FA', 'PRA', 'DELETION', 'ROAD_MORF']) expect(ps.metricOptions(id)).toEqual({});
  });

  it('a coded column that is constant in train still keeps 1 (its range rule would give 1 only by luck)', () => {
    const t = { rows: 3, cols: 2, data: Float64Array.of(10, 0, 20, 0, 30, 0) };
    const withCoding = perturbationScale('default', t, { kinds: ['continuous', 'discrete'], groups: [] });
    expect(Array.from(withCoding.featureScale!)).toEqual([20, 1]);
  });

  it('openxai and paper keep the absolute constants; min-max-scaled data (ranges 1 up to one ulp) give no option at all', () => {
    expect(perturbationScale('openxai', train, coding).featureScale).toBeNull();
    expect(perturbationScale('paper', train, coding).explainerOptions('lime')).toEqual({});
    // A column scaled on rows that are not all in train spans 1 − 2⁻⁵³ (adult's hours-per-week does).
    const scaled = { rows: 3, cols: 2, data: Float64Array.of(0, 0, 0.5, 1 - 2 ** -53, 1, 0.25) };
    expect(featureRanges(scaled)[1]).toBe(1 - 2 ** -53);
    const ps = perturbationScale('default', scaled);
    expect(ps.featureScale).toBeNull();
    expect(ps.explainerOptions('lime')).toEqual({});
    expect(ps.metricOptions('PGI')).toEqual({});
  });

  it('rejects a coding of another width', () => {
    expect(() => perturbationScale('default', train, { kinds: ['continuous'], groups: [] })).toThrow(/1 column kinds, train has 5 columns/);
  });

  it('wired into explainer and metric construction, a raw-column run scores as its min-max copy', () => {
    const d = 2;
    const rawTrain = { rows: 80, cols: d, data: train.data.filter((_, k) => k % 5 < 2) };
    const x = { rows: 5, cols: d, data: rawTrain.data.slice(0, 5 * d) };
    const unit: Model = {
      inputDim: d,
      classes: 2,
      predictProba(m: Matrix): Matrix {
        const out = new Float64Array(m.rows * 2);
        for (let i = 0; i < m.rows; i++) {
          const p = 1 / (1 + Math.exp(-(3 * m.data[i * d]! - 4 * m.data[i * d + 1]! ** 2 + 1)));
          out[2 * i] = 1 - p;
          out[2 * i + 1] = p;
        }
        return { rows: m.rows, cols: 2, data: out };
      },
    };
    const f = affineInputModel(unit, [-18 / 72, -1e4 / 1.9e5], [1 / 72, 1 / 1.9e5]);
    const pair = scaledPair(f, rawTrain, x);
    const keys = Float64Array.from({ length: x.rows }, (_, i) => i + 1);
    const run = (t: Matrix, model: Model, rows: Matrix) => {
      const ps = perturbationScale('default', t);
      const make = (id: 'lime' | 'shap') => createExplainer(id, { preset: 'default', train: t, ...ps.explainerOptions(id) });
      const lime = make('lime').explain(model, rows, { keys });
      // PGI ranks features by |attribution|: SHAP values (output units) rank alike on both sides.
      const shap = make('shap').explain(model, rows, { keys });
      const o = { preset: 'default', samples: 30, keys, ...ps.metricOptions('PGI') } as const;
      return { lime, pgi: metrics.PGI.evaluate({ x: rows, attributions: shap, model }, o).values };
    };
    const raw = run(pair.raw.train, f, x);
    const scaled = run(pair.scaled.train, pair.scaled.model, pair.scaled.x);
    expect(maxRelativeDifference(pair.perScaledUnit(raw.lime), scaled.lime)).toBeLessThan(1e-9);
    for (let i = 0; i < x.rows; i++) expect(Math.abs(raw.pgi[i]! - scaled.pgi[i]!)).toBeLessThanOrEqual(1e-9 * scaled.pgi[i]!);
  });
});

describe('openxaiRangeWarning', () => {
  const names = ['age', 'income', 'flag', 'c=a', 'c=b'];

  it('names the columns outside [0, 1] and their training ranges', () => {
    const w = openxaiRangeWarning('openxai', train, names)!;
    const r = (j: number) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < train.rows; i++) {
        lo = Math.min(lo, train.data[i * 5 + j]!);
        hi = Math.max(hi, train.data[i * 5 + j]!);
      }
      return `[${lo.toPrecision(4)}, ${hi.toPrecision(4)}]`;
    };
    expect(w).toContain(`2 of 5 columns are not: age ${r(0)}, income ${r(1)}.`);
    expect(w).toContain("preset 'default'");
    expect(w).not.toContain('flag');
  });

  it('is null for data within [0, 1] and for the other presets', () => {
    const unit = { rows: 2, cols: 2, data: Float64Array.of(0, 1, 1, 0.5) };
    expect(openxaiRangeWarning('openxai', unit)).toBeNull();
    expect(openxaiRangeWarning('default', train, names)).toBeNull();
    expect(openxaiRangeWarning('paper', train, names)).toBeNull();
  });

  it('lists five columns by index when unnamed, then counts the rest', () => {
    const wide = { rows: 1, cols: 7, data: Float64Array.of(-1, 2, 3, 4, 5, 6, 0.5) };
    const w = openxaiRangeWarning('openxai', wide)!;
    expect(w).toContain(
      '6 of 7 columns are not: column 0 [-1, -1], column 1 [2, 2], column 2 [3, 3], column 3 [4, 4], column 4 [5, 5] and 1 more.',
    );
  });
});
