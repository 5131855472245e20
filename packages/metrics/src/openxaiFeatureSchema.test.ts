// openxaiFeatureSchema: the released `feature_metadata` as our schema, checked
// against the german file's own column names and a hand-worked case of the released
// NewDiscrete_NormalPerturbation; and the cause of the german gap (no schema).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRows, isXaiError } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { openxaiFeatureSchema } from './openxaiFeatureSchema.js';
import { hotColumns, makePlan, perturbRow } from './internal/perturb.js';
import { runPredictionGap } from './internal/predictionGapMetric.js';

const GERMAN = resolve(__dirname, '../../../../shared/datasets/german');

describe('openxaiFeatureSchema', () => {
  it('german: the released metadata gives one group per one-hot prefix of the file header', () => {
    const meta = JSON.parse(readFileSync(resolve(GERMAN, 'german-feature-metadata.json'), 'utf8'));
    const header = readFileSync(resolve(GERMAN, 'german-test.csv'), 'utf8').split('\n')[0]!.split(',').slice(0, -1);
    const s = openxaiFeatureSchema({ feature_types: meta.feature_types, feature_n_cols: meta.feature_n_cols }, 60, header);
    // Independent: columns named `<feature>_<level>` share a group, in file order.
    const byPrefix = new Map<string, number[]>();
    header.forEach((name, j) => {
      const m = /^(.*)_\d+$/.exec(name);
      if (m) byPrefix.set(m[1]!, [...(byPrefix.get(m[1]!) ?? []), j]);
    });
    expect(s.groups).toEqual([...byPrefix.values()]);
    expect(s.kinds.slice(0, 8).every((k) => k === 'continuous')).toBe(true);
    expect(s.kinds.slice(8).every((k) => k === 'discrete')).toBe(true);
    expect(s.names).toEqual(header);
  });

  it('a per-column list (NormalPerturbation datasets) gives kinds and no groups', () => {
    const s = openxaiFeatureSchema(['c', 'd', 'c', 'c', 'd', 'd', 'd'], 7); // compas
    expect(s.kinds).toEqual(['continuous', 'discrete', 'continuous', 'continuous', 'discrete', 'discrete', 'discrete']);
    expect(s.groups).toEqual([]);
  });

  it('bad metadata is a typed error naming the argument', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? `${e.code}:${e.details.arg}` : 'raw';
      }
      return undefined;
    };
    // The shorter, shifted list the issue suspected (20 feature types for 60 columns).
    expect(code(() => openxaiFeatureSchema([...Array(8).fill('c'), ...Array(12).fill('d')], 60))).toBe('SHAPE_MISMATCH:featureMetadata');
    expect(code(() => openxaiFeatureSchema({ feature_types: ['c', 'd'], feature_n_cols: [1] }, 2))).toBe(
      'BAD_INPUT:featureMetadata.feature_n_cols',
    );
    expect(code(() => openxaiFeatureSchema(['c', 'x'], 2))).toBe('BAD_INPUT:featureMetadata');
    expect(code(() => openxaiFeatureSchema({ feature_types: ['c'], feature_n_cols: [2] }, 2))).toBe('NOT_SUPPORTED:featureMetadata');
  });

  // Hand-worked released case: metadata {c, d(3 cols)}, x = [0.5, 0, 1, 0], sigma = 0.1.
  // Released NewDiscrete_NormalPerturbation, one sample, draws: normal 0.1 * 2 on column 0;
  // bernoulli 1 at the hot column 2; np.random.choice over the options [1, 3] picks 3.
  //   perturbations = x + [0.2, 0, 0, 0] = [0.7, 0, 1, 0]; samples_to_flip = [0, 0, 1, 1];
  //   the group becomes |[0, 1, 0] - [0, 1, 1]| = [0, 0, 1]  ->  [0.7, 0, 0, 1] with every column free;
  //   mask fixing column 3 (the destination): [0.7, 0, 0, 0] (no 1 left, as released).
  const meta = { feature_types: ['c', 'd'], feature_n_cols: [1, 3] } as const;
  const x = Float64Array.from([0.5, 0, 1, 0]);
  const z = Float64Array.from([2, 0, 0, 0]);
  // Our draws: the move at the group's first column (< p), the destination at its second:
  // floor(0.75 * 2) = 1 -> the second "other" column, i.e. column 3.
  const u = Float64Array.from([0.9, 0.01, 0.75, 0.9]);
  const run = (schema: ReturnType<typeof openxaiFeatureSchema> | undefined, free: number[] | null): number[] => {
    const plan = makePlan(schema, 4);
    const hot = hotColumns(plan, x, new Int32Array(plan.groups.length));
    const out = new Float64Array(4);
    perturbRow(plan, x, hot, z, plan.anyDiscrete ? u : null, 0, 0.1, 0.0798, free === null ? null : Uint8Array.from(free), 'code', out, 0);
    return Array.from(out, (v) => Math.round(v * 1e12) / 1e12);
  };

  it('with the released metadata, the perturbation is the hand-worked released row', () => {
    const s = openxaiFeatureSchema(meta, 4);
    expect(run(s, null)).toEqual([0.7, 0, 0, 1]);
    expect(run(s, [1, 1, 1, 0])).toEqual([0.7, 0, 0, 0]);
  });

  it('without a schema (the issue-15 setting) the one-hot columns get Gaussian noise instead', () => {
    const zg = Float64Array.from([2, 1, -1, 0.5]);
    const plan = makePlan(undefined, 4);
    const out = new Float64Array(4);
    perturbRow(plan, x, new Int32Array(0), zg, null, 0, 0.1, 0.0798, null, 'code', out, 0);
    expect(Array.from(out, (v) => Math.round(v * 1e12) / 1e12)).toEqual([0.7, 0.1, 0.9, 0.05]);
  });

  it('PGU through the metric: the released metadata reproduces the hand-worked |dp0|', () => {
    // A 2-class LR p1 = sigmoid(w . x); column 0 of the output is p0.
    const w = [1, 0.5, -2, 3];
    const model: Model = {
      inputDim: 4,
      classes: 2,
      predictProba(m: Matrix) {
        const out = new Float64Array(m.rows * 2);
        for (let i = 0; i < m.rows; i++) {
          let s = 0;
          for (let j = 0; j < 4; j++) s += w[j]! * m.data[i * 4 + j]!;
          const p1 = 1 / (1 + Math.exp(-s));
          out[2 * i] = 1 - p1;
          out[2 * i + 1] = p1;
        }
        return { rows: m.rows, cols: 2, data: out };
      },
    };
    const p0 = (r: number[]): number => 1 / (1 + Math.exp(r.reduce((a, v, j) => a + w[j]! * v, 0)));
    // Attributions rank column 0 first; k = 1 only (auc off): PGU perturbs columns 1..3, PGI column 0.
    const input = {
      x: fromRows([Array.from(x)]),
      attributions: fromRows([[4, 0.1, 0.3, 0.2]]),
      model,
      schema: openxaiFeatureSchema(meta, 4),
    };
    const r = runPredictionGap(
      't',
      ['PGI', 'PGU'],
      input,
      { preset: 'openxai', k: 1, auc: false, samples: 1, sigma: 0.1 },
      (_i, zz, uu) => {
        zz.set(z);
        uu!.set(u);
      },
    );
    // Released: PGU keeps column 0 -> [0.5, 0, 0, 1]; PGI keeps columns 1..3 -> [0.7, 0, 1, 0].
    expect(r.PGU!.values[0]).toBeCloseTo(Math.abs(p0([0.5, 0, 0, 1]) - p0([0.5, 0, 1, 0])), 14);
    expect(r.PGI!.values[0]).toBeCloseTo(Math.abs(p0([0.7, 0, 1, 0]) - p0([0.5, 0, 1, 0])), 14);
  });
});
