// Raw-column data for the featureScale tests: columns in their own units (an age, an income,
// a signed measurement, a 0/1 flag), and a model that reads them through the min-max map of
// nominal ranges, so the raw model is an ordinary smooth classifier on raw inputs.
import type { Matrix, Model } from '@xai/core';
import { hashFloat64, row } from '@xai/core';
import { affineInputModel } from '../scaleEquivalence.js';
import { randomMlp, uniformMatrix } from './models.js';

export const RAW_LO = [18, 1e4, -3, 0];
export const RAW_SPAN = [72, 1.9e5, 8, 1];

/** n rows with the flag column rounded to 0/1. */
export function rawRows(n: number, seed: number): Matrix {
  const u = uniformMatrix(n, RAW_LO.length, seed);
  const d = RAW_LO.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) u.data[i * d + j] = RAW_LO[j]! + RAW_SPAN[j]! * u.data[i * d + j]!;
    u.data[i * d + 3] = Math.round(u.data[i * d + 3]!);
  }
  return u;
}

/** A tanh MLP (4-8-8-2) on raw columns. */
export function rawModel(seed: number): Model {
  const h = randomMlp([4, 8, 8, 2], 'tanh', seed);
  return affineInputModel(
    h,
    RAW_LO.map((l, j) => -l / RAW_SPAN[j]!),
    RAW_SPAN.map((s) => 1 / s),
  );
}

/** Explicit per-row keys shared by the raw and scaled runs (their contents hash differently). */
export function sharedKeys(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => 1000 + i);
}

/** Content keys of the rows, as every explainer derives them when `keys` is absent. */
export function contentKeys(x: Matrix): Float64Array {
  return Float64Array.from({ length: x.rows }, (_, i) => hashFloat64(row(x, i)));
}
