import { describe, expect, it } from 'vitest';
import { createRng } from '../rng/rng.js';
import type { Matrix } from '../matrix.js';
import { get, matrix, rowBlock } from '../matrix.js';
import { isXaiError } from '../errors.js';
import { matmul, matmulTransA, matmulTransB } from './matmul.js';
import { transpose } from './transpose.js';

function random(rows: number, cols: number, seed: number): Matrix {
  const m = matrix(rows, cols);
  createRng(seed).fillNormal(m.data);
  return m;
}

/** Reference: the textbook triple loop, element by element through `get`. */
function naive(a: Matrix, b: Matrix): Float64Array {
  const out = new Float64Array(a.rows * b.cols);
  for (let i = 0; i < a.rows; i++)
    for (let j = 0; j < b.cols; j++) {
      let s = 0;
      for (let k = 0; k < a.cols; k++) s += get(a, i, k) * get(b, k, j);
      out[i * b.cols + j] = s;
    }
  return out;
}

// 1xk, kx1, sizes around the 4-row and 2x2 block edges, and an empty inner dimension.
const shapes: [number, number, number][] = [
  [1, 7, 1],
  [1, 5, 9],
  [9, 5, 1],
  [4, 4, 4],
  [5, 3, 7],
  [7, 13, 6],
  [13, 1, 2],
  [2, 0, 3],
  [33, 17, 11],
];

describe('matmul family', () => {
  it.each(shapes)('matmul %ix%i · %ix? matches the naive triple loop', (n, k, m) => {
    const a = random(n, k, n * 100 + k);
    const b = random(k, m, m * 7 + 1);
    const c = matmul(a, b);
    const ref = naive(a, b);
    for (let i = 0; i < ref.length; i++) expect(c.data[i]).toBeCloseTo(ref[i]!, 12);
  });

  it.each(shapes)('matmulTransB and matmulTransA agree with explicit transposes (%i, %i, %i)', (n, k, m) => {
    const a = random(n, k, 3 + n);
    const b = random(k, m, 5 + m);
    const ref = naive(a, b);
    const viaB = matmulTransB(a, transpose(b));
    const viaA = matmulTransA(transpose(a), b);
    for (let i = 0; i < ref.length; i++) {
      expect(viaB.data[i]).toBeCloseTo(ref[i]!, 12);
      expect(viaA.data[i]).toBeCloseTo(ref[i]!, 12);
    }
  });

  it('reads strided row views and writes into a caller buffer without allocating', () => {
    const big = random(10, 6, 11);
    const a = rowBlock(big, 3, 8); // offset 18, stride 6
    const b = random(6, 4, 12);
    const out = matrix(5, 4);
    const c = matmul(a, b, out);
    expect(c).toBe(out);
    const ref = naive(a, b);
    for (let i = 0; i < ref.length; i++) expect(out.data[i]).toBeCloseTo(ref[i]!, 12);
  });

  it('overwrites stale output contents', () => {
    const a = random(5, 3, 1);
    const b = random(3, 2, 2);
    const out = matrix(5, 2);
    out.data.fill(1e9);
    matmul(a, b, out);
    const ref = naive(a, b);
    for (let i = 0; i < ref.length; i++) expect(out.data[i]).toBeCloseTo(ref[i]!, 12);
  });

  it('rejects mismatched shapes with SHAPE_MISMATCH naming the function', () => {
    expect(() => matmul(matrix(2, 3), matrix(2, 3))).toThrow(/SHAPE_MISMATCH.*matmul/);
    expect(() => matmul(matrix(2, 3), matrix(3, 2), matrix(3, 3))).toThrow(/matmul: out/);
    try {
      matmulTransB(matrix(2, 3), matrix(2, 2));
    } catch (e) {
      expect(isXaiError(e, 'SHAPE_MISMATCH')).toBe(true);
    }
    expect(() => matmulTransA(matrix(2, 3), matrix(3, 3))).toThrow(/SHAPE_MISMATCH/);
  });

  it('rejects a non-matrix argument with BAD_INPUT', () => {
    expect(() => matmul({ rows: 1, cols: 1, data: [1] } as unknown as Matrix, matrix(1, 1))).toThrow(/BAD_INPUT.*matmul: a/);
  });
});
