import type { Matrix, Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { ALL_EXPLAINER_IDS, createExplainer } from './createExplainer.js';
import { EXPLAINER_INFO, explainerDisplayName, explainerModels, usesGradients } from './explainerInfo.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';

/** The ids whose explain() calls the model's inputGradient, found by running each one on a counting model. */
function idsThatCallGradients(): string[] {
  const net = randomMlp([3, 4, 2], 'tanh', 7);
  const train = uniformMatrix(12, 3, 2);
  const x = uniformMatrix(2, 3, 3);
  const called: string[] = [];
  for (const id of ALL_EXPLAINER_IDS) {
    let calls = 0;
    const counting: Model = {
      ...net,
      inputGradient: (m: Matrix, t: Int32Array, o?: object) => {
        calls++;
        return net.inputGradient!(m, t, o);
      },
    };
    const e = createExplainer(id, { train } as never);
    // treeshap reads model.trees() and deeplift model.layers: a plain gradient model has neither
    if (codeOf(() => e.explain(counting, x)) === 'none' && calls > 0) called.push(id);
  }
  return called;
}

describe('explainer facts', () => {
  it('usesGradients holds exactly for the explainers whose explain() reads input gradients', () => {
    const flagged = ALL_EXPLAINER_IDS.filter(usesGradients);
    expect(flagged).toEqual(idsThatCallGradients());
    expect(usesGradients('not-an-id')).toBe(false);
  });

  it('explainerModels follows what each explainer reads; names fall back to the id', () => {
    expect(explainerModels('treeshap')).toBe('trees');
    expect(explainerModels('deeplift')).toBe('differentiable');
    expect(explainerModels('grad')).toBe('differentiable');
    expect(explainerModels('occlusion')).toBe('any');
    expect(explainerModels('nope')).toBeUndefined();
    expect(explainerDisplayName('shap')).toBe('KernelSHAP');
    expect(explainerDisplayName('floor-x')).toBe('floor-x');
    expect(Object.values(EXPLAINER_INFO).every((i) => i.cost.relative > 0)).toBe(true);
  });
});
