import { describe, expect, it } from 'vitest';
import { argmaxRows } from '@xai/core';
import { shapleyExplainer } from './shapleyExplainer.js';
import { bruteForceShapley } from './__fixtures__/bruteForceShapley.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { bruteForceGroupShapley, linearValueModel } from './__fixtures__/valueModels.js';

const rowOf = (data: Float64Array, i: number, d: number): Float64Array => data.slice(i * d, (i + 1) * d);

describe('shapleyExplainer', () => {
  it("linear value model: φ_j = w_j (x_j − E[b_j]) (SHAP's closed form for independent features), output target 1", () => {
    const W = [
      [1, -2, 0.5, 3],
      [0.25, 4, -1, 0],
    ];
    const model = linearValueModel(W, [0.3, -0.7]);
    const bgRows = [Float64Array.of(0.1, 0.2, 0.3, 0.4), Float64Array.of(0.9, -0.2, 0.5, 0), Float64Array.of(0.5, 0.3, -0.4, 1)];
    const bg = { rows: 3, cols: 4, data: Float64Array.from(bgRows.flatMap((r) => Array.from(r))) };
    const x = uniformMatrix(3, 4, 1);
    const e = shapleyExplainer({ background: bg });
    const a = e.explain(model, x, { targets: Int32Array.of(1, 1, 0) }).data;
    for (let i = 0; i < 3; i++) {
      const t = i < 2 ? 1 : 0;
      for (let j = 0; j < 4; j++) {
        const mean = (bgRows[0]![j]! + bgRows[1]![j]! + bgRows[2]![j]!) / 3;
        expect(a[i * 4 + j]).toBeCloseTo(W[t]![j]! * (x.data[i * 4 + j]! - mean), 12);
      }
    }
    // value model: default target is output 0
    const a0 = e.explain(model, x).data;
    expect(a0[0]).toBeCloseTo(W[0]![0]! * (x.data[0]! - 0.5), 12);
  });

  it('agrees with brute-force Shapley on a 3-class tanh MLP (predicted class per row) and is efficient', () => {
    const model = randomMlp([5, 6, 3], 'tanh', 3, 2.5);
    const x = uniformMatrix(4, 5, 2, -1, 1);
    const bgm = uniformMatrix(2, 5, 3, -1, 1);
    const a = shapleyExplainer({ background: bgm }).explain(model, x).data;
    const t = argmaxRows(model.predictProba(x));
    const p = model.predictProba(x).data;
    const pb = model.predictProba(bgm).data;
    for (let i = 0; i < 4; i++) {
      const ref = bruteForceShapley(model, rowOf(x.data, i, 5), t[i]!, [rowOf(bgm.data, 0, 5), rowOf(bgm.data, 1, 5)]);
      let sum = 0;
      for (let j = 0; j < 5; j++) {
        expect(a[i * 5 + j]).toBeCloseTo(ref[j]!, 12);
        sum += a[i * 5 + j]!;
      }
      expect(sum).toBeCloseTo(p[i * 3 + t[i]!]! - (pb[t[i]!]! + pb[3 + t[i]!]!) / 2, 12);
    }
  });

  it('over feature groups equals brute-force Shapley over the groups; every column of a group gets its value', () => {
    const model = randomMlp([6, 5, 2], 'tanh', 5, 3);
    const x = uniformMatrix(3, 6, 7, -1, 1);
    const bg = Float64Array.of(0.1, -0.2, 0.3, 0, 0.5, -0.5);
    const groups = [
      [0, 3],
      [1, 2, 5],
    ];
    const units = [[0, 3], [1, 2, 5], [4]];
    const a = shapleyExplainer({ background: bg, groups }).explain(model, x, { targets: Int32Array.of(0, 1, 1) }).data;
    for (let i = 0; i < 3; i++) {
      const ref = bruteForceGroupShapley(model, rowOf(x.data, i, 6), [0, 1, 1][i]!, [bg], units);
      units.forEach((u, k) => {
        for (const j of u) expect(a[i * 6 + j]).toBeCloseTo(ref[k]!, 12);
      });
    }
  });

  it('rejects too many units, unknown options and bad backgrounds', () => {
    const model = randomMlp([5, 3, 2], 'tanh', 1);
    const x = uniformMatrix(1, 5, 1);
    expect(codeOf(() => shapleyExplainer({ background: 'zeros', maxUnits: 4 }).explain(model, x))).toBe('BAD_OPTION');
    expect(codeOf(() => shapleyExplainer({ background: 'zeros', maxUnits: 4, groups: [[0, 1]] }).explain(model, x))).toBe('none');
    expect(codeOf(() => shapleyExplainer({ background: 'zeros', samples: 3 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => shapleyExplainer({ background: 'zeros' }).explain(model, x, { target: 1 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => shapleyExplainer())).toBe('BAD_OPTION'); // default 'kmeans' needs train
    expect(codeOf(() => shapleyExplainer({ background: 'zeros', groups: [[0, 7]] }).explain(model, x))).toBe('BAD_INPUT');
  });
});
