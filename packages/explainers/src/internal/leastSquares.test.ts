import { describe, expect, it } from 'vitest';
import { Matrix as MlMatrix, solve } from 'ml-matrix';
import { createRng } from '@xai/core';
import { choleskySolveInPlace, createLeastSquaresWork, weightedLeastSquares } from './leastSquares.js';

/** Reference: solve the (d+1)-dim normal equations with an explicit intercept column (ml-matrix LU). */
function reference(
  z: Float64Array,
  rows: number,
  d: number,
  y: Float64Array,
  w: Float64Array,
  alpha: number,
): { coef: number[]; b: number } {
  const m = d + 1;
  const A = MlMatrix.zeros(m, m);
  const rhs = MlMatrix.zeros(m, 1);
  for (let s = 0; s < rows; s++) {
    const row = [...Array.from(z.subarray(s * d, (s + 1) * d)), 1];
    for (let i = 0; i < m; i++) {
      rhs.set(i, 0, rhs.get(i, 0) + w[s]! * row[i]! * y[s]!);
      for (let j = 0; j < m; j++) A.set(i, j, A.get(i, j) + w[s]! * row[i]! * row[j]!);
    }
  }
  for (let i = 0; i < d; i++) A.set(i, i, A.get(i, i) + alpha);
  const sol = solve(A, rhs).getColumn(0);
  return { coef: sol.slice(0, d), b: sol[d]! };
}

function problem(rows: number, d: number, seed: number): { z: Float64Array; y: Float64Array; w: Float64Array } {
  const rng = createRng(seed);
  const z = rng.fillNormal(new Float64Array(rows * d));
  const w = rng.fillUniform(new Float64Array(rows));
  const y = new Float64Array(rows);
  for (let s = 0; s < rows; s++) {
    let v = 0.3 + 0.1 * rng.normal();
    for (let j = 0; j < d; j++) v += (j - d / 2) * z[s * d + j]!;
    y[s] = v;
  }
  return { z, y, w };
}

describe('weightedLeastSquares', () => {
  it('matches the explicit-intercept normal equations (ridge and OLS)', () => {
    for (const alpha of [0, 1, 10]) {
      const { z, y, w } = problem(60, 5, 11 + alpha);
      const work = createLeastSquaresWork(5);
      const coef = new Float64Array(5);
      const b = weightedLeastSquares(z, 60, 5, y, w, alpha, true, coef, work);
      const ref = reference(z, 60, 5, y, w, alpha);
      for (let j = 0; j < 5; j++) expect(coef[j]!).toBeCloseTo(ref.coef[j]!, 10);
      expect(b).toBeCloseTo(ref.b, 10);
      expect(work.fallbacks).toBe(0);
    }
  });

  it('without intercept solves Σ w (y − z·c)² directly', () => {
    // y = 2 z0 − z1 exactly: the solution is recovered whatever the weights.
    const z = Float64Array.of(1, 0, 0, 1, 1, 1, 2, -1);
    const y = Float64Array.of(2, -1, 1, 5);
    const w = Float64Array.of(1, 2, 3, 4);
    const coef = new Float64Array(2);
    const b = weightedLeastSquares(z, 4, 2, y, w, 0, false, coef, createLeastSquaresWork(2));
    expect(b).toBe(0);
    expect(coef[0]!).toBeCloseTo(2, 13);
    expect(coef[1]!).toBeCloseTo(-1, 13);
  });

  it('falls back to the minimum-norm solution on a rank-deficient design', () => {
    // Columns 0 and 1 identical: any split of the coefficient fits; min-norm splits evenly.
    const rows = 40;
    const rng = createRng(5);
    const z = new Float64Array(rows * 3);
    const y = new Float64Array(rows);
    const w = new Float64Array(rows).fill(1);
    for (let s = 0; s < rows; s++) {
      const a = rng.normal();
      const c = rng.normal();
      z[s * 3] = a;
      z[s * 3 + 1] = a;
      z[s * 3 + 2] = c;
      y[s] = 1 + 3 * a - 2 * c;
    }
    const work = createLeastSquaresWork(3);
    const coef = new Float64Array(3);
    const b = weightedLeastSquares(z, rows, 3, y, w, 0, true, coef, work);
    expect(work.fallbacks).toBe(1);
    expect(coef[0]!).toBeCloseTo(1.5, 10);
    expect(coef[1]!).toBeCloseTo(1.5, 10);
    expect(coef[2]!).toBeCloseTo(-2, 10);
    expect(b).toBeCloseTo(1, 10);
  });

  it('gives a constant column a zero coefficient (absorbed by the intercept)', () => {
    const z = Float64Array.of(1, 5, 1, 7, 1, 9);
    const y = Float64Array.of(3, 4, 5);
    const w = Float64Array.of(1, 1, 1);
    const coef = new Float64Array(2);
    const work = createLeastSquaresWork(2);
    const b = weightedLeastSquares(z, 3, 2, y, w, 0, true, coef, work);
    expect(work.fallbacks).toBe(1);
    expect(coef[0]!).toBeCloseTo(0, 12);
    expect(coef[1]!).toBeCloseTo(0.5, 12);
    expect(b + coef[0]! * 1 + coef[1]! * 5).toBeCloseTo(3, 12);
  });

  it('returns zeros when every weight is zero', () => {
    const coef = Float64Array.of(9, 9);
    const b = weightedLeastSquares(
      Float64Array.of(1, 2),
      1,
      2,
      Float64Array.of(1),
      Float64Array.of(0),
      0,
      true,
      coef,
      createLeastSquaresWork(2),
    );
    expect(Array.from(coef)).toEqual([0, 0]);
    expect(b).toBe(0);
  });
});

describe('choleskySolveInPlace', () => {
  it('solves an SPD system and refuses a singular one', () => {
    const a = Float64Array.of(4, 2, 0, 3); // upper triangle of [[4, 2], [2, 3]]
    const b = Float64Array.of(2, 1);
    expect(choleskySolveInPlace(a, b, 2)).toBe(true);
    // [[4,2],[2,3]]^{-1} [2,1] = [0.5, 0]
    expect(b[0]!).toBeCloseTo(0.5, 15);
    expect(b[1]!).toBeCloseTo(0, 15);
    expect(choleskySolveInPlace(Float64Array.of(1, 1, 0, 1), Float64Array.of(1, 1), 2)).toBe(false);
  });
});
