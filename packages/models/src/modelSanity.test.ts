import type { Model } from '@xai/core';
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { modelSanity, sanityWarning } from './modelSanity.js';

/** A model whose p(class 1) is given per row by `p(x[0])`. */
const modelOf = (p: (v: number) => number): Model => ({
  inputDim: 1,
  classes: 2,
  predictProba: (x) => {
    const data = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      const q = p(x.data[i]!);
      data[2 * i] = 1 - q;
      data[2 * i + 1] = q;
    }
    return { rows: x.rows, cols: 2, data };
  },
});

// 10 rows, x = 0..9; labels: 7 zeros then 3 ones (base rate 0.7).
const x = fromRows(Array.from({ length: 10 }, (_, i) => [i]));
const y = Int32Array.from({ length: 10 }, (_, i) => (i >= 7 ? 1 : 0));

describe('modelSanity', () => {
  it('a model that beats the base rate passes; one that ties it is flagged, in words', () => {
    expect(
      modelSanity(
        modelOf((v) => (v >= 7 ? 0.9 : 0.1)),
        x,
        y,
        2,
      ).problem,
    ).toBeNull();
    // right on rows 0..5 and 9 (7 of 10), wrong on 6..8: accuracy = base rate = 0.7
    const tie = modelSanity(
      modelOf((v) => (v >= 6 && v <= 8 ? 0.9 - 0.8 * Number(v >= 7) : v === 9 ? 0.9 : 0.1)),
      x,
      y,
      2,
    );
    expect([tie.accuracy, tie.baseRate, tie.problem]).toEqual([0.7, 0.7, 'at-or-below-base-rate']);
    expect(sanityWarning(tie, 'm')).toBe(
      'm: the model test accuracy 70.0 % is not above the base rate 70.0 % (always guessing the commonest label); 80.0 % of its predictions are class 0 — its explanations are not worth scoring.',
    );
  });
});
