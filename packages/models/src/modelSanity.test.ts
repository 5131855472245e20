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

  it('a flagged model whose outputs fit the labels in another class order says which order, and with what accuracy', () => {
    // 12 rows, labels 0,1,2 in turn; the model puts label l's rows on output (l + 2) % 3 except row 0.
    const n = 12;
    const labels = Int32Array.from({ length: n }, (_, i) => i % 3);
    const out = (i: number): number => (i === 0 ? 0 : (labels[i]! + 2) % 3);
    const model: Model = {
      inputDim: 1,
      classes: 3,
      predictProba: (m) => ({
        rows: m.rows,
        cols: 3,
        data: Float64Array.from({ length: 3 * m.rows }, (_, k) => (k % 3 === out(m.data[Math.floor(k / 3)]!) ? 1 : 0)),
      }),
    };
    const s = modelSanity(model, fromRows(Array.from({ length: n }, (_, i) => [i])), labels, 3);
    // Right only on row 0 (1 of 12); output c is label (c + 1) % 3 on the other 11 rows.
    expect([s.accuracy, s.problem]).toEqual([1 / 12, 'at-or-below-base-rate']);
    expect([...s.classOrder!.outputs]).toEqual([1, 2, 0]);
    expect(s.classOrder!.accuracy).toBe(11 / 12);
    expect(sanityWarning(s, 'm', ['x', 'y', 'z'])).toBe(
      'm: the model test accuracy 8.3 % is not above the base rate 33.3 % (always guessing the commonest label); 41.7 % of its predictions are class 0 — its explanations are not worth scoring. Its outputs read in another class order (output 0 as class 1 (y), output 1 as class 2 (z), output 2 as class 0 (x)) give accuracy 91.7 %: were they trained in that order?',
    );
  });

  it('no class order is offered when the identity is best or no order beats the base rate; swapped binary outputs are found', () => {
    const tie = modelSanity(
      modelOf((v) => (v >= 6 && v <= 8 ? 0.9 - 0.8 * Number(v >= 7) : v === 9 ? 0.9 : 0.1)),
      x,
      y,
      2,
    );
    expect(tie.classOrder).toBeUndefined();
    // A constant guess of class 0 ties the base rate; read swapped it guesses class 1, worse.
    expect(
      modelSanity(
        modelOf(() => 0.2),
        x,
        y,
        2,
      ).classOrder,
    ).toBeUndefined();
    // Swapped outputs: 0 of 10 right as they are, all 10 read swapped.
    const swapped = modelSanity(
      modelOf((v) => (v >= 7 ? 0.1 : 0.9)),
      x,
      y,
      2,
    );
    expect([swapped.accuracy, [...swapped.classOrder!.outputs], swapped.classOrder!.accuracy]).toEqual([0, [1, 0], 1]);
  });
});
