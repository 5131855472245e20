// Random Logit under the quantus preset: SSIM against skimage's structural_similarity run by
// __fixtures__/quantusRandomLogit.py on batch-normalised pairs, the real Quantus RandomLogit on a
// 2-class model, and closed-form checks.
import { describe, expect, it } from 'vitest';
import { fromRows, matrix, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import peer from '../__fixtures__/quantusRandomLogit.json' with { type: 'json' };
import { linearSoftmax, randomMatrix } from '../__fixtures__/closedFormModels.js';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { ssim } from '../internal/similarity.js';
import { randomLogit } from './randomLogit.js';

const byMax = (m: number[][]): number[][] => {
  const max = Math.max(...m.flat().map(Math.abs));
  return m.map((r) => r.map((v) => v / max));
};

describe("SSIM as Quantus' RandomLogit computes it", () => {
  for (const c of peer.cases) {
    const d = c.a[0]!.length;
    it(`d = ${d}: equals skimage on raw and on batch-normalised vectors`, () => {
      const na = byMax(c.a);
      const nb = byMax(c.b);
      for (let i = 0; i < c.a.length; i++) {
        expect(Math.abs(ssim(c.a[i]!, c.b[i]!) - c.ssimRaw[i]!)).toBeLessThanOrEqual(1e-10 * Math.abs(c.ssimRaw[i]!));
        expect(Math.abs(ssim(na[i]!, nb[i]!) - c.ssimNormalised[i]!)).toBeLessThanOrEqual(1e-10 * Math.abs(c.ssimNormalised[i]!));
      }
    });
  }
  it('is 1 for equal vectors and NaN below the 7-wide window', () => {
    expect(ssim([1, 2, 0, 4, 5, 3, 1], [1, 2, 0, 4, 5, 3, 1])).toBeCloseTo(1, 14);
    expect(ssim([1, 2, 3], [3, 2, 1])).toBeNaN();
  });
});

describe('randomLogit with preset quantus', () => {
  it('equals the real Quantus RandomLogit on a 2-class linear softmax (gradient explainer)', () => {
    const q = peer.randomLogit;
    const explain: ExplainFn = (m, xs, t) => m.inputGradient!(xs, t);
    const r = randomLogit({ x: fromRows(q.x), model: linearSoftmax(q.W, q.c), explain }, { preset: 'quantus' });
    for (let i = 0; i < q.scores.length; i++) expect(Math.abs(r.values[i]! - q.scores[i]!)).toBeLessThanOrEqual(1e-9);
  });

  const W = Array.from({ length: 3 }, (_, k) => Array.from({ length: 8 }, (_, j) => Math.sin(1 + k * 8 + j)));
  const model = linearSoftmax(W);
  const x = randomMatrix(5, 8, 44);
  it('scores SSIM of the batch-normalised explanations of the target and of the drawn class', () => {
    const explain: ExplainFn = (m, xs, t) => m.inputGradient!(xs, t);
    const r = randomLogit({ x, model, explain }, { preset: 'quantus' });
    expect(r.similarity).toBe('ssim');
    const targets = Int32Array.from({ length: 5 }, (_, i) => {
      const p = row(model.predictProba(x), i);
      return p.indexOf(Math.max(...p));
    });
    const toRows = (m: Matrix): number[][] => Array.from({ length: m.rows }, (_, i) => Array.from(row(m, i)));
    const e0 = byMax(toRows(model.inputGradient!(x, targets)));
    const e1 = byMax(toRows(model.inputGradient!(x, r.randomTargets)));
    for (let i = 0; i < 5; i++) expect(r.values[i]).toBeCloseTo(ssim(e0[i]!, e1[i]!), 12);
  });
  it('a class-independent explanation scores 1 (fails the check); fewer than 7 features is NOT_SUPPORTED', () => {
    const constant: ExplainFn = (_m, xs) => fromRows(Array.from({ length: xs.rows }, () => [3, -1, 2, 0.5, 4, -2, 1, 0]));
    for (const v of randomLogit({ x, model, explain: constant }, { preset: 'quantus' }).values) expect(v).toBeCloseTo(1, 12);
    const narrow = linearSoftmax([
      [1, 2],
      [0, -1],
      [2, 1],
    ]);
    const grad: ExplainFn = (m, xs, t) => m.inputGradient!(xs, t);
    expect(() => randomLogit({ x: matrix(2, 2), model: narrow, explain: grad }, { preset: 'quantus' })).toThrow(
      /NOT_SUPPORTED.*7 features/,
    );
  });
});
