// The batched gradient loop of the explainers that average gradients over points per instance
// (Integrated Gradients' path, SmoothGrad's noisy copies, Gradient SHAP's draws): the points of
// a chunk of rows are one `inputGradient` call, bounded by `batchRows`.
import type { DifferentiableModel, OutputSpace } from '@xai/core';
import { instancesPerChunk } from './common.js';
import { gradientRows } from './modelCalls.js';

/** How one explainer builds and reduces its points. */
export interface PointGradientSteps {
  /** Points per instance. */
  readonly points: number;
  /** Writes the points of row `i` (points x d values) into `buffer` from `start`. */
  fill(i: number, buffer: Float64Array, start: number): void;
  /** Adds row `i`'s reduction of its gradients (from `start` in `grads`) into `out` at `i * d`. */
  reduce(i: number, grads: Float64Array, start: number, out: Float64Array): void;
}

/** The sizes of the chunk buffers: instances per call and the instances a buffer holds. */
export function chunkShape(points: number, batchRows: number, n: number): { perCall: number; capacity: number } {
  const perCall = instancesPerChunk(points, batchRows);
  return { perCall, capacity: Math.min(perCall, n) };
}

/**
 * Runs `steps` over the n rows: per chunk, fill every row's points, one gradient call for the
 * chunk's targets (each row's target repeated over its points), then reduce row by row.
 * Returns the n x d reductions. A row's points start at `(i − c0) · points · d` in the chunk buffer.
 */
export function pointGradients(
  model: DifferentiableModel,
  rowTargets: Int32Array,
  d: number,
  output: OutputSpace,
  fn: string,
  batchRows: number,
  steps: PointGradientSteps,
): Float64Array {
  const n = rowTargets.length;
  const P = steps.points;
  const out = new Float64Array(n * d);
  const { perCall, capacity } = chunkShape(P, batchRows, n);
  const points = new Float64Array(capacity * P * d);
  const targets = new Int32Array(capacity * P);
  const grads = new Float64Array(capacity * P * d);
  for (let c0 = 0; c0 < n; c0 += perCall) {
    const c1 = Math.min(n, c0 + perCall);
    for (let i = c0; i < c1; i++) {
      steps.fill(i, points, (i - c0) * P * d);
      targets.fill(rowTargets[i]!, (i - c0) * P, (i - c0 + 1) * P);
    }
    const rows = (c1 - c0) * P;
    const data = points.subarray(0, rows * d);
    gradientRows(model, { rows, cols: d, data }, targets.subarray(0, rows), output, fn, batchRows, grads);
    for (let i = c0; i < c1; i++) steps.reduce(i, grads, (i - c0) * P * d, out);
  }
  return out;
}
