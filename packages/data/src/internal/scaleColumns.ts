import type { Matrix, Preprocessing } from '@xai/core';
import { XaiError } from '@xai/core';

/** Scales model columns with a plain-data scaler, exactly as MinMaxScaler.transform does. */
export function scaleColumns(x: Matrix, scaler: Preprocessing['scaler'], fn = 'applyPreprocessing'): Matrix {
  const d = x.cols;
  const out = new Float64Array(x.rows * d);
  if (scaler.kind === 'none') {
    out.set(x.data.subarray(0, x.rows * d));
    return { rows: x.rows, cols: d, data: out };
  }
  const shift = scaler.kind === 'min-max' ? scaler.min : scaler.mean;
  if (shift.length !== d || (scaler.kind === 'min-max' ? scaler.max.length : scaler.std.length) !== d) {
    throw new XaiError('BAD_INPUT', `preprocessing: the ${scaler.kind} scaler has ${shift.length} columns for ${d} features`, {
      fn,
      arg: 'preprocessing.scaler',
      value: shift.length,
    });
  }
  const factor = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const range = scaler.kind === 'min-max' ? scaler.max[j]! - scaler.min[j]! : scaler.std[j]!;
    factor[j] = range > 0 ? 1 / range : 1; // constant column: scaled by 1, as fitMinMaxScaler
  }
  for (let i = 0; i < x.rows; i++) {
    const p = i * d;
    for (let j = 0; j < d; j++) out[p + j] = (x.data[p + j]! - shift[j]!) * factor[j]!;
  }
  return { rows: x.rows, cols: d, data: out };
}
