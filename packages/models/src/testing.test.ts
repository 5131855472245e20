import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { functionModel } from './functionModel.js';
import { assertModelConformance, checkModelConformance } from './testing.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

const x = randomMatrix(4, 10, 3, 0.5);
const failed = (m: Model) => checkModelConformance(m, x).findings.filter((f) => !f.ok).map((f) => f.check);

describe('checkModelConformance', () => {
  it('passes our LR and ANN and a finite-difference adapter, running every applicable check', () => {
    const ann = createAnn(3, { hidden: [5, 4], seed: 1 });
    const r = checkModelConformance(ann, x);
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => f.check)).toEqual(expect.arrayContaining(['probabilities', 'determinism', 'batch-vs-row', 'row-order', 'out-buffer', 'logits-softmax', 'gradient-probability', 'gradient-logit', 'hidden-pre', 'hidden-post']));
    expect(checkModelConformance(createLogisticRegression(3), x).ok).toBe(true);
    expect(assertModelConformance(functionModel((m) => ann.predictProba(m), { inputDim: 3, classes: 2 }), x).ok).toBe(true);
  });

  it('catches a model that is not deterministic', () => {
    let k = 0;
    const noisy = functionModel((m) => Array.from({ length: m.rows }, () => { k++; const p = 0.5 + 0.01 * Math.sin(k); return [p, 1 - p]; }), { inputDim: 3, classes: 2 });
    expect(failed(noisy)).toContain('determinism');
  });

  it('catches a model whose answer depends on the rest of the batch', () => {
    // normalises by the batch mean (a classic batch-norm-in-eval bug)
    const batchy = functionModel((m: Matrix) => {
      let mean = 0;
      for (let i = 0; i < m.rows; i++) mean += m.data[i * 3]! / m.rows;
      return Array.from({ length: m.rows }, (_, i) => { const p = 1 / (1 + Math.exp(-(m.data[i * 3]! - mean))); return [1 - p, p]; });
    }, { inputDim: 3, classes: 2 });
    expect(failed(batchy)).toEqual(expect.arrayContaining(['batch-vs-row']));
  });

  it('catches a wrong gradient and outputs that are not probabilities', () => {
    const ann = createAnn(3, { hidden: [5, 4], seed: 1 });
    const wrong = functionModel((m) => ann.predictProba(m), { inputDim: 3, classes: 2, gradient: (m, t) => { const g = ann.inputGradient(m, t); for (let i = 0; i < g.data.length; i++) g.data[i] = -g.data[i]!; return g; } });
    expect(failed(wrong)).toEqual(['gradient-probability']);
    const notProb: Model = { inputDim: 3, classes: 2, predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float64Array(m.rows * 2).fill(0.7) }) };
    expect(failed(notProb)).toEqual(['probabilities']);
    expect(errorOf(() => assertModelConformance(notProb, x)).message).toMatch(/probabilities/);
    expect(failed({} as Model)).toEqual(['interface']);
  });

  it('rejects an unusable x', () => {
    const lr = createLogisticRegression(3);
    expect(errorOf(() => checkModelConformance(lr, randomMatrix(1, 2, 4))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => checkModelConformance(lr, { rows: 0, cols: 3, data: new Float64Array(0) })).code).toBe('EMPTY');
  });
});
