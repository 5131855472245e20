// The batched kernels (blocks of rows, per-feature noise, ROAD's factored imputer) give the values
// recorded in __fixtures__/recordedExtendedOutputs.json on this fixed case.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { denseMlp, gradient, randomMatrix } from './__fixtures__/closedFormModels.js';
import { featureNoiseEffects } from './internal/featureNoise.js';
import { monotonicityCorrelation } from './faithfulness/monotonicityCorrelation.js';
import { road } from './faithfulness/road.js';
import { completeness } from './axiomatic/completeness.js';
import { faithfulnessCorrelation } from './faithfulness/faithfulnessCorrelation.js';

const recorded = JSON.parse(readFileSync(new URL('./__fixtures__/recordedExtendedOutputs.json', import.meta.url), 'utf8')) as Record<
  string,
  number[]
>;
const model = denseMlp([5, 7, 3], 11);
const x = randomMatrix(9, 5, 12);
const bg = randomMatrix(60, 5, 13);
const targets = new Int32Array(9).map((_, i) => i % 3);
const attributions = gradient(model, x, targets);
const input = { x, model, attributions, targets };
const close = (got: ArrayLike<number>, want: readonly number[], digits: number): void => {
  expect(got.length).toBe(want.length);
  for (let k = 0; k < want.length; k++) expect(got[k]).toBeCloseTo(want[k]!, digits);
};

describe('the extended metrics reproduce their recorded values', () => {
  it('monotonicity correlation in blocks of ≈ 64k rows: identical', () => {
    expect(Array.from(monotonicityCorrelation(input, { samples: 6, seed: 3 }).values)).toEqual(recorded.monotonicity);
  });
  it('per-feature noise: any block size gives the same effects (same draws per row)', () => {
    const p = { x, n: 9, d: 5, model, targets };
    const one = featureNoiseEffects(p, 4, 0.5, 3, 'nonSensitivity', 'max-abs', 1);
    for (const rows of [20, 41, 1 << 16]) expect(featureNoiseEffects(p, 4, 0.5, 3, 'nonSensitivity', 'max-abs', rows)).toEqual(one);
  });
  it('ROAD, Σ factored once per row: mean imputation equal to 1e-12 (MoRF and LeRF, k = 0..d)', () => {
    close(road(input, { background: bg, imputation: 'mean' }).curves.data, recorded.roadMean!, 12);
    close(
      road(input, { background: bg, imputation: 'mean', order: 'lerf', fractions: [0, 0.2, 0.6, 1] }).curves.data,
      recorded.roadMeanLerf!,
      12,
    );
  });
  it('ROAD noisy: identical where one feature is removed (a 1x1 conditional factor is unique); k ≥ 2 uses another (equally valid) square root of the conditional covariance', () => {
    const got = road(input, { background: bg, seed: 4 }).curves.data;
    // d = 5, default fractions 0.1..0.9 → k = 1, 1, 2, 2, 3, 3, 4, 4, 5 (Math.round): columns 0 and 1 have k = 1.
    for (let i = 0; i < 9; i++) for (const f of [0, 1]) expect(got[i * 9 + f]).toBeCloseTo(recorded.roadNoisy![i * 9 + f]!, 12);
    // All features removed with noise: still a proper draw (finite, in (0, 1)).
    for (let i = 0; i < 9; i++) expect(got[i * 9 + 8]! > 0 && got[i * 9 + 8]! < 1).toBe(true);
  });
  it('completeness with the baseline evaluated once; faithfulness correlation without per-sample allocation', () => {
    close(completeness(input, { baseline: [0.1, -0.2, 0, 0.3, 1] }).values, recorded.completeness!, 14);
    expect(Array.from(faithfulnessCorrelation(input, { samples: 12, subsetSize: 2, seed: 5 }).values)).toEqual(
      recorded.faithfulnessCorrelation,
    );
  });
});
