// RIS, RRS and ROS read the explanations only through ||e − e′|| / ||e||, and the neighbours are
// drawn from the model and the seed, never from the explainer. So wrapping the explainer in a
// power-of-two scale, a sign flip or one column permutation for every row leaves every
// per-instance score unchanged: bit for bit for the scale and the flip (both exact in floating
// point), to 1e-12 relative for a permutation (the same squared differences, summed in another
// order). Any other scale is not asserted: e − e′ of near neighbours cancels, so the rounding of
// c·e − c·e′ is a few ulps of ||e||, which a tiny input change divides into a visible score change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExplainOptions, Explainer, Matrix, Model } from '@xai/core';
import { gradientExplainer, noisyGradientExplainer } from '../__fixtures__/explainers.js';
import { gridRow, matrixArb, permutation, runs } from '../__fixtures__/arbitraries.js';
import { tinyLr } from '../__fixtures__/tinyLr.js';
import { tinyMlp } from '../__fixtures__/tinyMlp.js';
import { relativeStability } from './relativeStability.js';

/** The explainer with each of its rows sent through `f`. */
function wrapped(inner: Explainer, f: (r: Float64Array) => Float64Array): Explainer {
  return {
    id: inner.id,
    explain(model: Model, x: Matrix, options?: ExplainOptions): Matrix {
      const e = inner.explain(model, x, options);
      const out = new Float64Array(e.rows * e.cols);
      for (let i = 0; i < e.rows; i++) {
        const o = (e.offset ?? 0) + i * (e.stride ?? e.cols);
        out.set(f(Float64Array.from(e.data.subarray(o, o + e.cols))), i * e.cols);
      }
      return { rows: e.rows, cols: e.cols, data: out };
    },
  };
}

interface Case {
  readonly model: Model;
  readonly x: Matrix;
  readonly noisy: boolean;
  readonly seed: number;
}

const caseArb: fc.Arbitrary<Case> = fc.integer({ min: 2, max: 5 }).chain((d) =>
  fc.record({
    model: fc.oneof(
      gridRow(d).map((w) => tinyLr(w, 0.25) as Model),
      fc
        .tuple(fc.array(gridRow(d), { minLength: 3, maxLength: 3 }), gridRow(3), gridRow(3))
        .map(([W1, b1, v]) => tinyMlp(W1, b1, [v, v.map((a) => -a / 2)], [0.1, -0.1])),
    ),
    x: matrixArb(
      3,
      d,
      fc.array(
        fc.integer({ min: 0, max: 16 }).map((k) => k / 16),
        { minLength: d, maxLength: d },
      ),
    ),
    noisy: fc.boolean(),
    seed: fc.integer({ min: 0, max: 1000 }),
  }),
);

const OPTIONS = { candidates: 40, neighbours: 10 } as const;

function scores(c: Case, explainer: Explainer): Float64Array[] {
  const r = relativeStability({ x: c.x, model: c.model, explainer }, { ...OPTIONS, seed: c.seed });
  return [r.RIS.values, r.ROS.values, ...(r.RRS !== null ? [r.RRS.values] : [])];
}

function base(c: Case): Explainer {
  return c.noisy ? noisyGradientExplainer(0.05, 7) : gradientExplainer();
}

/** Equal entries (NaN = NaN), each within `rel` of the other's magnitude. */
function expectClose(a: Float64Array[], b: Float64Array[], rel: number): void {
  expect(b.length).toBe(a.length);
  a.forEach((v, m) =>
    v.forEach((s, i) => {
      const t = b[m]![i]!;
      if (Number.isNaN(s) || rel === 0) expect(t).toBe(s);
      else expect(Math.abs(t - s)).toBeLessThanOrEqual(rel * Math.abs(s));
    }),
  );
}

describe('RIS, RRS and ROS see the explanations only through ||e − e′|| / ||e||', () => {
  it('a power-of-two scale and a sign flip of every attribution change no score (bit for bit)', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: -8, max: 8 }), fc.boolean(), (c, k, flip) => {
        const s = (flip ? -1 : 1) * 2 ** k;
        expectClose(
          scores(c, base(c)),
          scores(
            c,
            wrapped(base(c), (r) => r.map((v) => s * v)),
          ),
          0,
        );
      }),
      runs(40, 31),
    );
  });

  it('one permutation of the attribution columns for every row changes no score beyond rounding', () => {
    const arb = caseArb.chain((c) => fc.tuple(fc.constant(c), permutation(c.x.cols)));
    fc.assert(
      fc.property(arb, ([c, perm]) => {
        expectClose(
          scores(c, base(c)),
          scores(
            c,
            wrapped(base(c), (r) => Float64Array.from(perm, (j) => r[j]!)),
          ),
          1e-12,
        );
      }),
      runs(40, 33),
    );
  });
});
