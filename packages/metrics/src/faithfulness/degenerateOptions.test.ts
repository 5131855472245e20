import { describe, expect, it } from 'vitest';
import { fromRows, substream } from '@xai/core';
import { infidelity } from './infidelity.js';
import { road } from './road.js';
import { monotonicityCorrelation } from './monotonicityCorrelation.js';
import { extendedMetrics } from '../extendedMetrics.js';
import { linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

describe('degenerate options are BAD_OPTION naming the option (they gave a perfect score)', () => {
  const model = linearValueModel([1, -2, 3]);
  const x = randomMatrix(3, 3, 80);
  const attributions = fromRows([
    [9, 9, 9],
    [-5, 0, 1],
    [0, 0, 7],
  ]); // arbitrary: far from the gradient
  it('infidelity: std 0 and subsetProbability 0 (I = 0 → 0 for any attribution)', () => {
    expect(() => infidelity({ x, attributions, model }, { std: 0 })).toThrow(/BAD_OPTION.*infidelity.*options\.std.*> 0/);
    expect(() => infidelity({ x, attributions, model }, { perturbation: 'subset', subsetProbability: 0 })).toThrow(
      /BAD_OPTION.*infidelity.*options\.subsetProbability/,
    );
    expect(() => infidelity({ x, attributions, model }, { perturbation: 'subset', subsetProbability: 1.5 })).toThrow(
      /BAD_OPTION.*\(0, 1\]/,
    );
    // The smallest valid settings score the wrong attribution badly, not 0.
    expect(infidelity({ x, attributions, model }, { perturbation: 'subset', subsetProbability: 1 }).mean).toBeGreaterThan(1);
  });
  it('monotonicity correlation: std 0', () => {
    expect(() => monotonicityCorrelation({ x, attributions, model }, { std: 0 })).toThrow(
      /BAD_OPTION.*monotonicityCorrelation.*options\.std/,
    );
  });
});

describe('ROAD: the direction follows the order, so MoRF and LeRF are two ids', () => {
  // Independent features, mean imputation: removing j moves f = w·x by w_j(μ_j − x_j) = −a_j for
  // the exact attribution a_j = w_j(x_j − μ_j). MoRF removes the most positive a_j first (f falls),
  // LeRF the most negative first (f rises): LeRF's value is the higher one, its direction higher-is-better.
  const rng = substream(81, 'road-indep');
  const bg = fromRows(Array.from({ length: 4000 }, () => [rng.normal(), rng.normal(), rng.normal()]));
  const w = [2, -1, 0.5];
  const model = linearValueModel(w);
  const x = fromRows([
    [1, 1, -1],
    [-0.5, 2, 1],
  ]);
  const mu = [0, 1, 2].map((j) => Array.from({ length: 4000 }, (_, i) => bg.data[i * 3 + j]!).reduce((s, v) => s + v, 0) / 4000);
  const attributions = fromRows([0, 1].map((i) => w.map((wj, j) => wj * (x.data[i * 3 + j]! - mu[j]!))));
  it('registry ids, directions, result ids; LeRF > MoRF on exact attributions; a conflicting order is an error', () => {
    expect(extendedMetrics.ROAD_MORF.info.direction).toBe('lower-is-better');
    expect(extendedMetrics.ROAD_LERF.info.direction).toBe('higher-is-better');
    const opts = { background: bg, imputation: 'mean', fractions: [1 / 3, 2 / 3] } as const;
    const morf = extendedMetrics.ROAD_MORF.run(model, x, attributions, undefined, undefined, opts);
    const lerf = extendedMetrics.ROAD_LERF.run(model, x, attributions, undefined, undefined, opts);
    expect(morf.metric).toBe('ROAD_MORF');
    expect(lerf.metric).toBe('ROAD_LERF');
    expect(Array.from(lerf.values)).toEqual(Array.from(road({ x, attributions, model }, { ...opts, order: 'lerf' }).values));
    for (let i = 0; i < 2; i++) expect(lerf.values[i]!).toBeGreaterThan(morf.values[i]!);
    expect(() => extendedMetrics.ROAD_MORF.run(model, x, attributions, undefined, undefined, { ...opts, order: 'lerf' })).toThrow(
      /BAD_OPTION.*ROAD_LERF/,
    );
  });
});
