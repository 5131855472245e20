// One factorisation of a weighted (ridge) least-squares problem whose design and weights are
// shared by many right-hand sides: KernelSHAP's coalition matrix and kernel weights are the
// same for every row drawn from the same key (and for every row under exact enumeration), so
// the normal matrix is factored once and each row costs one product with the design and two
// triangular solves. Same minimiser as `weightedLeastSquares`; null when the normal matrix is
// not clearly positive definite (callers then solve per row, with its SVD fallback).
import { choleskySolveInPlace, solveWithFactor } from './leastSquares.js';
import { rowDots } from './rowDots.js';
import { gramBuffers, weightedGram } from './weightedGram.js';
import { centreDesign, weightedColumnMeans } from './centredDesign.js';

export interface SharedLeastSquares {
  readonly p: number;
  readonly rows: number;
  readonly intercept: boolean;
  /** The weights (raw) and their sum: ȳ_w is formed exactly as the per-row solver forms it. */
  readonly w: Float64Array;
  readonly sw: number;
  /** Weighted mean of each design column (zeros without intercept). */
  readonly mean: Float64Array;
  /** W·(Z − mean) by column (p x rows). */
  readonly wct: Float64Array;
  readonly r: Float64Array;
  readonly rhs: Float64Array;
  /** Scratch of one solve: y − ȳ_w (rows). */
  readonly yc: Float64Array;
}

export function createSharedLeastSquares(
  z: Float64Array,
  zo: number,
  rows: number,
  p: number,
  w: Float64Array,
  wo: number,
  alpha: number,
  intercept: boolean,
): SharedLeastSquares | null {
  let sw = 0;
  for (let s = 0; s < rows; s++) sw += w[wo + s]!;
  if (!(sw > 0)) return null;
  const mean = new Float64Array(p);
  if (intercept) weightedColumnMeans(z, zo, rows, p, w, wo, sw, mean);
  const g = gramBuffers(rows, p, null);
  centreDesign(z, zo, rows, p, mean, w, wo, g.c, g.wct);
  const a = new Float64Array(p * p);
  weightedGram(g, rows, p, a);
  for (let j = 0; j < p; j++) a[j * p + j] = a[j * p + j]! + alpha;
  // Kept for every solve (a copy: the kernel's memory is reused by the next fit).
  const wct = g.wct.slice(0, rows * p);
  if (!choleskySolveInPlace(a, new Float64Array(p), p)) return null;
  return { p, rows, intercept, w: w.slice(wo, wo + rows), sw, mean, wct, r: a, rhs: new Float64Array(p), yc: new Float64Array(rows) };
}

/** Solves for the right-hand side y[yo..yo+rows): coefficients into coef, returns the intercept. */
export function sharedLeastSquaresSolve(f: SharedLeastSquares, y: Float64Array, yo: number, coef: Float64Array): number {
  const { p, rows, w, wct, r, rhs, yc, mean } = f;
  let my = 0;
  if (f.intercept) {
    for (let s = 0; s < rows; s++) my += w[s]! * y[yo + s]!;
    my /= f.sw;
  }
  for (let s = 0; s < rows; s++) yc[s] = y[yo + s]! - my;
  rowDots(wct, p, rows, yc, rhs);
  solveWithFactor(r, rhs, p);
  coef.set(rhs.subarray(0, p));
  let b = my;
  if (f.intercept) for (let j = 0; j < p; j++) b -= mean[j]! * coef[j]!;
  return b;
}
