import { describe, expect, it } from 'vitest';
import { gradientXInputExplainer } from './gradientXInputExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { logisticRegression, randomMlp, uniformMatrix } from './__fixtures__/models.js';

describe('gradientXInputExplainer', () => {
  it('is x ⊙ p(1 − p)(w_t − w_other) on logistic regression', () => {
    const w0 = [1, -2, 0.5];
    const w1 = [-1, 1, 1.5];
    const model = logisticRegression(w0, w1, 0, 0.3);
    const x = uniformMatrix(20, 3, 8, -2, 2);
    const attr = gradientXInputExplainer({ preset: 'openxai' }).explain(model, x);
    const p = model.predictProba(x).data;
    for (let i = 0; i < 20; i++) {
      const t = p[i * 2 + 1]! > p[i * 2]! ? 1 : 0;
      const pt = p[i * 2 + t]!;
      for (let j = 0; j < 3; j++) {
        const diff = t === 1 ? w1[j]! - w0[j]! : w0[j]! - w1[j]!;
        expect(attr.data[i * 3 + j]!).toBeCloseTo(x.data[i * 3 + j]! * pt * (1 - pt) * diff, 14);
      }
    }
  });

  it('equals the input times the model gradient on an MLP', () => {
    const model = randomMlp([4, 6, 2], 'tanh', 9);
    const x = uniformMatrix(10, 4, 10);
    const targets = Int32Array.from({ length: 10 }, (_, i) => i % 2);
    const attr = gradientXInputExplainer().explain(model, x, { targets });
    const g = model.inputGradient!(x, targets);
    for (let k = 0; k < 40; k++) expect(attr.data[k]!).toBeCloseTo(x.data[k]! * g.data[k]!, 15);
    expect(attr).not.toBe(g);
  });

  it('rejects unknown options', () => {
    expect(codeOf(() => gradientXInputExplainer({ samples: 3 } as never))).toBe('BAD_OPTION');
  });
});
