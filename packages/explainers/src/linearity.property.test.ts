// Linearity in the model: φ(a·f + b·g) = a·φ(f) + b·φ(g) for value models f, g (random tanh
// MLPs' logits) and any reals a, b. It holds for every explainer that is a linear functional of
// the model's outputs or gradients at points chosen without looking at the model: Gradient,
// Gradient x Input, IG, SmoothGrad and the SmoothGrad tunnels over IG and G x I, Gradient SHAP
// (noise keyed by the row, not the model), exact Shapley and KernelSHAP (exact, sampled and
// Captum's regression: the same coalitions, a solve linear in the values), permutation SHAP,
// occlusion and LIME regressing the explained output (the same neighbours and kernel weights,
// a ridge fit linear in the targets). It does not hold, and is not asserted, for |gradient|
// (Captum's Saliency), SG² and VarGrad (squares), OpenXAI's LIME target (the label's sign is
// taken from the model's own prediction), DeepLIFT (multipliers are ratios of the model's own
// activations) or the Random control (it ignores the model).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Explainer, Matrix } from '@xai/core';
import { createExplainer } from './index.js';
import { combination, layersArb, logitModel, magnitude, pointsArb, runs } from './__fixtures__/arbitraries.js';

const K = 2;
const N = 2;

/** The explainers linear in the model, configured small (few samples, steps, coalitions). */
function linearExplainers(train: Matrix): Record<string, Explainer> {
  const common = { preset: 'default', seed: 9, train } as const;
  return {
    grad: createExplainer('grad', common),
    itg: createExplainer('itg', common),
    ig: createExplainer('ig', { ...common, steps: 8 }),
    'ig (openxai: path-averaged gradient)': createExplainer('ig', { ...common, preset: 'openxai', steps: 8 }),
    sg: createExplainer('sg', { ...common, samples: 12 }),
    'ig-sg': createExplainer('ig-sg', { ...common, samples: 3, baseOptions: { steps: 4 } }),
    'itg-sg': createExplainer('itg-sg', { ...common, samples: 6 }),
    gradshap: createExplainer('gradshap', { ...common, samples: 8 }),
    shapley: createExplainer('shapley', common),
    'shap (exact)': createExplainer('shap', common),
    'shap (sampled)': createExplainer('shap', { ...common, exact: false, samples: 24 }),
    'shap (captum)': createExplainer('shap', { ...common, variant: 'captum', background: 'mean', samples: 24 }),
    permshap: createExplainer('permshap', { ...common, permutations: 2 }),
    occlusion: createExplainer('occlusion', common),
    lime: createExplainer('lime', { ...common, samples: 60 }),
  };
}

/** A coefficient in [-3, 3] on a 0.1 grid (no subnormal products to compare). */
const coefficient = fc.integer({ min: -30, max: 30 }).map((k) => k / 10);

const caseArb = fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 3 })).chain(([d, h]) =>
  fc.record({
    f: layersArb(d, h, K),
    g: layersArb(d, h, K),
    a: coefficient,
    b: coefficient,
    x: pointsArb(N, d),
    train: pointsArb(8, d),
    targets: fc.array(fc.integer({ min: 0, max: K - 1 }), { minLength: N, maxLength: N }).map((t) => Int32Array.from(t)),
  }),
);

// Rounding only: the three runs differ in the last bits of every model output. Sums of a few
// hundred products and well-conditioned small solves keep that within a few thousand ulps of the
// scale |a|·max|φ_f| + |b|·max|φ_g| (measured: under 1e-15). Captum's regression weights the two
// end coalitions 1e6 times the others, which multiplies the rounding of its solve by up to about
// that condition number (measured: 6e-11). A term dropped or scaled wrongly moves a value by a
// fraction of the scale.
const ROUNDING = 1e-12;
const ROUNDING_ENDPOINT_WEIGHTED = 1e6 * 1e-13;

describe('linearity in the model', () => {
  it('φ(a·f + b·g) = a·φ(f) + b·φ(g) for every explainer that is linear in the model', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const f = logitModel(c.f);
        const g = logitModel(c.g);
        const fg = combination([
          [c.a, f],
          [c.b, g],
        ]);
        const options = { targets: c.targets };
        for (const [name, e] of Object.entries(linearExplainers(c.train))) {
          const pf = e.explain(f, c.x, options).data;
          const pg = e.explain(g, c.x, options).data;
          const got = e.explain(fg, c.x, options).data;
          const tol =
            (name === 'shap (captum)' ? ROUNDING_ENDPOINT_WEIGHTED : ROUNDING) *
            (Math.abs(c.a) * magnitude(pf) + Math.abs(c.b) * magnitude(pg));
          got.forEach((v, q) => {
            const want = c.a * pf[q]! + c.b * pg[q]!;
            expect(Math.abs(v - want), `${name} [${q}]: ${v} vs ${want}`).toBeLessThanOrEqual(tol);
          });
        }
      }),
      runs(12, 0x11e1),
    );
  });
});
