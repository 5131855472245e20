// fast-check arbitraries and helpers of the metrics' property tests (test-only).
//
// Values lie on a grid (multiples of 1/4, |v| <= 6): equal values are exact ties, and a positive
// scale or a strictly increasing transform keeps distinct grid values distinct in floating point,
// so an invariance can be asserted bit for bit.
import fc from 'fast-check';
import type { Matrix } from '@xai/core';

/** Seed and run count of one property: reproducible in CI, small enough for the whole suite. */
export const runs = (numRuns: number, seed: number): { numRuns: number; seed: number } => ({ numRuns, seed });

export const matrixOf = (rows: number, cols: number, data: ArrayLike<number>): Matrix => ({ rows, cols, data: Float64Array.from(data) });

/** A grid value in [-6, 6] (with ties and zeros). */
export const gridValue = fc.integer({ min: -24, max: 24 }).map((k) => k / 4);
/** A non-zero grid value. */
export const nonZeroGridValue = gridValue.filter((v) => v !== 0);

/** A row of d grid values whose magnitudes are all different (signs free). */
export function distinctMagnitudeRow(d: number): fc.Arbitrary<number[]> {
  return fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: d, maxLength: d }),
      fc.array(fc.boolean(), { minLength: d, maxLength: d }),
    )
    .map(([mags, neg]) => mags.map((m, j) => (neg[j] ? -m : m) / 4));
}

/** n rows of d values drawn by `row`, as one n x d matrix. */
export function matrixArb(n: number, d: number, rowArb: fc.Arbitrary<number[]>): fc.Arbitrary<Matrix> {
  return fc.array(rowArb, { minLength: n, maxLength: n }).map((rows) => matrixOf(n, d, rows.flat()));
}

export const gridRow = (d: number): fc.Arbitrary<number[]> => fc.array(gridValue, { minLength: d, maxLength: d });
export const nonZeroRow = (d: number): fc.Arbitrary<number[]> => fc.array(nonZeroGridValue, { minLength: d, maxLength: d });

/** A permutation of 0..d-1. */
export const permutation = (d: number): fc.Arbitrary<number[]> =>
  fc.shuffledSubarray(
    Array.from({ length: d }, (_, j) => j),
    { minLength: d, maxLength: d },
  );

/** Column j of the result is column perm[j] of m (features, ground truth and x permuted alike). */
export function permuteColumns(m: Matrix, perm: readonly number[]): Matrix {
  const out = new Float64Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) out[i * m.cols + j] = m.data[i * m.cols + perm[j]!]!;
  return { rows: m.rows, cols: m.cols, data: out };
}

/** Every entry of m through f. */
export function mapMatrix(m: Matrix, f: (v: number) => number): Matrix {
  return { rows: m.rows, cols: m.cols, data: Float64Array.from(m.data, f) };
}

/**
 * Repairs `perm` so that every two features tied in magnitude in some row of any of `ms` keep
 * their relative order: within each class of the transitive closure of "tied somewhere", the
 * positions the class occupies receive its features in ascending order. A stable sort that
 * breaks ties by the lower index then orders the permuted rows as it ordered the originals.
 */
export function tieConsistent(perm: readonly number[], ms: readonly Matrix[]): number[] {
  const d = perm.length;
  const parent = Array.from({ length: d }, (_, j) => j);
  const find = (j: number): number => (parent[j] === j ? j : find(parent[j]!));
  for (const m of ms)
    for (let i = 0; i < m.rows; i++)
      for (let a = 0; a < d; a++)
        for (let b = a + 1; b < d; b++) if (Math.abs(m.data[i * d + a]!) === Math.abs(m.data[i * d + b]!)) parent[find(a)] = find(b);
  const out = perm.slice();
  const classes = new Map<number, number[]>();
  perm.forEach((feature, position) => {
    const c = find(feature);
    classes.set(c, [...(classes.get(c) ?? []), position]);
  });
  for (const positions of classes.values()) {
    const features = positions.map((p) => perm[p]!).sort((a, b) => a - b);
    positions.forEach((p, k) => {
      out[p] = features[k]!;
    });
  }
  return out;
}

/** Strictly increasing maps of [0, ∞) with h(0) = 0, applied to magnitudes (sign kept). */
export const MAGNITUDE_TRANSFORMS: Readonly<Record<string, (t: number) => number>> = {
  cube: (t) => t ** 3,
  sqrt: Math.sqrt,
  log1p: Math.log1p,
  expm1: Math.expm1,
  affine: (t) => 3 * t,
};

/** Strictly increasing maps of the real line (for rankings of signed values). */
export const VALUE_TRANSFORMS: Readonly<Record<string, (v: number) => number>> = {
  cube: (v) => v ** 3,
  shift: (v) => v + 7.5,
  atan: Math.atan,
  exp: Math.exp,
  affine: (v) => 2 * v - 1,
};

/**
 * A real in [-bound, bound] on a 2^-20 grid, shrinking to 0. (fc.double is uniform over the
 * bit patterns, so nearly all its draws in a range like [-2, 2] are subnormal-small: models
 * and scales drawn from it would be degenerate.)
 */
export const real = (bound: number): fc.Arbitrary<number> =>
  fc.integer({ min: -(2 ** 20), max: 2 ** 20 }).map((k) => (k / 2 ** 20) * bound);

/** A positive scale factor across twelve orders of magnitude. */
export const positiveScale = real(6).map((e) => 10 ** e);
