// Quantus' preprocessing of given attributions (base.Metric.general_preprocess): the whole
// a_batch is divided by its largest |a| (normalise_by_max over every axis, skipped when the
// batch is all zero), then |·| is taken. One statistic for the batch, so a row's score under
// the `quantus` preset depends on the rows scored with it, as in Quantus.
import type { Matrix } from '@xai/core';

/** |a| / max over the batch of |a|, row-major n x d (a copy; the input is not changed). */
export function quantusAttributions(attributions: Matrix): Float64Array {
  const { rows: n, cols: d } = attributions;
  const stride = attributions.stride ?? d;
  const offset = attributions.offset ?? 0;
  const out = new Float64Array(n * d);
  let max = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) {
      const v = Math.abs(attributions.data[offset + i * stride + j]!);
      out[i * d + j] = v;
      if (v > max) max = v;
    }
  }
  if (max > 0) for (let k = 0; k < out.length; k++) out[k] = out[k]! / max;
  return out;
}
