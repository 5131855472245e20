import { describe, expect, it } from 'vitest';
import { hashFloat64, substream } from '@xai/core';
import { noiseTunnelExplainer } from './noiseTunnelExplainer.js';
import { createExplainer } from './createExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { uniformMatrix } from './__fixtures__/models.js';
import { linearValueModel, quadraticValueModel } from './__fixtures__/valueModels.js';

/** The noise of row x (S x d), reproduced from the documented stream. */
function noiseOf(seed: number, x: Float64Array, S: number, std: number): Float64Array {
  const e = new Float64Array(S * x.length);
  substream(seed, hashFloat64(x), 'noisetunnel').fillNormal(e, 0, std, 0, S * x.length);
  return e;
}

describe('noiseTunnelExplainer', () => {
  const a = [0.5, -1, 2];
  const model = quadraticValueModel(a);
  const x = uniformMatrix(2, 3, 4);
  const S = 64;
  const std = 0.3;

  it('f = Σ a_j x_j²: smoothgrad, smoothgrad_sq and vargrad are the mean, mean square and variance of 2a(x + ε)', () => {
    for (const type of ['smoothgrad', 'smoothgrad_sq', 'vargrad'] as const) {
      const out = noiseTunnelExplainer({ type, samples: S, std, seed: 3 }).explain(model, x).data;
      for (let i = 0; i < 2; i++) {
        const xi = x.data.slice(i * 3, i * 3 + 3);
        const e = noiseOf(3, xi, S, std);
        for (let j = 0; j < 3; j++) {
          const g = Array.from({ length: S }, (_, s) => 2 * a[j]! * (xi[j]! + e[s * 3 + j]!));
          const m = g.reduce((u, v) => u + v, 0) / S;
          const m2 = g.reduce((u, v) => u + v * v, 0) / S;
          const want = type === 'smoothgrad' ? m : type === 'smoothgrad_sq' ? m2 : m2 - m * m;
          expect(out[i * 3 + j]).toBeCloseTo(want, 12);
        }
      }
    }
  });

  it('vargrad of the quadratic estimates 4 a² std² (population variance of the noise)', () => {
    const out = createExplainer('vargrad', { samples: 4000, std, seed: 1 }).explain(model, x).data;
    for (let j = 0; j < 3; j++) expect(out[j]! / (4 * a[j]! ** 2 * std ** 2)).toBeCloseTo(1, 1);
  });

  it('ig-sg and itg-sg on a linear model: the mean of w ⊙ (x + ε − b) and of w ⊙ (x + ε)', () => {
    const W = [[1, -2, 0.5]];
    const lin = linearValueModel(W, [0]);
    const b = [0.2, 0.1, -0.3];
    const ig = createExplainer('ig-sg', { samples: 16, std, baseOptions: { baseline: b, multiplyByInputs: true } }).explain(lin, x).data;
    const itg = createExplainer('itg-sg', { samples: 16, std }).explain(lin, x).data;
    for (let i = 0; i < 2; i++) {
      const xi = x.data.slice(i * 3, i * 3 + 3);
      const e = noiseOf(0, xi, 16, std);
      for (let j = 0; j < 3; j++) {
        let me = 0;
        for (let s = 0; s < 16; s++) me += e[s * 3 + j]! / 16;
        expect(ig[i * 3 + j]).toBeCloseTo(W[0]![j]! * (xi[j]! + me - b[j]!), 10);
        expect(itg[i * 3 + j]).toBeCloseTo(W[0]![j]! * (xi[j]! + me), 10);
      }
    }
  });

  it('rejects unknown options, fixed settings and bad base options', () => {
    expect(codeOf(() => noiseTunnelExplainer({ ntType: 'vargrad' } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => noiseTunnelExplainer({ base: 'lime' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => createExplainer('sg2', { type: 'vargrad' } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => noiseTunnelExplainer({ baseOptions: { steps: 3 } as never }))).toBe('BAD_OPTION');
  });
});
