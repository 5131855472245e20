// The committed fixtures (made by fixtures/make_fixtures.py with xgboost, scikit-learn and onnx).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export interface XgbExpected {
  readonly x: (number | null)[][];
  readonly predict: number[][];
  readonly margin: number[][];
  readonly predContribs: number[][] | number[][][];
  /** rows × (classes ×) (d + 1) × (d + 1), the last row and column the bias. */
  readonly predInteractions: number[][][] | number[][][][];
  readonly numClass: number;
}

export interface SklExpected {
  readonly x: (number | null)[][];
  readonly train: (number | null)[][];
  readonly sklearnPredict: number[][];
  readonly covers: number[][];
  readonly pathDependent: { phi: number[]; expected: number }[][];
}

export const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, XgbExpected & SklExpected>;

/** Rows with null as NaN (a missing value). */
export function matrixOf(rows: readonly (readonly (number | null)[])[]): Matrix {
  const cols = rows[0]!.length;
  const data = new Float64Array(rows.length * cols);
  rows.forEach((r, i) => r.forEach((v, j) => (data[i * cols + j] = v === null ? NaN : v)));
  return { rows: rows.length, cols, data };
}

export const fixtureBytes = (name: string): Uint8Array => readFileSync(join(FIXTURES, name));
