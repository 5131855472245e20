import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_EXPLAINER_IDS, createExplainer } from './createExplainer.js';
import { EXPLAINER_PRESETS, resolveExplainerPreset } from './preset.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { logisticRegression, uniformMatrix } from './__fixtures__/models.js';

// Captum's argument defaults, read from its source by src/__fixtures__/captumDefaults.py.
const captum = JSON.parse(readFileSync(new URL('./__fixtures__/captumDefaults.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;
const at = (method: string, arg: string): unknown => {
  const table = captum[method];
  if (table === undefined || !(arg in table)) throw new Error(`${method} has no default for ${arg}`);
  return table[arg];
};
/** Captum's `baselines=None` means zeros. */
const baselineOf = (method: string): string => (at(method, 'baselines') === null ? 'zeros' : 'given');

describe("the 'captum' preset equals Captum's argument defaults", () => {
  const train = uniformMatrix(20, 3, 1);

  it('Saliency and the noise tunnels over it (SmoothGrad, SG², VarGrad)', () => {
    const nt = (k: string): unknown => at('NoiseTunnel.attribute', k);
    expect(createExplainer('grad', { preset: 'captum' }).config.abs).toBe(at('Saliency.attribute', 'abs'));
    const sg = createExplainer('sg', { preset: 'captum' }).config;
    expect([sg.samples, sg.std, sg.abs]).toEqual([nt('nt_samples'), nt('stdevs'), at('Saliency.attribute', 'abs')]);
    expect(nt('nt_type')).toBe('smoothgrad');
    for (const id of ['sg2', 'vargrad', 'ig-sg', 'itg-sg'] as const) {
      const c = createExplainer(id, { preset: 'captum', train }).config;
      expect([c.samples, c.std], id).toEqual([nt('nt_samples'), nt('stdevs')]);
    }
    const base = createExplainer('vargrad', { preset: 'captum' }).config.baseConfig as { abs: boolean };
    expect(base.abs).toBe(at('Saliency.attribute', 'abs'));
  });

  it('Integrated Gradients, Gradient SHAP, KernelSHAP, occlusion (FeatureAblation) and DeepLIFT', () => {
    const ig = createExplainer('ig', { preset: 'captum' }).config;
    expect([ig.steps, ig.method, ig.multiplyByInputs, ig.baseline]).toEqual([
      at('IntegratedGradients.attribute', 'n_steps'),
      at('IntegratedGradients.attribute', 'method'),
      at('IntegratedGradients.__init__', 'multiply_by_inputs'),
      baselineOf('IntegratedGradients.attribute'),
    ]);
    const gs = createExplainer('gradshap', { preset: 'captum', train }).config;
    expect([gs.samples, gs.std]).toEqual([at('GradientShap.attribute', 'n_samples'), at('GradientShap.attribute', 'stdevs')]);
    const ks = createExplainer('shap', { preset: 'captum' }).config;
    expect([ks.variant, ks.samples, ks.background]).toEqual([
      'captum',
      at('KernelShap.attribute', 'n_samples'),
      baselineOf('KernelShap.attribute'),
    ]);
    expect(createExplainer('occlusion', { preset: 'captum' }).config.baseline).toBe(baselineOf('FeatureAblation.attribute'));
    expect(createExplainer('deeplift', { preset: 'captum' }).config.baseline).toBe(baselineOf('DeepLift.attribute'));
    expect(at('DeepLift.__init__', 'multiply_by_inputs')).toBe(true);
  });

  it('Saliency with abs: SmoothGrad at std 0 is |∇p_t| (closed form on logistic regression)', () => {
    const w0 = [0.8, -1.2, 0.3];
    const w1 = [-0.5, 1.1, -1.4];
    const model = logisticRegression(w0, w1);
    const x = uniformMatrix(4, 3, 2);
    const a = createExplainer('sg', { preset: 'captum', std: 0 }).explain(model, x).data;
    const g = createExplainer('grad', { preset: 'captum' }).explain(model, x).data;
    const p = model.predictProba(x).data;
    for (let i = 0; i < 4; i++) {
      const t = p[2 * i + 1]! > p[2 * i]! ? 1 : 0;
      const s = p[2 * i + t]! * (1 - p[2 * i + t]!);
      for (let j = 0; j < 3; j++) {
        const closed = Math.abs(s * ((t === 1 ? w1 : w0)[j]! - (t === 1 ? w0 : w1)[j]!));
        expect(a[i * 3 + j]).toBeCloseTo(closed, 12);
        expect(g[i * 3 + j]).toBeCloseTo(closed, 12);
      }
    }
  });

  it('every explainer builds and runs under every preset row; unknown presets are BAD_OPTION', () => {
    const model = logisticRegression([0.8, -1.2, 0.3], [-0.5, 1.1, -1.4]);
    const x = uniformMatrix(2, 3, 3);
    for (const preset of EXPLAINER_PRESETS) {
      for (const id of ALL_EXPLAINER_IDS) {
        if (id === 'deeplift') continue; // needs model.layers (deepLiftExplainer.test.ts)
        if (id === 'treeshap') continue; // needs model.trees() (treeShapExplainer.test.ts)
        const e = createExplainer(id, { preset, train, ...(id === 'lime' ? { samples: 50 } : {}) });
        expect(e.preset).toBe(preset);
        expect(Array.from(e.explain(model, x).data).every(Number.isFinite), `${id} ${preset}`).toBe(true);
      }
    }
    expect(resolveExplainerPreset(undefined, 'f')).toEqual({ name: 'default', row: 'default' });
    // Quantus computes its explanations with Captum: its preset runs Captum's defaults.
    const q = createExplainer('sg', { preset: 'quantus' });
    expect([q.preset, q.config]).toEqual(['quantus', createExplainer('sg', { preset: 'captum' }).config]);
    expect(codeOf(() => createExplainer('grad', { preset: 'captun' as never }))).toBe('BAD_OPTION');
  });
});
