import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { groupsFromIds } from '@xai/core';
import { occlusionExplainer } from './occlusionExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { linearValueModel } from './__fixtures__/valueModels.js';

describe('occlusionExplainer', () => {
  it('linear value model: w_tj (x_j − b_j) per output target; Float32Array outputs accepted', () => {
    const W = [
      [1, -2, 3],
      [0.5, 0.5, -4],
    ];
    const model = linearValueModel(W, [0.1, 0.2], true);
    const x = uniformMatrix(2, 3, 3);
    const b = [0.25, -0.5, 1];
    const a = occlusionExplainer({ baseline: b }).explain(model, x, { targets: Int32Array.of(1, 0) }).data;
    for (let i = 0; i < 2; i++)
      for (let j = 0; j < 3; j++) expect(a[i * 3 + j]).toBeCloseTo(W[1 - i]![j]! * (x.data[i * 3 + j]! - b[j]!), 6);
  });

  it("groups are ablated together and each column of a group gets the group's drop (Captum feature_mask)", () => {
    const model = randomMlp([5, 6, 3], 'tanh', 4, 3);
    const x = uniformMatrix(3, 5, 9, -1, 1);
    const train = uniformMatrix(20, 5, 10);
    const groups = [[1, 3, 4]];
    const a = occlusionExplainer({ baseline: 'mean', train, groups }).explain(model, x, { targets: Int32Array.of(2, 0, 1) }).data;
    const mean = new Float64Array(5);
    for (let r = 0; r < 20; r++) for (let j = 0; j < 5; j++) mean[j] = mean[j]! + train.data[r * 5 + j]! / 20;
    const f = (z: Float64Array, t: number): number => model.predictProba({ rows: 1, cols: 5, data: z }).data[t]!;
    for (let i = 0; i < 3; i++) {
      const t = [2, 0, 1][i]!;
      const xi = x.data.slice(i * 5, i * 5 + 5);
      for (const unit of [[0], [1, 3, 4], [2]]) {
        const z = Float64Array.from(xi);
        for (const j of unit) z[j] = mean[j]!;
        for (const j of unit) expect(a[i * 5 + j]).toBeCloseTo(f(xi, t) - f(z, t), 12);
      }
    }
  });

  it("Captum's published FeatureAblation values on BasicModel_MultiLayer: [80, 200, 120], with mask [0, 0, 1]: [280, 280, 120]", () => {
    // tests/helpers/basic_models.py: identity, Linear(3, 4) of ones with bias [−10, 1, 1, 1],
    // ReLU, Linear(4, 2) of ones with bias [−1, 1]; raw outputs (a value model), target 0.
    const net: Model = {
      inputDim: 3,
      classes: 2,
      output: 'value',
      predictProba(m: Matrix): Matrix {
        const out = new Float64Array(m.rows * 2);
        for (let i = 0; i < m.rows; i++) {
          const s = m.data[i * 3]! + m.data[i * 3 + 1]! + m.data[i * 3 + 2]!;
          const h = Math.max(0, s - 10) + 3 * Math.max(0, s + 1);
          out[i * 2] = h - 1;
          out[i * 2 + 1] = h + 1;
        }
        return { rows: m.rows, cols: 2, data: out };
      },
    };
    const inp = { rows: 1, cols: 3, data: Float64Array.of(20, 50, 30) };
    expect(Array.from(occlusionExplainer().explain(net, inp).data)).toEqual([80, 200, 120]);
    expect(Array.from(occlusionExplainer({ groups: groupsFromIds([0, 0, 1]) }).explain(net, inp).data)).toEqual([280, 280, 120]);
  });

  it('rejects unknown and bad options', () => {
    expect(codeOf(() => occlusionExplainer({ baselines: 0 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => occlusionExplainer({ baseline: 'mean' }))).toBe('BAD_OPTION');
    expect(codeOf(() => occlusionExplainer({ groups: [[]] }))).toBe('BAD_OPTION');
    expect(codeOf(() => occlusionExplainer().explain(randomMlp([3, 2], 'tanh', 1), uniformMatrix(1, 3, 1), { key: [1] } as never))).toBe(
      'BAD_OPTION',
    );
  });
});
