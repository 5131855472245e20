import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { EXPLAINER_IDS, createExplainer, isExplainerId } from './createExplainer.js';
import { PRESETS } from './preset.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';

/** Small settings so that the whole matrix of checks runs fast. */
const small = { samples: 40 };

function permuteRows(x: Matrix, perm: number[]): Matrix {
  const data = new Float64Array(x.rows * x.cols);
  perm.forEach((src, dst) => data.set(x.data.subarray(src * x.cols, (src + 1) * x.cols), dst * x.cols));
  return { rows: x.rows, cols: x.cols, data };
}

describe('createExplainer', () => {
  it('lists the OpenXAI ids and builds each one under every preset', () => {
    expect([...EXPLAINER_IDS]).toEqual(['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime']);
    const train = uniformMatrix(20, 4, 1);
    for (const id of EXPLAINER_IDS) {
      for (const preset of PRESETS) {
        const e = createExplainer(id, { preset, seed: 0, train });
        expect(e.id).toBe(id);
        expect(e.preset).toBe(preset);
      }
    }
    expect(isExplainerId('shap')).toBe(true);
    expect(isExplainerId('lrp')).toBe(false);
  });

  it("exposes LIME's released numpy stream as an option, with batch positions per call", () => {
    const model = randomMlp([3, 5, 2], 'tanh', 4, 2);
    const x = uniformMatrix(3, 3, 2);
    const lime = createExplainer('lime', { preset: 'openxai', noise: 'numpy-batch', samples: 40 });
    expect(lime.config.noise).toBe('numpy-batch');
    const whole = lime.explain(model, x).data;
    const last = lime.explain(model, { rows: 1, cols: 3, data: x.data.slice(6) }, { batchPositions: [2] }).data;
    expect(Array.from(last)).toEqual(Array.from(whole.subarray(6)));
    expect(createExplainer('lime', { preset: 'openxai' }).config.noise).toBe('keyed');
  });

  it('reports a JSON-safe configuration', () => {
    const train = uniformMatrix(20, 4, 1);
    for (const id of EXPLAINER_IDS) {
      for (const preset of PRESETS) {
        const e = createExplainer(id, { preset, train, ...(id === 'shap' ? { background: 'sample' as const } : {}) });
        expect(JSON.parse(JSON.stringify(e.config))).toEqual(e.config);
      }
    }
  });

  it('applies overrides on top of the preset', () => {
    const e = createExplainer('lime', { preset: 'openxai', samples: 123 });
    expect(e.config).toMatchObject({ samples: 123, kernelWidthScale: 'sqrt-d', regressionTarget: 'class1-signed' });
    const ig = createExplainer('ig', { preset: 'openxai', baseline: 'zeros', steps: 20 });
    expect(ig.config).toMatchObject({ steps: 20, multiplyByInputs: false, baseline: 'zeros' });
  });

  it('every explainer is deterministic, finite and order-independent (shuffled batch = permuted rows)', () => {
    const model = randomMlp([4, 8, 2], 'relu', 5, 2.5);
    const train = uniformMatrix(30, 4, 6);
    const x = uniformMatrix(9, 4, 7);
    const perm = [4, 0, 8, 2, 6, 1, 7, 3, 5];
    const xs = permuteRows(x, perm);
    for (const id of EXPLAINER_IDS) {
      for (const preset of PRESETS) {
        const overrides = id === 'sg' || id === 'lime' || (id === 'shap' && preset !== 'default') ? small : {};
        const e = createExplainer(id, { preset, seed: 3, train, ...overrides });
        const a = e.explain(model, x);
        const again = createExplainer(id, { preset, seed: 3, train, ...overrides }).explain(model, x);
        expect(Array.from(again.data)).toEqual(Array.from(a.data));
        expect(Array.from(a.data).every(Number.isFinite)).toBe(true);
        const b = e.explain(model, xs);
        for (let r = 0; r < 9; r++) {
          for (let j = 0; j < 4; j++) expect(b.data[r * 4 + j]!).toBeCloseTo(a.data[perm[r]! * 4 + j]!, 12);
        }
        // a chunk boundary in the middle of the batch changes nothing either
        const chunked = createExplainer(id, { preset, seed: 3, train, batchRows: 50, ...overrides }).explain(model, x);
        for (let k = 0; k < a.data.length; k++) expect(chunked.data[k]!).toBeCloseTo(a.data[k]!, 12);
      }
    }
  });

  it('sampled constrained KernelSHAP is order-independent too', () => {
    const model = randomMlp([12, 8, 2], 'relu', 6, 2.5);
    const train = uniformMatrix(30, 12, 6);
    const x = uniformMatrix(5, 12, 9);
    const e = createExplainer('shap', { train, samples: 64, seed: 4 });
    const a = e.explain(model, x);
    const b = e.explain(model, permuteRows(x, [3, 1, 4, 0, 2]));
    [3, 1, 4, 0, 2].forEach((src, dst) => {
      for (let j = 0; j < 12; j++) expect(b.data[dst * 12 + j]!).toBeCloseTo(a.data[src * 12 + j]!, 12);
    });
  });

  it('stochastic explainers change with the seed; given keys make copies share their noise', () => {
    const model = randomMlp([3, 6, 2], 'tanh', 2, 2);
    const x = uniformMatrix(4, 3, 8);
    for (const id of ['sg', 'lime', 'control'] as const) {
      const a = createExplainer(id, { seed: 1, ...(id === 'control' ? {} : small) }).explain(model, x);
      const b = createExplainer(id, { seed: 2, ...(id === 'control' ? {} : small) }).explain(model, x);
      expect(Array.from(a.data)).not.toEqual(Array.from(b.data));
    }
    // the same instance under a different key gets different noise; under the same key the same
    const twice: Matrix = { rows: 2, cols: 3, data: Float64Array.of(0.2, 0.4, 0.6, 0.2, 0.4, 0.6) };
    const lime = createExplainer('lime', { samples: 60 });
    const same = lime.explain(model, twice).data;
    expect(Array.from(same.subarray(0, 3))).toEqual(Array.from(same.subarray(3)));
    const keyed = lime.explain(model, twice, { keys: [1, 2] }).data;
    expect(Array.from(keyed.subarray(0, 3))).not.toEqual(Array.from(keyed.subarray(3)));
  });

  it('rejects unknown ids and options with BAD_OPTION', () => {
    expect(codeOf(() => createExplainer('lrp' as never))).toBe('BAD_OPTION');
    expect(codeOf(() => createExplainer('grad', { samples: 3 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => createExplainer('control', { preset: 'fast' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => createExplainer('sg', null as never))).toBe('BAD_OPTION');
  });
});
