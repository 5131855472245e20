import type { FeatureSchema } from './dataset.js';
import { XaiError, describeValue } from './errors.js';
import { type Matrix, assertMatrix, strideOf } from './matrix.js';

/**
 * `schema` with `levels` filled in from `train` (rows in the model's input space): each lone
 * discrete column (not in a one-hot group) gets `[low, high]`, the lowest and highest value it
 * takes there, so a perturbation flip swaps the column's own two values ({1, 2}, {−1, 1},
 * {0, 1}) instead of assuming 0/1. Levels the schema already gives are kept; continuous and
 * grouped columns get null. A column with a NaN or infinite training value is NON_FINITE.
 * @example const s = withDiscreteLevels({ names: ['sex'], kinds: ['discrete'], groups: [] }, train) // s.levels: [[1, 2]]
 * @since 0.3.0
 */
export function withDiscreteLevels(schema: FeatureSchema, train: Matrix): FeatureSchema {
  const fn = 'withDiscreteLevels';
  assertMatrix(train, fn, 'train');
  const d = schema.kinds.length;
  if (train.cols !== d)
    throw new XaiError('SHAPE_MISMATCH', `the schema has ${d} columns, train has ${train.cols}`, { fn, arg: 'train', value: train.cols });
  const grouped = new Uint8Array(d);
  for (const g of schema.groups) if (g.length >= 2) for (const j of g) grouped[j] = 1;
  const stride = strideOf(train);
  const offset = train.offset ?? 0;
  const levels = Array.from({ length: d }, (_, j): readonly [number, number] | null => {
    const given = schema.levels?.[j];
    if (given != null) return given;
    if (schema.kinds[j] !== 'discrete' || grouped[j] === 1 || train.rows === 0) return null;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < train.rows; i++) {
      const v = train.data[offset + i * stride + j]!;
      if (!Number.isFinite(v))
        throw new XaiError('NON_FINITE', `train row ${i}, column ${schema.names[j] ?? j} is ${describeValue(v)}`, {
          fn,
          arg: 'train',
          row: i,
          column: j,
          value: v,
        });
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return [lo, hi];
  });
  return { ...schema, levels };
}
