// The rule and its wording are @xai/models' (tested there); the CLI adds the input-space advice.
import type { Model } from '@xai/core';
import { fromRows } from '@xai/core';
import { sanityWarning as modelWarning } from '@xai/models';
import { describe, expect, it } from 'vitest';
import { modelSanity, sanityWarning } from './modelSanity.js';

/** A model with p(class 1) = `q` on every row. */
const constant = (q: number): Model => ({
  inputDim: 1,
  classes: 2,
  predictProba: (x) => ({ rows: x.rows, cols: 2, data: Float64Array.from({ length: 2 * x.rows }, (_, k) => (k % 2 ? q : 1 - q)) }),
});

const x = fromRows(Array.from({ length: 10 }, (_, i) => [i]));
const y = Int32Array.from({ length: 10 }, (_, i) => (i >= 7 ? 1 : 0));

describe('sanityWarning (CLI)', () => {
  it("is @xai/models' warning followed by the input-space flag, and null when the model is fine", () => {
    const flagged = modelSanity(constant(0.2), x, y, 2);
    expect(sanityWarning(flagged, 'd/m')).toBe(
      `${modelWarning(flagged, 'd/m')} Is it fed the input space it was trained on? (--model-input raw|scaled; a model file with a preprocessing block uses its own)`,
    );
    expect(sanityWarning({ ...flagged, problem: null }, 'd/m')).toBeNull();
  });

  it('a model whose outputs fit in another class order: the --schema classes that would read them so', () => {
    // 3 classes, 9 rows with labels 0,1,2,…; the model puts label l's rows on output (l + 1) % 3.
    const y3 = Int32Array.from({ length: 9 }, (_, i) => i % 3);
    const rotated: Model = {
      inputDim: 1,
      classes: 3,
      predictProba: (m) => ({
        rows: m.rows,
        cols: 3,
        data: Float64Array.from({ length: 3 * m.rows }, (_, k) => (k % 3 === ((m.data[Math.floor(k / 3)]! % 3) + 1) % 3 ? 1 : 0)),
      }),
    };
    const s = modelSanity(rotated, fromRows(Array.from({ length: 9 }, (_, i) => [i])), y3, 3);
    expect(s.accuracy).toBe(0);
    expect([...s.classOrder!.outputs]).toEqual([2, 0, 1]);
    expect(s.classOrder!.accuracy).toBe(1);
    expect(sanityWarning(s, 'd/m', ['a', 'b', 'c'])).toBe(
      `${modelWarning(s, 'd/m', ['a', 'b', 'c'])} Outputs are matched to the label's classes by position (0 a, 1 b, 2 c) unless the model file names its classes: if it was, give the classes in output order in a --schema file, e.g. {"classes":["c","a","b"]}`,
    );
  });
});
