import { describe, expect, it } from 'vitest';
import { gradientShapExplainer } from './gradientShapExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { linearValueModel } from './__fixtures__/valueModels.js';

describe('gradientShapExplainer', () => {
  it('linear value model, one baseline, no noise: exactly w_t ⊙ (x − b) for any α draws', () => {
    const W = [
      [1, -2, 3],
      [4, 0, -1],
    ];
    const model = linearValueModel(W, [0, 1]);
    const x = uniformMatrix(3, 3, 1);
    const b = [0.5, -0.5, 0.25];
    const a = gradientShapExplainer({ background: b, samples: 7 }).explain(model, x, { targets: Int32Array.of(0, 1, 1) }).data;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(a[i * 3 + j]).toBeCloseTo(W[i === 0 ? 0 : 1]![j]! * (x.data[i * 3 + j]! - b[j]!), 12);
  });

  it('completeness in expectation on a tanh MLP: Σφ → p_t(x) − mean_b p_t(b)', () => {
    const model = randomMlp([4, 6, 2], 'tanh', 2, 2);
    const x = uniformMatrix(3, 4, 3, -1, 1);
    const train = uniformMatrix(30, 4, 4, -1, 1);
    const a = gradientShapExplainer({ train, background: 'sample', backgroundSize: 30, samples: 20000 }).explain(model, x).data;
    const p = model.predictProba(x).data;
    const pb = model.predictProba(train).data;
    const t = [0, 1, 2].map((i) => (p[2 * i + 1]! > p[2 * i]! ? 1 : 0));
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let j = 0; j < 4; j++) s += a[i * 4 + j]!;
      let mb = 0;
      for (let r = 0; r < 30; r++) mb += pb[2 * r + t[i]!]! / 30;
      expect(Math.abs(s - (p[2 * i + t[i]!]! - mb))).toBeLessThan(0.01);
    }
  });

  it('needs gradients and rejects unknown options', () => {
    const noGrad = {
      inputDim: 2,
      classes: 2,
      predictProba: (m: { rows: number }) => ({ rows: m.rows, cols: 2, data: new Float64Array(2 * m.rows).fill(0.5) }),
    };
    expect(codeOf(() => gradientShapExplainer({ background: 'zeros' }).explain(noGrad as never, uniformMatrix(1, 2, 1)))).toBe(
      'NOT_SUPPORTED',
    );
    expect(codeOf(() => gradientShapExplainer({ background: 'zeros', stdevs: 1 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => gradientShapExplainer())).toBe('BAD_OPTION'); // 'sample' needs train
  });
});
