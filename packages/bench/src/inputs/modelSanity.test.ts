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
});
