import { XaiError, assertMatrix, row } from '@xai/core';
import type { Matrix } from '@xai/core';

/**
 * Index of the closest centre (Euclidean) for every row of `x`; ties go to the lower
 * index. Used to check that clusters are separated (and to assign new points).
 * @example nearestCentre(ds.test.x, ds.dgp.centres)  // Int32Array of cluster indices
 * @since 0.1.0
 */
export function nearestCentre(x: Matrix, centres: Matrix): Int32Array {
  const fn = 'nearestCentre';
  assertMatrix(x, fn, 'x');
  assertMatrix(centres, fn, 'centres', { cols: x.cols });
  if (centres.rows === 0) throw new XaiError('EMPTY', 'no centres', { fn, arg: 'centres', value: 0 });
  const out = new Int32Array(x.rows);
  const d = x.cols;
  for (let i = 0; i < x.rows; i++) {
    const xi = row(x, i);
    let best = 0;
    let bestDist = Infinity;
    for (let k = 0; k < centres.rows; k++) {
      const ck = row(centres, k);
      let s = 0;
      for (let j = 0; j < d; j++) {
        const t = xi[j]! - ck[j]!;
        s += t * t;
      }
      if (s < bestDist) {
        bestDist = s;
        best = k;
      }
    }
    out[i] = best;
  }
  return out;
}
