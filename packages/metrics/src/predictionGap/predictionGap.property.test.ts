// PGI and PGU read the attributions only through the order of |attribution| (the top-k units
// perturbed or kept); their noise is keyed by the instance, not by the attributions. So a
// positive scale, per-entry sign flips and a strictly increasing transform of |e| leave them
// bit for bit unchanged. With `groups`, units are ranked by their summed |attribution|: a scale
// keeps that order, a nonlinear transform need not, so only the scale is asserted there, and by
// powers of two: a general scale rounds c·a + c·b and c·(a + b) apart and can split a tie
// between a group and a column.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeatureGroups, Matrix } from '@xai/core';
import { PRESETS, predictionGaps } from '../index.js';
import type { Preset } from '../index.js';
import { tinyLr } from '../__fixtures__/tinyLr.js';
import { MAGNITUDE_TRANSFORMS, gridRow, mapMatrix, matrixArb, matrixOf, positiveScale, runs } from '../__fixtures__/arbitraries.js';

interface Case {
  readonly w: number[];
  readonly x: Matrix;
  readonly e: Matrix;
  readonly preset: Preset;
  readonly k: number | undefined;
  readonly flips: boolean[];
}

const caseArb: fc.Arbitrary<Case> = fc.tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 3 })).chain(([d, n]) =>
  fc.record({
    w: gridRow(d),
    x: matrixArb(n, d, fc.array(fc.integer({ min: 0, max: 8 }), { minLength: d, maxLength: d })).map((m) => mapMatrix(m, (v) => v / 8)),
    e: matrixArb(n, d, gridRow(d)),
    preset: fc.constantFrom(...PRESETS),
    k: fc.option(fc.integer({ min: 1, max: d }), { nil: undefined }),
    flips: fc.array(fc.boolean(), { minLength: n * d, maxLength: n * d }),
  }),
);

const SAMPLES = 6;

function gaps(c: Case, e: Matrix, groups?: FeatureGroups): { pgi: Float64Array; pgu: Float64Array } {
  const r = predictionGaps(
    { x: c.x, attributions: e, model: tinyLr(c.w, 0.25) },
    { preset: c.preset, seed: 11, samples: SAMPLES, ...(c.k === undefined ? {} : { k: c.k }), ...(groups ? { groups } : {}) },
  );
  return { pgi: r.PGI.values, pgu: r.PGU.values };
}

describe('PGI and PGU see only the order of |attribution|', () => {
  it('a positive scale, sign flips and a strictly increasing transform of |e| change neither (both in [0, 1])', () => {
    const names = Object.keys(MAGNITUDE_TRANSFORMS);
    fc.assert(
      fc.property(caseArb, positiveScale, fc.constantFrom(...names), (c, a, name) => {
        const h = MAGNITUDE_TRANSFORMS[name]!;
        const base = gaps(c, c.e);
        // Mean |p(x') − p(x)| of a probability: within [0, 1].
        for (const v of [...base.pgi, ...base.pgu]) expect(v >= 0 && v <= 1, `${v}`).toBe(true);
        expect(
          gaps(
            c,
            mapMatrix(c.e, (v) => a * v),
          ),
        ).toEqual(base);
        expect(
          gaps(
            c,
            matrixOf(
              c.e.rows,
              c.e.cols,
              Array.from(c.e.data, (v, q) => (c.flips[q] ? -v : v)),
            ),
          ),
        ).toEqual(base);
        expect(
          gaps(
            c,
            mapMatrix(c.e, (v) => Math.sign(v) * h(Math.abs(v))),
          ),
        ).toEqual(base);
      }),
      runs(25, 0x9a01),
    );
  });

  it('with feature groups, a positive scale changes neither', () => {
    fc.assert(
      fc.property(
        caseArb.filter((c) => c.e.cols >= 3),
        fc.integer({ min: -20, max: 20 }),
        (c, p) => {
          const a = 2 ** p;
          const groups: FeatureGroups = [[0, 1]];
          const o = { ...c, k: undefined };
          expect(
            gaps(
              o,
              mapMatrix(c.e, (v) => a * v),
              groups,
            ),
          ).toEqual(gaps(o, c.e, groups));
        },
      ),
      runs(20, 0x9a02),
    );
  });
});
