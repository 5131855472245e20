// Invariances of the model-free metrics beyond OpenXAI: localisation (against a 0/1 ground
// truth, so the mask is the truth itself) and complexity.
//
// - Ratios of sums (relevance mass accuracy, attribution localisation, sparseness, complexity)
//   are scale-free: a positive scale of the attributions changes them only by rounding.
// - Rankings (top-k intersection, relevance rank accuracy, pointing game, localisation AUC)
//   see |e| only through its order: a strictly increasing transform of |e| changes nothing.
// - Under a joint permutation of attributions, truth and x, the sums, the Mann–Whitney AUC
//   (average ranks) and the pointing game (a hit when any feature tied at the maximum is marked)
//   are unchanged with ties; the top-k metrics (ties broken by the lower index) only without.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Matrix, MetricResult } from '@xai/core';
import {
  attributionLocalisation,
  complexity,
  effectiveComplexity,
  localisationAuc,
  pointingGame,
  relevanceMassAccuracy,
  relevanceRankAccuracy,
  sparseness,
  topKIntersection,
} from '../index.js';
import {
  MAGNITUDE_TRANSFORMS,
  distinctMagnitudeRow,
  gridRow,
  mapMatrix,
  matrixArb,
  permutation,
  permuteColumns,
  positiveScale,
  runs,
} from '../__fixtures__/arbitraries.js';

interface Case {
  readonly x: Matrix;
  readonly e: Matrix;
  /** 0/1 per feature, n rows. */
  readonly truth: Matrix;
  readonly perm: number[];
}

const caseArb = (row: (d: number) => fc.Arbitrary<number[]>): fc.Arbitrary<Case> =>
  fc.tuple(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 3 })).chain(([d, n]) =>
    fc.record({
      x: matrixArb(n, d, gridRow(d)),
      e: matrixArb(n, d, row(d)),
      truth: matrixArb(n, d, fc.array(fc.constantFrom(0, 1), { minLength: d, maxLength: d })),
      perm: permutation(d),
    }),
  );

type Fn = (input: { x: Matrix; attributions: Matrix; groundTruth: Matrix }) => MetricResult;
const SUMS: Record<string, Fn> = {
  RELEVANCE_MASS_ACCURACY: (i) => relevanceMassAccuracy(i),
  ATTRIBUTION_LOCALISATION: (i) => attributionLocalisation(i),
  SPARSENESS: (i) => sparseness(i),
  COMPLEXITY: (i) => complexity(i),
  SPARSENESS_QUANTUS: (i) => sparseness(i, { preset: 'quantus' }),
  COMPLEXITY_QUANTUS: (i) => complexity(i, { preset: 'quantus' }),
};
const RANKS: Record<string, Fn> = {
  TOP_K_INTERSECTION: (i) => topKIntersection(i),
  RELEVANCE_RANK_ACCURACY: (i) => relevanceRankAccuracy(i),
  POINTING_GAME: (i) => pointingGame(i),
  LOCALISATION_AUC: (i) => localisationAuc(i),
  EFFECTIVE_COMPLEXITY_RELATIVE: (i) => effectiveComplexity(i, { relative: true }),
};
/** Ranking metrics that need no tie rule: unchanged by any joint permutation. */
const TIE_FREE_RANKS = ['POINTING_GAME', 'LOCALISATION_AUC', 'EFFECTIVE_COMPLEXITY_RELATIVE'];

function valuesOf(fns: Record<string, Fn>, x: Matrix, e: Matrix, truth: Matrix): Record<string, Float64Array> {
  return Object.fromEntries(Object.entries(fns).map(([id, f]) => [id, f({ x, attributions: e, groundTruth: truth }).values]));
}

function expectClose(actual: Record<string, Float64Array>, expected: Record<string, Float64Array>, tol: number): void {
  for (const [id, want] of Object.entries(expected)) {
    const got = actual[id]!;
    want.forEach((w, i) => {
      if (Number.isNaN(w)) expect(got[i], `${id}[${i}]`).toBeNaN();
      else expect(Math.abs(got[i]! - w), `${id}[${i}]: ${got[i]} vs ${w}`).toBeLessThanOrEqual(tol);
    });
  }
}

describe('localisation and complexity invariants', () => {
  it('a positive scale of the attributions leaves the ratios (to rounding) and the rankings (exactly) unchanged', () => {
    fc.assert(
      fc.property(caseArb(gridRow), positiveScale, (c, a) => {
        const scaled = mapMatrix(c.e, (v) => a * v);
        expectClose(valuesOf(SUMS, c.x, scaled, c.truth), valuesOf(SUMS, c.x, c.e, c.truth), 1e-12);
        expect(valuesOf(RANKS, c.x, scaled, c.truth)).toEqual(valuesOf(RANKS, c.x, c.e, c.truth));
      }),
      runs(40, 0x10c1),
    );
  });

  it('a strictly increasing transform of |e| (sign kept) leaves the rankings unchanged', () => {
    const names = Object.keys(MAGNITUDE_TRANSFORMS);
    fc.assert(
      fc.property(caseArb(gridRow), fc.constantFrom(...names), (c, name) => {
        const h = MAGNITUDE_TRANSFORMS[name]!;
        const e = mapMatrix(c.e, (v) => Math.sign(v) * h(Math.abs(v)));
        const ids = Object.fromEntries(Object.entries(RANKS).filter(([id]) => !id.startsWith('EFFECTIVE')));
        expect(valuesOf(ids, c.x, e, c.truth)).toEqual(valuesOf(ids, c.x, c.e, c.truth));
      }),
      runs(40, 0x10c2),
    );
  });

  it('a joint permutation leaves the sums and the tie-free rankings unchanged, ties included', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const [x, e, t] = [c.x, c.e, c.truth].map((m) => permuteColumns(m, c.perm)) as [Matrix, Matrix, Matrix];
        expectClose(valuesOf(SUMS, x, e, t), valuesOf(SUMS, c.x, c.e, c.truth), 1e-12);
        const ids = Object.fromEntries(TIE_FREE_RANKS.map((id) => [id, RANKS[id]!]));
        expect(valuesOf(ids, x, e, t)).toEqual(valuesOf(ids, c.x, c.e, c.truth));
      }),
      runs(40, 0x10c3),
    );
  });

  it('with distinct |e|, a joint permutation leaves every ranking unchanged', () => {
    fc.assert(
      fc.property(caseArb(distinctMagnitudeRow), (c) => {
        const [x, e, t] = [c.x, c.e, c.truth].map((m) => permuteColumns(m, c.perm)) as [Matrix, Matrix, Matrix];
        expect(valuesOf(RANKS, x, e, t)).toEqual(valuesOf(RANKS, c.x, c.e, c.truth));
      }),
      runs(40, 0x10c4),
    );
  });

  it('bounds: shares, pointing game and AUC in [0, 1] for |e|; Gini in [0, (d-1)/d]; entropy in [0, ln d]', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const d = c.e.cols;
        const all = { ...valuesOf(SUMS, c.x, c.e, c.truth), ...valuesOf(RANKS, c.x, c.e, c.truth) };
        const upper: Record<string, number> = { SPARSENESS: (d - 1) / d, COMPLEXITY: Math.log(d), EFFECTIVE_COMPLEXITY_RELATIVE: d };
        // Rounding of the sums can land an ulp-scale hair outside a closed bound.
        const slack = 1e-12;
        for (const [id, values] of Object.entries(all)) {
          const hi = (upper[id.replace('_QUANTUS', '')] ?? 1) + slack;
          for (const v of values) if (!Number.isNaN(v)) expect(v >= -slack && v <= hi, `${id} ${v} in [0, ${hi}]`).toBe(true);
        }
      }),
      runs(40, 0x10c5),
    );
  });
});
