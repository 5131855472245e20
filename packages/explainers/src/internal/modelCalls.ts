// Batched model queries: every explainer sends its perturbations here as large matrices,
// chunked to `batchRows` rows so memory stays bounded. Each chunk's rows of the caller's
// buffer go to the model as `out`, so a model that fills `out` costs no copy; outputs are
// shape-checked, and copied into that buffer when the model returned another matrix (a
// model may reuse its own output buffer).
import type { DifferentiableModel, Matrix, Model, OutputSpace } from '@xai/core';
import { XaiError, describeValue, strideOf } from '@xai/core';

/** Throws NOT_SUPPORTED unless the model has input gradients. */
export function requireGradient(model: Model, fn: string): DifferentiableModel {
  if (typeof model.inputGradient !== 'function') {
    throw new XaiError(
      'NOT_SUPPORTED',
      'this explainer needs model.inputGradient; wrap your model with functionModel(predictProba, { inputDim, classes }) from @xai/models, which adds central finite-difference gradients',
      { fn, arg: 'model', value: 'no inputGradient' },
    );
  }
  return model as DifferentiableModel;
}

function checkOutput(m: unknown, rows: number, cols: number, fn: string, what: string): Matrix {
  const o = m as Matrix;
  if (o === null || typeof o !== 'object' || !(o.data instanceof Float64Array) || o.rows !== rows || o.cols !== cols) {
    const got = o !== null && typeof o === 'object' ? `${describeValue(o.rows)}x${describeValue(o.cols)}` : describeValue(m);
    throw new XaiError('SHAPE_MISMATCH', `${what} returned ${got}, expected ${rows}x${cols}`, { fn, arg: 'model', value: got });
  }
  const stride = strideOf(o);
  const offset = o.offset ?? 0;
  if (rows > 0 && offset + (rows - 1) * stride + cols > o.data.length) {
    throw new XaiError('SHAPE_MISMATCH', `${what} returned a matrix whose data is too short`, { fn, arg: 'model', value: o.data.length });
  }
  return o;
}

/** Copies m (any stride/offset) into dst at element offset `at`, checking finiteness (m may already be there). */
function copyChecked(m: Matrix, dst: Float64Array, at: number, fn: string, what: string): void {
  const stride = strideOf(m);
  const off = m.offset ?? 0;
  const src = m.data;
  const c = m.cols;
  for (let i = 0; i < m.rows; i++) {
    const s = off + i * stride;
    const t = at + i * c;
    for (let j = 0; j < c; j++) {
      const v = src[s + j]!;
      if (!Number.isFinite(v)) {
        const row = at / c + i; // the row of the whole batch, not of its chunk
        throw new XaiError('NON_FINITE', `${what} returned ${v} at row ${row}, column ${j}`, { fn, arg: 'model', value: v, row, col: j });
      }
      dst[t + j] = v;
    }
  }
}

/**
 * Class probabilities of `x` (contiguous, rows x inputDim) into `out` (rows x classes),
 * in chunks of at most `batchRows` rows.
 */
export function predictRows(
  model: Model,
  x: Matrix,
  fn: string,
  batchRows: number,
  out: Float64Array = new Float64Array(x.rows * model.classes),
): Matrix {
  const k = model.classes;
  const d = x.cols;
  for (let s = 0; s < x.rows; s += batchRows) {
    const e = Math.min(x.rows, s + batchRows);
    const block: Matrix = s === 0 && e === x.rows ? x : { rows: e - s, cols: d, data: x.data.subarray(s * d, e * d) };
    const into: Matrix = { rows: e - s, cols: k, data: out, offset: s * k };
    const p = checkOutput(model.predictProba(block, into), e - s, k, fn, 'model.predictProba');
    copyChecked(p, out, s * k, fn, 'model.predictProba');
  }
  return { rows: x.rows, cols: k, data: out };
}

/**
 * Input gradients of the `targets` outputs at the rows of `x` (contiguous) into `out`,
 * in chunks of at most `batchRows` rows.
 */
export function gradientRows(
  model: DifferentiableModel,
  x: Matrix,
  targets: Int32Array,
  output: OutputSpace,
  fn: string,
  batchRows: number,
  out: Float64Array = new Float64Array(x.rows * x.cols),
): Matrix {
  const d = x.cols;
  for (let s = 0; s < x.rows; s += batchRows) {
    const e = Math.min(x.rows, s + batchRows);
    const whole = s === 0 && e === x.rows;
    const block: Matrix = whole ? x : { rows: e - s, cols: d, data: x.data.subarray(s * d, e * d) };
    const t = whole ? targets : targets.subarray(s, e);
    const into: Matrix = { rows: e - s, cols: d, data: out, offset: s * d };
    const g = checkOutput(model.inputGradient(block, t, { output, out: into }), e - s, d, fn, 'model.inputGradient');
    copyChecked(g, out, s * d, fn, 'model.inputGradient');
  }
  return { rows: x.rows, cols: d, data: out };
}
