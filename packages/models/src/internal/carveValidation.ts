import type { Split } from '@xai/core';
import { selectRows, substream } from '@xai/core';
import type { RegressionSplit } from '../trainModel.js';

/**
 * Stratified split of `train` into (rest, validation): per class, round(fraction · count)
 * rows chosen by `substream(seed, 'validation', class)`; both parts keep the original order.
 */
export function carveValidation(train: Split, fraction: number, seed: number, classes: number): { train: Split; validation: Split } {
  const n = train.y.length;
  const byClass: number[][] = Array.from({ length: classes }, () => []);
  for (let i = 0; i < n; i++) byClass[train.y[i]!]!.push(i);
  const isVal = new Uint8Array(n);
  byClass.forEach((idx, c) => {
    const k = Math.round(fraction * idx.length);
    const pick = substream(seed, 'validation', c).choice(idx.length, k);
    for (let t = 0; t < k; t++) isVal[idx[pick[t]!]!] = 1;
  });
  const rest: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < n; i++) (isVal[i] ? val : rest).push(i);
  const part = (rows: number[]): Split => ({ x: selectRows(train.x, rows), y: Int32Array.from(rows, (i) => train.y[i]!) });
  return { train: part(rest), validation: part(val) };
}

/** A seeded random (not stratified) carve for regression targets; both parts keep their order. */
export function carveRegression(
  train: RegressionSplit,
  fraction: number,
  seed: number,
  k: number,
): { train: RegressionSplit; validation: RegressionSplit } {
  const n = train.x.rows;
  const m = Math.round(fraction * n);
  const isVal = new Uint8Array(n);
  const pick = substream(seed, 'validation', 'regression').choice(n, m);
  for (let t = 0; t < m; t++) isVal[pick[t]!] = 1;
  const rest: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < n; i++) (isVal[i] ? val : rest).push(i);
  const part = (rows: number[]): RegressionSplit => {
    const y = new Float64Array(rows.length * k);
    rows.forEach((i, r) => {
      y.set(train.y.subarray(i * k, i * k + k), r * k);
    });
    return { x: selectRows(train.x, rows), y };
  };
  return { train: part(rest), validation: part(val) };
}
