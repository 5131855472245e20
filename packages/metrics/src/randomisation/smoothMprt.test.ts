import { fromRows } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { denseMlp, gradient } from '../__fixtures__/closedFormModels.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import { smoothMprt } from './smoothMprt.js';

const x = fromRows([
  [0.2, -1, 0.4, 1, 0.3],
  [1, 0.5, -0.3, 0, -1],
  [-0.5, 0.1, 0.9, -0.7, 0.4],
]);

describe('smoothMprt', () => {
  it('with one sample (the noise-free one) it is model-parameter randomisation of the plain explanation', () => {
    const mlp = denseMlp([5, 6, 4, 2], 3);
    const s = smoothMprt({ x, model: mlp, explain: gradient }, { samples: 1 });
    const m = modelParameterRandomisation({ x, model: mlp, explain: gradient });
    expect([...s.values]).toEqual([...m.values]);
    expect(s.metric).toBe('SMOOTH_MPRT');
  });

  it('closed form: the explanation of a linear model does not depend on the noise, so smoothing changes nothing', () => {
    const lin = denseMlp([5, 2], 5);
    const s = smoothMprt({ x, model: lin, explain: gradient }, { samples: 6, noiseMagnitude: 0.3 });
    const m = modelParameterRandomisation({ x, model: lin, explain: gradient });
    for (let i = 0; i < x.rows; i++) expect(s.values[i]).toBeCloseTo(m.values[i]!, 10);
  });

  it("takes 10 samples by default and Quantus' 50 under the quantus preset", () => {
    const mlp = denseMlp([5, 3, 2], 9);
    const rows: number[] = [];
    const spy = (m: Model, xs: Matrix, t: Int32Array): Matrix => {
      rows.push(xs.rows);
      return gradient(m, xs, t);
    };
    smoothMprt({ x, model: mlp, explain: spy });
    smoothMprt({ x, model: mlp, explain: spy }, { preset: 'quantus' });
    expect(rows[0]).toBe(30);
    expect(rows.at(-1)).toBe(150);
  });

  it('averages samples explanations of noisy copies (σ = magnitude · range), the last copy exact', () => {
    const mlp = denseMlp([5, 4, 2], 7);
    const seen: Matrix[] = [];
    const spy = (m: Model, xs: Matrix, t: Int32Array): Matrix => {
      seen.push(xs);
      return gradient(m, xs, t);
    };
    smoothMprt({ x, model: mlp, explain: spy }, { samples: 4, noiseMagnitude: 0.1 });
    const first = seen[0]!;
    expect(first.rows).toBe(12);
    // Row 0's copies: three noisy (within 6σ), the fourth exactly x_0; σ = 0.1 · (1 − (−1)).
    for (let s = 0; s < 4; s++)
      for (let j = 0; j < 5; j++) {
        const dev = Math.abs(first.data[s * 5 + j]! - x.data[j]!);
        if (s === 3) expect(dev).toBe(0);
        else expect(dev).toBeLessThan(6 * 0.2);
      }
  });
});
