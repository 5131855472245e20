// A tree model's missing cells (NaN): the prediction gaps and the relative stabilities keep each
// missing cell missing in every perturbed copy and neighbour. Closed forms on a model whose output
// depends on one feature only.
import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import type { Explainer, Matrix, Model, TreeEnsemble } from '@xai/core';
import { pgi } from './predictionGap/pgi.js';
import { pgu } from './predictionGap/pgu.js';
import { ris } from './stability/ris.js';

/** p(class 1) of a stump on feature 0 with a missing-value branch: NaN → 0.9, x0 < 0.5 → 0.2, else 0.8. */
function stump(withTrees: boolean): Model {
  const model: Model = {
    inputDim: 3,
    classes: 2,
    predictProba(x: Matrix): Matrix {
      const data = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) {
        const v = x.data[(x.offset ?? 0) + i * (x.stride ?? x.cols)]!;
        const p = Number.isNaN(v) ? 0.9 : v < 0.5 ? 0.2 : 0.8;
        data[2 * i] = 1 - p;
        data[2 * i + 1] = p;
      }
      return { rows: x.rows, cols: 2, data };
    },
  };
  // Only the capability matters here: the metrics read NaN as a tree model's missing value.
  return withTrees ? Object.assign(model, { trees: (): TreeEnsemble => ({}) as TreeEnsemble }) : model;
}

const x: Matrix = { rows: 2, cols: 3, data: Float64Array.from([Number.NaN, 0.3, 0.7, 0.45, Number.NaN, 0.2]) };
const topFeature0: Matrix = { rows: 2, cols: 3, data: Float64Array.from([3, 2, 1, 3, 2, 1]) };
const options = { k: 1, samples: 200, sigma: 0.2, seed: 3 };

describe('missing cells of a tree model under perturbation', () => {
  it('PGI of the missing top feature is exactly 0 (it stays missing); an observed one near the split moves the output', () => {
    const r = pgi({ x, attributions: topFeature0, model: stump(true) }, options);
    expect(r.values[0]).toBe(0);
    expect(r.values[1]).toBeGreaterThan(0.1);
    // PGU perturbs features 1 and 2 only: the output never changes.
    expect(Array.from(pgu({ x, attributions: topFeature0, model: stump(true) }, options).values)).toEqual([0, 0]);
  });

  it('RIS measures the input change over the observed cells: finite where the row holds NaN', () => {
    const explainer: Explainer = {
      id: 'identity',
      explain: (_m: Model, rows: Matrix): Matrix => ({
        rows: rows.rows,
        cols: 3,
        data: Float64Array.from(rows.data.subarray(0, rows.rows * 3), (v) => (Number.isNaN(v) ? 0 : v)),
      }),
    };
    const r = ris({ x, model: stump(true), explainer }, { neighbours: 5, candidates: 20, seed: 1 });
    // Attributions equal the observed inputs: every ratio ||Δe/e|| / ||Δx/x|| is 1 at most (exactly 1 with the same norms).
    for (const v of r.values) {
      expect(Number.isFinite(v)).toBe(true);
      expect(v).toBeCloseTo(1, 12);
    }
  });

  it('a model without trees still refuses NaN, naming the cell', () => {
    try {
      pgi({ x, attributions: topFeature0, model: stump(false) }, options);
      throw new Error('expected a throw');
    } catch (e) {
      expect(isXaiError(e, 'NON_FINITE')).toBe(true);
      expect((e as Error).message).toContain('cell (0, 0) is NaN');
    }
  });
});
