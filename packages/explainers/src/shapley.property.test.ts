// Shapley axioms of the exact Shapley explainer and of KernelSHAP's constrained variant when it
// enumerates every coalition (its `default` preset at d <= 6): efficiency, symmetry, dummy and
// anonymity on random small models (d <= 6), against an explicit background and against the
// weighted k-means background of the `default` preset. The game is
// v(S) = Σ_r w_r f_t(x_S, b_r), so efficiency reads Σ_j φ_j = f_t(x) − Σ_r w_r f_t(b_r).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Explainer, Matrix, Model } from '@xai/core';
import { kernelShapExplainer, shapleyExplainer } from './index.js';
import type { ConfiguredExplainer, KernelShapConfig, ShapleyConfig } from './index.js';
import type { Layer } from './__fixtures__/arbitraries.js';
import {
  layersArb,
  logitModel,
  magnitude,
  pointsArb,
  real,
  runs,
  valueAt,
  withColumnCopied,
  withInputColumn,
} from './__fixtures__/arbitraries.js';

const K = 2;
const N = 2;

interface Game {
  readonly d: number;
  readonly layers: Layer[];
  readonly x: Matrix;
  /** An explicit background (equal weights) ... */
  readonly background: Matrix;
  /** ... and training rows for the `default` preset's weighted k-means background. */
  readonly train: Matrix;
  readonly targets: Int32Array;
  /** Two different features (for symmetry and dummies). */
  readonly i: number;
  readonly j: number;
}

const gameArb: fc.Arbitrary<Game> = fc
  .tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }))
  .chain(([d, h, B]) =>
    fc.record({
      d: fc.constant(d),
      layers: layersArb(d, h, K),
      x: pointsArb(N, d),
      background: pointsArb(B, d),
      train: pointsArb(10, d),
      targets: fc.array(fc.integer({ min: 0, max: K - 1 }), { minLength: N, maxLength: N }).map((t) => Int32Array.from(t)),
      pair: fc.uniqueArray(fc.integer({ min: 0, max: d - 1 }), { minLength: 2, maxLength: 2 }),
    }),
  )
  .map(({ pair, ...g }) => ({ ...g, i: pair[0]!, j: pair[1]! }));

type Exact = ConfiguredExplainer<ShapleyConfig> | ConfiguredExplainer<KernelShapConfig>;

/** The four exact explainers of a game: exact Shapley and enumerating KernelSHAP, each on both backgrounds. */
function exactExplainers(g: Game): Record<string, Exact> {
  return {
    'shapley, explicit background': shapleyExplainer({ background: g.background }),
    'shap constrained, explicit background': kernelShapExplainer({ variant: 'constrained', background: g.background }),
    'shapley default (k-means)': shapleyExplainer({ preset: 'default', train: g.train, seed: 5 }),
    'shap default (k-means)': kernelShapExplainer({ preset: 'default', train: g.train, seed: 5 }),
  };
}

/** Σ_r w_r f_t(b_r) over the explainer's resolved background. */
function expectedValue(e: Exact, model: Model, t: number): number {
  const rows = e.config.backgroundRows!;
  const w = e.config.backgroundWeights ?? rows.map(() => 1 / rows.length);
  return rows.reduce((s, b, r) => s + w[r]! * valueAt(model, b, t), 0);
}

const explain = (e: Explainer, model: Model, g: Game): Matrix => e.explain(model, g.x, { targets: g.targets });

// Rounding: exact Shapley adds 2^d weighted differences of values of size |f|; KernelSHAP solves
// a least-squares problem whose Helmert-basis design (d <= 6, Shapley-kernel weights) is well
// conditioned. Both stay within a few thousand ulps of the largest output (measured: 6e-16); a
// wrong weight, sign or coalition moves a sum by a fraction of |f|.
const ROUNDING = 1e-12;

/** Feature j gets 0 from every exact explainer: exactly from exact Shapley (its v(S ∪ j) − v(S) are 0), to rounding from KernelSHAP's solve. */
function expectDummy(g: Game): void {
  const model = logitModel(g.layers);
  for (const [name, e] of Object.entries(exactExplainers(g))) {
    const phi = explain(e, model, g).data;
    const tol = name.startsWith('shapley') ? 0 : ROUNDING * magnitude(phi);
    for (let r = 0; r < N; r++) expect(Math.abs(phi[r * g.d + g.j]!), `${name} row ${r}`).toBeLessThanOrEqual(tol);
  }
}

describe('Shapley axioms of the exact explainers', () => {
  it('efficiency: Σ_j φ_j = f_t(x) − Σ_r w_r f_t(b_r)', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const model = logitModel(g.layers);
        for (const [name, e] of Object.entries(exactExplainers(g))) {
          if ('exact' in e.config) expect(e.config.exact === 'auto' || e.config.exact === true, name).toBe(true);
          const phi = explain(e, model, g);
          for (let r = 0; r < N; r++) {
            const t = g.targets[r]!;
            const sum = phi.data.subarray(r * g.d, (r + 1) * g.d).reduce((s, v) => s + v, 0);
            const delta = valueAt(model, g.x.data.subarray(r * g.d, (r + 1) * g.d), t) - expectedValue(e, model, t);
            expect(Math.abs(sum - delta), `${name} row ${r}: Σφ ${sum} vs Δ ${delta}`).toBeLessThanOrEqual(ROUNDING * magnitude([delta]));
          }
        }
      }),
      runs(25, 0x5a01),
    );
  });

  it('KernelSHAP enumerating every coalition equals exact Shapley on the same background', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const model = logitModel(g.layers);
        const e = exactExplainers(g);
        const pairs: [string, string][] = [
          ['shapley, explicit background', 'shap constrained, explicit background'],
          ['shapley default (k-means)', 'shap default (k-means)'],
        ];
        for (const [a, b] of pairs) {
          expect(e[b]!.config.backgroundRows).toEqual(e[a]!.config.backgroundRows);
          const exact = explain(e[a]!, model, g).data;
          const kernel = explain(e[b]!, model, g).data;
          const tol = ROUNDING * magnitude(exact);
          exact.forEach((v, q) => expect(Math.abs(kernel[q]! - v), `${b} [${q}]: ${kernel[q]} vs ${v}`).toBeLessThanOrEqual(tol));
        }
      }),
      runs(20, 0x5a02),
    );
  });

  it('symmetry: features i and j that the model, x and the background treat alike get equal values', () => {
    fc.assert(
      fc.property(gameArb, (g0) => {
        const g: Game = {
          ...g0,
          layers: withInputColumn(g0.layers, g0.j, g0.i),
          x: withColumnCopied(g0.x, g0.j, g0.i),
          background: withColumnCopied(g0.background, g0.j, g0.i),
          train: withColumnCopied(g0.train, g0.j, g0.i),
        };
        const model = logitModel(g.layers);
        for (const [name, e] of Object.entries(exactExplainers(g))) {
          const phi = explain(e, model, g).data;
          const tol = ROUNDING * magnitude(phi);
          for (let r = 0; r < N; r++)
            expect(Math.abs(phi[r * g.d + g.i]! - phi[r * g.d + g.j]!), `${name} row ${r}`).toBeLessThanOrEqual(tol);
        }
      }),
      runs(20, 0x5a03),
    );
  });

  it('dummy: a feature the model ignores gets 0 (exact Shapley: exactly 0)', () => {
    fc.assert(
      fc.property(gameArb, (g0) => {
        const g = { ...g0, layers: withInputColumn(g0.layers, g0.j, 'zero') };
        expectDummy(g);
      }),
      runs(20, 0x5a04),
    );
  });

  it('dummy: a feature whose value in x equals its value in every background row gets 0', () => {
    fc.assert(
      fc.property(gameArb, real(1), (g0, c) => {
        const fill = (m: Matrix): Matrix => ({ ...m, data: m.data.map((v, q) => (q % m.cols === g0.j ? c : v)) });
        // Every training row has c at j, so the k-means background does too.
        const g = { ...g0, x: fill(g0.x), background: fill(g0.background), train: fill(g0.train) };
        expectDummy(g);
      }),
      runs(20, 0x5a05),
    );
  });

  it('anonymity: permuting the features of the model, x and the background permutes the values', () => {
    fc.assert(
      fc.property(
        gameArb.chain((g) =>
          fc.tuple(
            fc.constant(g),
            fc.shuffledSubarray(
              Array.from({ length: g.d }, (_, q) => q),
              { minLength: g.d, maxLength: g.d },
            ),
          ),
        ),
        ([g, perm]) => {
          // New column q is old column perm[q]; the first layer's columns move with the inputs.
          const cols = (m: Matrix): Matrix => ({
            ...m,
            data: Float64Array.from(m.data, (_, k) => m.data[Math.floor(k / m.cols) * m.cols + perm[k % m.cols]!]!),
          });
          const [first, ...rest] = g.layers;
          const w1 = cols({ rows: first!.out, cols: g.d, data: first!.w }).data;
          const moved = { ...g, x: cols(g.x), background: cols(g.background), layers: [{ ...first!, w: w1 }, ...rest] };
          const pairs: [string, (h: Game) => Exact][] = [
            ['shapley', (h) => shapleyExplainer({ background: h.background })],
            ['shap constrained', (h) => kernelShapExplainer({ variant: 'constrained', background: h.background })],
          ];
          for (const [name, make] of pairs) {
            const before = explain(make(g), logitModel(g.layers), g);
            const after = explain(make(moved), logitModel(moved.layers), moved).data;
            const want = cols(before).data;
            const tol = ROUNDING * magnitude(want);
            want.forEach((v, q) => expect(Math.abs(after[q]! - v), `${name} [${q}]`).toBeLessThanOrEqual(tol));
          }
        },
      ),
      runs(15, 0x5a06),
    );
  });
});
