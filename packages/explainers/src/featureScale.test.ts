import type { Matrix, Model } from '@xai/core';
import { XaiError, featureRanges } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { contentKeys, rawModel, rawRows, sharedKeys } from './__fixtures__/rawColumns.js';
import { ALL_EXPLAINER_IDS, FEATURE_SCALE_EXPLAINER_IDS, createExplainer } from './createExplainer.js';
import { gradientExplainer } from './gradientExplainer.js';
import { gradientShapExplainer } from './gradientShapExplainer.js';
import { gradientXInputExplainer } from './gradientXInputExplainer.js';
import { integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import { limeExplainer } from './limeExplainer.js';
import { noiseTunnelExplainer } from './noiseTunnelExplainer.js';
import { occlusionExplainer } from './occlusionExplainer.js';
import { permutationShapExplainer } from './permutationShapExplainer.js';
import { maxRelativeDifference, scaledPair } from './scaleEquivalence.js';
import type { ScaledPair } from './scaleEquivalence.js';
import { shapleyExplainer } from './shapleyExplainer.js';
import { smoothGradExplainer } from './smoothGradExplainer.js';

const train = rawRows(300, 1);
const x = rawRows(6, 2);
const f = rawModel(3);
const pair = scaledPair(f, train, x);
const keys = sharedKeys(x.rows);

type Make = (o: { train: Matrix; featureScale?: Float64Array }) => { explain(m: Model, x: Matrix, o?: object): Matrix };

/** Explains the raw side with featureScale and the scaled side without, under the same keys. */
function both(make: Make, p: ScaledPair = pair, extra: object = {}): { raw: Matrix; scaled: Matrix } {
  const raw = make({ train: p.raw.train, featureScale: p.scale }).explain(p.raw.model, p.raw.x, { keys, ...extra });
  const scaled = make({ train: p.scaled.train }).explain(p.scaled.model, p.scaled.x, { keys, ...extra });
  return { raw, scaled };
}

/** Attributions per unit of input (gradients, LIME coefficients) map by a ⊙ s. */
function expectPerUnit(r: { raw: Matrix; scaled: Matrix }, tol: number, p: ScaledPair = pair): void {
  expect(maxRelativeDifference(p.perScaledUnit(r.raw), r.scaled)).toBeLessThan(tol);
}

/** Attributions in output units (SHAP values, occlusion, standard IG) are unchanged. */
function expectSame(r: { raw: Matrix; scaled: Matrix }, tol: number): void {
  expect(maxRelativeDifference(r.raw, r.scaled)).toBeLessThan(tol);
}

describe('featureScale: raw columns with featureRanges(train) = their min-max copy, mapped back', () => {
  it('the pair is what it claims: featureRanges of the scaled rows are 1, g(u) = f(x)', () => {
    expect(Array.from(featureRanges(pair.scaled.train))).toEqual([1, 1, 1, 1].map((v, j) => (j === 3 ? 1 : expect.closeTo(v, 12))));
    const pf = f.predictProba(x).data;
    const pg = pair.scaled.model.predictProba(pair.scaled.x).data;
    for (let k = 0; k < pf.length; k++) expect(pg[k]).toBeCloseTo(pf[k]!, 12);
  });

  it('LIME (openxai and default presets, per-row and shared noise): coefficients per raw unit = scaled / s', () => {
    for (const preset of ['openxai', 'default'] as const) {
      expectPerUnit(
        both((o) => limeExplainer({ preset, ...o })),
        1e-9,
      );
      expectPerUnit(
        both((o) => limeExplainer({ preset, ...o }), pair, { sharedNoise: true }),
        1e-9,
      );
    }
  });

  it("LIME with the released numpy stream ('numpy-batch')", () => {
    expectPerUnit(
      both((o) => limeExplainer({ preset: 'openxai', noise: 'numpy-batch', ...o })),
      1e-9,
    );
  });

  it('LIME over feature groups: unit coefficients are output units; the mask baseline maps with the data', () => {
    const groups = [[0, 1], [2]];
    const rawBase = [40, 5e4, 0, 0];
    const scaledBase = Array.from(pair.toScaled({ rows: 1, cols: 4, data: Float64Array.from(rawBase) }).data);
    const raw = limeExplainer({ groups, maskBaseline: rawBase, featureScale: pair.scale }).explain(pair.raw.model, pair.raw.x, { keys });
    const scaled = limeExplainer({ groups, maskBaseline: scaledBase }).explain(pair.scaled.model, pair.scaled.x, { keys });
    expectSame({ raw, scaled }, 1e-9);
  });

  it('SmoothGrad: the same standard normals, scaled; gradients per raw unit', () => {
    expectPerUnit(
      both((o) => smoothGradExplainer({ preset: 'openxai', ...o })),
      1e-9,
    );
  });

  it('noise tunnels: SmoothGrad² and VarGrad (per unit, squared: a ⊙ s²), IG-SG (output units)', () => {
    for (const type of ['smoothgrad_sq', 'vargrad'] as const) {
      const r = both((o) => noiseTunnelExplainer({ type, samples: 50, ...o }));
      const twice = pair.perScaledUnit(pair.perScaledUnit(r.raw));
      expect(maxRelativeDifference(twice, r.scaled)).toBeLessThan(1e-9);
    }
    expectSame(
      both((o) => noiseTunnelExplainer({ base: 'ig', samples: 5, ...o })),
      1e-9,
    );
  });

  it('Gradient x Input and its noise tunnel: equal when the scaler has no offset (x / s)', () => {
    const p0 = scaledPair(f, train, x, 'zero');
    expectSame(
      both((o) => noiseTunnelExplainer({ base: 'itg', samples: 20, ...o }), p0),
      1e-9,
    );
    const raw = gradientXInputExplainer().explain(p0.raw.model, p0.raw.x);
    const scaled = gradientXInputExplainer().explain(p0.scaled.model, p0.scaled.x);
    expectSame({ raw, scaled }, 1e-9);
  });

  it('Gradient SHAP with input noise, sampled and k-means backgrounds: output units', () => {
    for (const background of ['sample', 'kmeans'] as const) {
      expectSame(
        both((o) => gradientShapExplainer({ std: 0.1, background, ...o })),
        1e-9,
      );
    }
  });

  it('k-means backgrounds of KernelSHAP, exact Shapley and permutation SHAP cluster in scale units', () => {
    expectSame(
      both((o) => kernelShapExplainer({ preset: 'default', ...o })),
      1e-9,
    );
    expectSame(
      both((o) => kernelShapExplainer({ preset: 'openxai', background: 'mean', ...o })),
      1e-9,
    );
    expectSame(
      both((o) => shapleyExplainer({ preset: 'default', ...o })),
      1e-9,
    );
    expectSame(
      both((o) => permutationShapExplainer({ preset: 'default', ...o })),
      1e-9,
    );
  });

  it('without featureScale, k-means on raw columns picks other rows (income decides alone)', () => {
    const cfg = (o: object) => kernelShapExplainer({ preset: 'default', ...o }).config.backgroundRows!;
    const plain = cfg({ train: pair.raw.train });
    const scaled = cfg({ train: pair.raw.train, featureScale: pair.scale });
    expect(plain).not.toEqual(scaled);
  });

  it('deterministic explainers follow the change of units by themselves (≤ 1e-9)', () => {
    const run = (e: { explain(m: Model, x: Matrix): Matrix }, p: ScaledPair = pair) => ({
      raw: e.explain(p.raw.model, p.raw.x),
      scaled: e.explain(p.scaled.model, p.scaled.x),
    });
    expectPerUnit(run(gradientExplainer()), 1e-9);
    const ig = (preset: 'openxai' | 'default', t: Matrix) => integratedGradientsExplainer({ preset, train: t });
    expectPerUnit(
      {
        raw: ig('openxai', pair.raw.train).explain(f, x),
        scaled: ig('openxai', pair.scaled.train).explain(pair.scaled.model, pair.scaled.x),
      },
      1e-9,
    );
    expectSame(
      {
        raw: ig('default', pair.raw.train).explain(f, x),
        scaled: ig('default', pair.scaled.train).explain(pair.scaled.model, pair.scaled.x),
      },
      1e-9,
    );
    const rawBase = [40, 5e4, 0, 1];
    const scaledBase = Array.from(pair.toScaled({ rows: 1, cols: 4, data: Float64Array.from(rawBase) }).data);
    expectSame(
      {
        raw: occlusionExplainer({ baseline: rawBase }).explain(f, x),
        scaled: occlusionExplainer({ baseline: scaledBase }).explain(pair.scaled.model, pair.scaled.x),
      },
      1e-9,
    );
  });
});

describe('featureScale: unit scales, keys, errors', () => {
  const unitX = pair.scaled.x;
  const g = pair.scaled.model;
  const ones = new Float64Array(4).fill(1);

  it('all-ones scales (featureRanges of min-max-scaled rows) give bit-identical attributions', () => {
    const ids = ['lime', 'sg', 'sg2', 'vargrad', 'ig-sg', 'itg-sg', 'gradshap', 'shap', 'shapley', 'permshap'] as const;
    for (const preset of ['openxai', 'default'] as const) {
      for (const id of ids) {
        const o = { preset, train: pair.scaled.train, samples: 20 };
        const opts = id === 'shap' || id === 'shapley' || id === 'permshap' ? { preset, train: pair.scaled.train } : o;
        const a = createExplainer(id, opts as never).explain(g, unitX);
        const b = createExplainer(id, { ...opts, featureScale: ones } as never).explain(g, unitX);
        expect(Array.from(b.data), `${preset} ${id}`).toEqual(Array.from(a.data));
      }
    }
  });

  it('noise stays keyed by the row content: no keys = keys set to the raw rows’ hashes', () => {
    const lime = limeExplainer({ featureScale: pair.scale });
    const a = lime.explain(f, x);
    const b = lime.explain(f, x, { keys: contentKeys(x) });
    expect(Array.from(a.data)).toEqual(Array.from(b.data));
    // One row alone explains as it does inside the batch.
    const one = lime.explain(f, { rows: 1, cols: 4, data: x.data.slice(8, 12) });
    expect(Array.from(one.data)).toEqual(Array.from(a.data.slice(8, 12)));
  });

  it('a step on a raw income column: absolute noise never crosses it, scaled noise does', () => {
    const step: Model = {
      inputDim: 4,
      classes: 2,
      predictProba(m: Matrix): Matrix {
        const out = new Float64Array(m.rows * 2);
        for (let i = 0; i < m.rows; i++) {
          const p = m.data[i * 4 + 1]! > 1e5 ? 0.9 : 0.1;
          out[2 * i] = 1 - p;
          out[2 * i + 1] = p;
        }
        return { rows: m.rows, cols: 2, data: out };
      },
    };
    const near = { rows: 1, cols: 4, data: Float64Array.of(40, 1.02e5, 0, 1) };
    const plain = limeExplainer().explain(step, near).data;
    // Every sample has the same output: coefficients are rounding residue.
    for (const v of plain) expect(Math.abs(v)).toBeLessThan(1e-20);
    const scaled = limeExplainer({ featureScale: pair.scale }).explain(step, near).data;
    expect(Math.abs(scaled[1]! * pair.scale[1]!)).toBeGreaterThan(0.05);
    // The income coefficient is per raw unit: tiny in magnitude, the others ~0 by comparison.
    expect(Math.abs(scaled[1]! * pair.scale[1]!)).toBeGreaterThan(10 * Math.abs(scaled[0]! * pair.scale[0]!));
  });

  it('rejects bad scales naming the option, and a scale of the wrong width naming it at explain time', () => {
    expect(() => limeExplainer({ featureScale: [1, 0, 1, 1] })).toThrow(/featureScale\[1\]|positive/);
    expect(() => smoothGradExplainer({ featureScale: 'wide' as never })).toThrow(XaiError);
    expect(() => smoothGradExplainer({ featureScale: new DataView(new ArrayBuffer(8)) as never })).toThrow(/featureScale/);
    expect(() => smoothGradExplainer({ featureScale: [1, 2] }).explain(f, x)).toThrow(/featureScale has 2 values, the model takes 4/);
    expect(() => kernelShapExplainer({ preset: 'default', train, featureScale: [1, 2] })).toThrow(/featureScale has 2 values, train has 4/);
    // Explainers that draw no noise and measure no distance do not take it.
    expect(() => gradientExplainer({ featureScale: pair.scale } as never)).toThrow(/featureScale/);
  });

  it('FEATURE_SCALE_EXPLAINER_IDS lists exactly the explainers that take the option', () => {
    for (const id of ALL_EXPLAINER_IDS) {
      const make = () => createExplainer(id, { train, featureScale: pair.scale } as never);
      if (FEATURE_SCALE_EXPLAINER_IDS.includes(id)) expect(make, id).not.toThrow();
      else expect(make, id).toThrow(/featureScale/);
    }
  });
});
