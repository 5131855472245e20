import { describe, expect, it } from 'vitest';
import { permutationShapExplainer } from './permutationShapExplainer.js';
import { shapleyExplainer } from './shapleyExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { linearValueModel } from './__fixtures__/valueModels.js';

describe('permutationShapExplainer', () => {
  it('efficiency holds exactly for any number of permutations: Σφ = f_t(x) − mean_b f_t(b)', () => {
    const model = randomMlp([6, 8, 3], 'tanh', 11, 3);
    const x = uniformMatrix(5, 6, 1, -1, 1);
    const bg = uniformMatrix(3, 6, 2, -1, 1);
    const p = model.predictProba(x).data;
    const pb = model.predictProba(bg).data;
    for (const P of [1, 2, 5]) {
      const targets = Int32Array.of(0, 1, 2, 1, 0);
      const a = permutationShapExplainer({ permutations: P, background: bg, batchRows: 50 }).explain(model, x, { targets }).data;
      for (let i = 0; i < 5; i++) {
        const t = targets[i]!;
        let s = 0;
        for (let j = 0; j < 6; j++) s += a[i * 6 + j]!;
        expect(s).toBeCloseTo(p[i * 3 + t]! - (pb[t]! + pb[3 + t]! + pb[6 + t]!) / 3, 12);
      }
    }
  });

  it('is exact for an additive game (linear value model): φ_j = w_j (x_j − b_j) with one permutation', () => {
    const model = linearValueModel([[2, -1, 0.5, 4, -3]], [1]);
    const b = [0.5, 0.5, 0, 1, -1];
    const x = uniformMatrix(3, 5, 4);
    const a = permutationShapExplainer({ permutations: 1, background: b }).explain(model, x).data;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 5; j++) expect(a[i * 5 + j]).toBeCloseTo([2, -1, 0.5, 4, -3][j]! * (x.data[i * 5 + j]! - b[j]!), 12);
  });

  it('two units: one antithetic pair (forward and reverse) is already the exact Shapley value', () => {
    const model = randomMlp([4, 6, 2], 'tanh', 3, 3);
    const x = uniformMatrix(4, 4, 8, -1, 1);
    const groups = [
      [0, 2],
      [1, 3],
    ];
    const exact = shapleyExplainer({ background: 'zeros', groups }).explain(model, x).data;
    const perm = permutationShapExplainer({ permutations: 1, background: 'zeros', groups }).explain(model, x).data;
    for (let k = 0; k < exact.length; k++) expect(perm[k]).toBeCloseTo(exact[k]!, 12);
  });

  it('converges to exact Shapley as the permutations grow (error shrinks ~ 1/sqrt(P))', () => {
    const model = randomMlp([6, 8, 2], 'tanh', 21, 3);
    const x = uniformMatrix(6, 6, 5, -1, 1);
    const bg = uniformMatrix(2, 6, 6, -1, 1);
    const exact = shapleyExplainer({ background: bg }).explain(model, x).data;
    const err = (P: number): number => {
      const a = permutationShapExplainer({ permutations: P, background: bg, seed: 1 }).explain(model, x).data;
      let s = 0;
      for (let k = 0; k < a.length; k++) s += (a[k]! - exact[k]!) ** 2;
      return Math.sqrt(s / a.length);
    };
    const e4 = err(4);
    const e400 = err(400);
    expect(e400).toBeLessThan(e4 / 4);
    expect(e400).toBeLessThan(0.01);
  });

  it('is keyed by row content and rejects unknown options', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 1);
    const x = uniformMatrix(4, 3, 1);
    const e = permutationShapExplainer({ background: 'zeros', permutations: 3 });
    const all = e.explain(model, x).data;
    const last = e.explain(model, { rows: 1, cols: 3, data: x.data.slice(9) }).data;
    expect(Array.from(last)).toEqual(Array.from(all.subarray(9)));
    expect(codeOf(() => permutationShapExplainer({ background: 'zeros', permutation: 3 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => permutationShapExplainer({ background: 'zeros', permutations: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => e.explain(model, x, { sharedNoise: true } as never))).toBe('BAD_OPTION');
  });
});
