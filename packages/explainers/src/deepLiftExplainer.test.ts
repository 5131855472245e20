import { describe, expect, it } from 'vitest';
import { deepLiftExplainer } from './deepLiftExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';
import { layeredMlp, randomLayers } from './__fixtures__/valueModels.js';

describe('deepLiftExplainer (rescale)', () => {
  it('completeness on a ReLU MLP: Σφ = p_t(x) − p_t(baseline) (binary) and z_t(x) − z_t(baseline) (logit, 3 classes)', () => {
    const bin = layeredMlp(randomLayers([5, 8, 8, 2], 1), 'relu');
    const x = uniformMatrix(6, 5, 2, -1, 1);
    const bl = [0.1, -0.2, 0.3, 0, 0.2];
    const a = deepLiftExplainer({ baseline: bl }).explain(bin, x).data;
    const p = bin.predictProba(x).data;
    const pb = bin.predictProba({ rows: 1, cols: 5, data: Float64Array.from(bl) }).data;
    for (let i = 0; i < 6; i++) {
      const t = p[2 * i + 1]! > p[2 * i]! ? 1 : 0;
      let s = 0;
      for (let j = 0; j < 5; j++) s += a[i * 5 + j]!;
      expect(s).toBeCloseTo(p[2 * i + t]! - pb[t]!, 12);
    }
    const tri = layeredMlp(randomLayers([5, 7, 3], 2), 'tanh');
    const targets = Int32Array.of(0, 1, 2, 2, 1, 0);
    const al = deepLiftExplainer({ baseline: bl, output: 'logit' }).explain(tri, x, { targets }).data;
    const zb = tri.logitsOf(Float64Array.from(bl));
    for (let i = 0; i < 6; i++) {
      const z = tri.logitsOf(x.data.slice(i * 5, i * 5 + 5));
      let s = 0;
      for (let j = 0; j < 5; j++) s += al[i * 5 + j]!;
      expect(s).toBeCloseTo(z[targets[i]!]! - zb[targets[i]!]!, 12);
    }
  });

  it('one linear layer (logistic regression), logit output: exactly (W_t) ⊙ (x − b)', () => {
    const layers = randomLayers([4, 3], 5);
    const lr = layeredMlp(layers, 'relu');
    const x = uniformMatrix(3, 4, 1);
    const targets = Int32Array.of(2, 0, 1);
    const a = deepLiftExplainer({ output: 'logit' }).explain(lr, x, { targets }).data;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 4; j++) expect(a[i * 4 + j]).toBeCloseTo(layers[0]!.w[targets[i]! * 4 + j]! * x.data[i * 4 + j]!, 12);
  });

  it('equals Gradient x (x − b) when no ReLU changes state between x and the baseline', () => {
    // Positive biases and inputs keep every unit of this ReLU layer active: a linear region.
    const layers = [
      { w: Float64Array.of(1, 0.5, 0.2, 0.3, -0.1, 0.4), b: Float64Array.of(2, 2, 2), in: 2, out: 3 },
      { w: Float64Array.of(0.3, -0.2, 0.1, -0.4, 0.5, 0.2), b: Float64Array.of(0, 0), in: 3, out: 2 },
    ];
    const m = layeredMlp(layers, 'relu');
    const x = uniformMatrix(2, 2, 3);
    const a = deepLiftExplainer({ output: 'logit' }).explain(m, x, { targets: Int32Array.of(1, 0) }).data;
    const g = m.inputGradient!(x, Int32Array.of(1, 0), { output: 'logit' }).data;
    for (let k = 0; k < 4; k++) expect(a[k]).toBeCloseTo(g[k]! * x.data[k]!, 12);
  });

  it('refuses models without faithful layers, multi-class probability, and unknown options', () => {
    const x = uniformMatrix(1, 4, 1);
    expect(codeOf(() => deepLiftExplainer().explain(randomMlp([4, 2], 'tanh', 1), x))).toBe('NOT_SUPPORTED');
    const wrong = Object.assign(randomMlp([4, 3, 2], 'relu', 1), { layers: layeredMlp(randomLayers([4, 3, 2], 9), 'relu').layers });
    expect(codeOf(() => deepLiftExplainer().explain(wrong, x))).toBe('NOT_SUPPORTED');
    expect(codeOf(() => deepLiftExplainer().explain(layeredMlp(randomLayers([4, 3], 1), 'relu'), x))).toBe('NOT_SUPPORTED');
    expect(codeOf(() => deepLiftExplainer({ multiplyByInputs: true } as never))).toBe('BAD_OPTION');
  });
});
