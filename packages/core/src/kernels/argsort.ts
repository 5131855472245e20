/**
 * Indices that sort `values` ascending (or descending), stable: equal values keep
 * index order, which makes top-k selection deterministic under ties.
 * @example argsort(Float64Array.of(3, 1, 2))  // Int32Array [1, 2, 0]
 * @since 0.1.0
 */
export function argsort(values: ArrayLike<number>, descending = false, out: Int32Array = new Int32Array(values.length)): Int32Array {
  for (let i = 0; i < values.length; i++) out[i] = i;
  // TypedArray.prototype.sort is stable (ES2019+) for comparator sorts.
  if (descending) out.sort((a, b) => values[b]! - values[a]! || a - b);
  else out.sort((a, b) => values[a]! - values[b]! || a - b);
  return out;
}

/**
 * Dense ranks (1-based): ties share a rank and ranks have no gaps, as scipy's
 * `rankdata(method='dense')`.
 * @example denseRanks([10, 30, 10, 20])  // [1, 3, 1, 2]
 * @since 0.1.0
 */
export function denseRanks(values: ArrayLike<number>, out: Float64Array = new Float64Array(values.length)): Float64Array {
  const order = argsort(values);
  let rank = 0;
  let prev = Number.NaN;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const v = values[i]!;
    if (k === 0 || v !== prev) rank++;
    out[i] = rank;
    prev = v;
  }
  return out;
}

/**
 * Average ranks (1-based, ties get the mean of their positions), as used by Spearman's rho.
 * @since 0.1.0
 */
export function averageRanks(values: ArrayLike<number>, out: Float64Array = new Float64Array(values.length)): Float64Array {
  const order = argsort(values);
  let k = 0;
  while (k < order.length) {
    let end = k + 1;
    while (end < order.length && values[order[end]!] === values[order[k]!]) end++;
    const r = (k + end + 1) / 2; // mean of 1-based positions k+1..end
    for (let t = k; t < end; t++) out[order[t]!] = r;
    k = end;
  }
  return out;
}
