// Regression (output: 'value') and multi-class targets through every explainer, with closed
// forms on linear models; groups in LIME and KernelSHAP; LIME's shared-noise factorisation.
import { describe, expect, it } from 'vitest';
import { ALL_EXPLAINER_IDS, createExplainer } from './createExplainer.js';
import { limeExplainer } from './limeExplainer.js';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { bruteForceGroupShapley, layeredMlp, linearValueModel, randomLayers } from './__fixtures__/valueModels.js';

const W = [
  [1, -2, 0.5, 3],
  [0.25, 4, -1, 0],
  [-1, 0, 2, 1],
];
const c = [0.3, -0.7, 0.1];
const x = uniformMatrix(3, 4, 1);
const targets = Int32Array.of(2, 0, 1);
const train = uniformMatrix(40, 4, 2);
const mean = new Float64Array(4);
for (let r = 0; r < 40; r++) for (let j = 0; j < 4; j++) mean[j] = mean[j]! + train.data[r * 4 + j]! / 40;

describe('value (regression) models and per-row targets, closed forms on a linear 3-output model', () => {
  for (const float32 of [false, true]) {
    const model = linearValueModel(W, c, float32);
    const tol = float32 ? 5 : 10;
    it(`gradient family${float32 ? ' (Float32Array outputs)' : ''}: grad = W_t, itg = W_t ⊙ x, ig = W_t ⊙ (x − mean), sg = W_t`, () => {
      const g = createExplainer('grad').explain(model, x, { targets }).data;
      const itg = createExplainer('itg').explain(model, x, { targets }).data;
      const ig = createExplainer('ig', { train }).explain(model, x, { targets }).data;
      const sg = createExplainer('sg', { samples: 10 }).explain(model, x, { targets }).data;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 4; j++) {
          const w = W[targets[i]!]![j]!;
          expect(g[i * 4 + j]).toBeCloseTo(w, 12);
          expect(itg[i * 4 + j]).toBeCloseTo(w * x.data[i * 4 + j]!, 12);
          expect(ig[i * 4 + j]).toBeCloseTo(w * (x.data[i * 4 + j]! - mean[j]!), 12);
          expect(sg[i * 4 + j]).toBeCloseTo(w, 12);
        }
      }
    });
    it(`LIME regresses the value (alpha 0 recovers W_t exactly); KernelSHAP gives W_t ⊙ (x − b)${float32 ? ' (Float32Array)' : ''}`, () => {
      for (const preset of ['openxai', 'default'] as const) {
        const lime = limeExplainer({ preset, alpha: 0, samples: 50 }).explain(model, x, { targets }).data;
        for (let i = 0; i < 3; i++) for (let j = 0; j < 4; j++) expect(lime[i * 4 + j]).toBeCloseTo(W[targets[i]!]![j]!, tol - 4);
      }
      // default target of a value model is output 0
      const l0 = limeExplainer({ alpha: 0, samples: 50 }).explain(model, x).data;
      expect(l0[1]).toBeCloseTo(W[0]![1]!, tol - 4);
      const b = [0.5, 0.5, 0, 1];
      const shap = kernelShapExplainer({ background: b }).explain(model, x, { targets }).data; // exact enumeration
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 4; j++) expect(shap[i * 4 + j]).toBeCloseTo(W[targets[i]!]![j]! * (x.data[i * 4 + j]! - b[j]!), tol);
      const rnd = createExplainer('control').explain(model, x).data;
      expect(rnd.length).toBe(12);
    });
  }

  it('a 3-class softmax LR: per-row targets pick the class explained (DeepLIFT logit = W_t ⊙ x, LIME target vs its own class)', () => {
    const layers = randomLayers([4, 3], 3);
    const m = layeredMlp(layers, 'relu');
    const a = createExplainer('deeplift', { output: 'logit' }).explain(m, x, { targets }).data;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 4; j++) expect(a[i * 4 + j]).toBeCloseTo(layers[0]!.w[targets[i]! * 4 + j]! * x.data[i * 4 + j]!, 12);
    // Explaining class t of row i equals explaining that class alone.
    const lime = limeExplainer({ samples: 80 });
    const all = lime.explain(m, x, { targets }).data;
    const one = lime.explain(m, { rows: 1, cols: 4, data: x.data.slice(4, 8) }, { targets: Int32Array.of(0) }).data;
    expect(Array.from(one)).toEqual(Array.from(all.subarray(4, 8)));
    expect(codeOf(() => lime.explain(m, x, { targets: Int32Array.of(0, 3, 1) }))).toBe('BAD_INPUT');
  });
});

describe('feature groups', () => {
  it('KernelSHAP (exact, constrained) over groups equals brute-force group Shapley on a tanh MLP', () => {
    const model = randomMlp([6, 7, 2], 'tanh', 12, 3);
    const xs = uniformMatrix(3, 6, 3, -1, 1);
    const bg = uniformMatrix(2, 6, 4, -1, 1);
    const groups = [
      [0, 5],
      [2, 3, 4],
    ];
    const units = [[0, 5], [1], [2, 3, 4]];
    const a = kernelShapExplainer({ background: bg, groups }).explain(xs.rows === 3 ? model : model, xs).data;
    const p = model.predictProba(xs).data;
    for (let i = 0; i < 3; i++) {
      const t = p[2 * i + 1]! > p[2 * i]! ? 1 : 0;
      const xi = xs.data.slice(i * 6, i * 6 + 6);
      const ref = bruteForceGroupShapley(model, xi, t, [bg.data.slice(0, 6), bg.data.slice(6, 12)], units);
      units.forEach((u, k) => {
        for (const j of u) expect(a[i * 6 + j]).toBeCloseTo(ref[k]!, 10);
      });
    }
  });

  it('LIME over groups (binary units, alpha 0) on a linear model: coefficient of unit u = Σ_{j∈u} w_j (x_j − b_j)', () => {
    const model = linearValueModel([[1, -2, 0.5, 3]], [0.2]);
    const b = [0.1, 0.2, -0.3, 0.4];
    const groups = [[0, 2]];
    const a = limeExplainer({ groups, maskBaseline: b, alpha: 0, samples: 60 }).explain(model, x).data;
    const w = W[0]!;
    for (let i = 0; i < 3; i++) {
      const d = (j: number): number => w[j]! * (x.data[i * 4 + j]! - b[j]!);
      expect(a[i * 4]).toBeCloseTo(d(0) + d(2), 10);
      expect(a[i * 4 + 2]).toBeCloseTo(d(0) + d(2), 10);
      expect(a[i * 4 + 1]).toBeCloseTo(d(1), 10);
      expect(a[i * 4 + 3]).toBeCloseTo(d(3), 10);
    }
    expect(codeOf(() => limeExplainer({ groups, noise: 'numpy-batch' }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ groups: [[0, 9]] }).explain(model, x))).toBe('BAD_INPUT');
  });
});

describe("LIME's shared-noise factorisation", () => {
  const model = randomMlp([6, 10, 2], 'relu', 4, 2);
  const xs = uniformMatrix(7, 6, 5);
  for (const preset of ['openxai', 'default'] as const) {
    it(`${preset}: rows sharing a key equal the per-row fit with the same noise (≤ 1e-12)`, () => {
      const e = limeExplainer({ preset, samples: 300 });
      const key = 12345;
      const shared = e.explain(model, xs, { keys: new Array(7).fill(key) }).data;
      const flag = e.explain(model, xs, { keys: [key, 1, 2, 3, 4, 5, 6], sharedNoise: true }).data;
      for (let i = 0; i < 7; i++) {
        const single = e.explain(model, { rows: 1, cols: 6, data: xs.data.slice(i * 6, i * 6 + 6) }, { keys: [key] }).data; // the per-row path
        for (let j = 0; j < 6; j++) {
          expect(Math.abs(shared[i * 6 + j]! - single[j]!)).toBeLessThanOrEqual(1e-12);
          expect(flag[i * 6 + j]).toBe(shared[i * 6 + j]);
        }
      }
      // mixed keys: grouped rows and single rows in one call, order preserved
      const mixed = e.explain(model, xs, { keys: [1, key, 2, key, key, 3, 1] }).data;
      const single1 = e.explain(model, { rows: 1, cols: 6, data: xs.data.slice(36, 42) }, { keys: [1] }).data;
      for (let j = 0; j < 6; j++) expect(Math.abs(mixed[36 + j]! - single1[j]!)).toBeLessThanOrEqual(1e-12);
      for (let j = 0; j < 6; j++) expect(Math.abs(mixed[6 + j]! - shared[6 + j]!)).toBeLessThanOrEqual(1e-12);
    });
  }
  it('sharedNoise needs keyed noise and a boolean', () => {
    expect(codeOf(() => limeExplainer({ noise: 'numpy-batch' }).explain(model, xs, { sharedNoise: true }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer().explain(model, xs, { sharedNoise: 1 as never }))).toBe('BAD_OPTION');
  });
});

describe('checkOptions everywhere', () => {
  it('every explainer id rejects an unknown factory option and an unknown per-call option with BAD_OPTION', () => {
    const m = layeredMlp(randomLayers([4, 5, 2], 1), 'relu');
    for (const id of ALL_EXPLAINER_IDS) {
      expect(
        codeOf(() => createExplainer(id, { train, bogus: 1 } as never)),
        id,
      ).toBe('BAD_OPTION');
      const e = createExplainer(id, {
        train,
        ...(id === 'shap' || id === 'shapley' || id === 'permshap' ? { background: 'zeros' } : {}),
      } as never);
      expect(
        codeOf(() => e.explain(m, x, { targets: Int32Array.of(0, 1, 0), bogus: 1 } as never)),
        id,
      ).toBe('BAD_OPTION');
    }
  });
});

describe("KernelSHAP's shared factorisation for rows drawn from one key", () => {
  const model = randomMlp([12, 10, 2], 'relu', 6, 2);
  const xs = uniformMatrix(5, 12, 8);
  const cases = [
    ['openxai (captum)', { preset: 'openxai' as const }],
    ['constrained, sampled', { preset: 'default' as const, background: 'zeros' as const, exact: false }],
  ] as const;
  for (const [name, opts] of cases) {
    it(`${name}: equal keys give exactly the per-row fit with the same coalitions`, () => {
      const e = kernelShapExplainer({ ...opts, samples: 200 });
      const shared = e.explain(model, xs, { keys: [7, 7, 7, 7, 7] }).data;
      for (let i = 0; i < 5; i++) {
        const single = e.explain(model, { rows: 1, cols: 12, data: xs.data.slice(i * 12, i * 12 + 12) }, { keys: [7] }).data;
        for (let j = 0; j < 12; j++) expect(shared[i * 12 + j]).toBe(single[j]);
      }
    });
  }
});

describe('IG completeness on a value model with Float32Array outputs', () => {
  it('gap ≈ 0 (linear) through the model boundary', () => {
    const model = linearValueModel(W, c, true);
    const r = createExplainer('ig', { train }).explainWithCompleteness(model, x, { targets });
    for (let i = 0; i < 3; i++) expect(Math.abs(r.gap[i]!)).toBeLessThan(1e-5);
  });
});
