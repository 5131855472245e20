import { describe, expect, it } from 'vitest';
import { randomMlp, uniformMatrix } from './models.js';

describe('test fixtures', () => {
  it('MLP input gradients match central finite differences (probability and logit)', () => {
    for (const act of ['tanh', 'relu'] as const) {
      const model = randomMlp([4, 6, 5, 3], act, 7);
      const x = uniformMatrix(5, 4, 3);
      const targets = Int32Array.of(0, 1, 2, 1, 0);
      for (const output of ['probability', 'logit'] as const) {
        const g = model.inputGradient!(x, targets, { output });
        const h = 1e-6;
        for (let i = 0; i < x.rows; i++) {
          for (let j = 0; j < 4; j++) {
            const plus = x.data.slice(i * 4, i * 4 + 4);
            const minus = plus.slice();
            plus[j] = plus[j]! + h;
            minus[j] = minus[j]! - h;
            const val = (z: Float64Array): number =>
              output === 'logit' ? model.logitsOf(z)[targets[i]!]! : model.predictProba({ rows: 1, cols: 4, data: z }).data[targets[i]!]!;
            expect(g.data[i * 4 + j]!).toBeCloseTo((val(plus) - val(minus)) / (2 * h), 6);
          }
        }
      }
    }
  });
});
