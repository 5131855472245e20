/**
 * Indices of `values` in ascending order, ties by index (stable): a bottom-up merge sort on
 * typed arrays — several times faster than Array.prototype.sort with a comparator on large
 * columns. Values must not be NaN.
 */
export function argsortStable(values: Float64Array): Int32Array {
  const n = values.length;
  let a = new Int32Array(n);
  let b = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) b[k++] = values[a[j]!]! < values[a[i]!]! ? a[j++]! : a[i++]!;
      while (i < mid) b[k++] = a[i++]!;
      while (j < hi) b[k++] = a[j++]!;
    }
    const t = a;
    a = b;
    b = t;
  }
  return a;
}
