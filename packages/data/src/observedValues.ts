// Rows with missing cells (NaN, a tree model's `missing: 'nan'` rows) as the fits that need
// observed values see them: kinds, discrete levels, scaler ranges and noise units.
import type { Matrix } from '@xai/core';

/**
 * `x` with each NaN replaced by a value observed in its column (0 for a column with none), so that
 * neither a column's levels nor its range changes; `x` itself when it holds no NaN. Reads views
 * (offset, stride); the copy is dense.
 * @example observedValues(fromRows([[1, NaN], [3, 4]])) // [[1, 4], [3, 4]]
 * @since 0.3.0
 */
export function observedValues(x: Matrix): Matrix {
  const { rows: n, cols: d } = x;
  const offset = x.offset ?? 0;
  const stride = x.stride ?? d;
  const out = new Float64Array(n * d);
  let missing = false;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < d; j++) {
      const v = x.data[offset + i * stride + j]!;
      out[i * d + j] = v;
      if (Number.isNaN(v)) missing = true;
    }
  if (!missing) return x;
  for (let j = 0; j < d; j++) {
    let seen = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(out[i * d + j]!)) seen = out[i * d + j]!;
    for (let i = 0; i < n; i++) if (Number.isNaN(out[i * d + j]!)) out[i * d + j] = seen;
  }
  return { rows: n, cols: d, data: out };
}
