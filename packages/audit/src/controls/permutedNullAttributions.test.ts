import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { isXaiError, row, substream } from '@xai/core';
import { permutedNullAttributions } from './permutedNullAttributions.js';

function randomMatrix(n: number, d: number, seed: number): Matrix {
  const rng = substream(seed, 'a');
  const data = new Float64Array(n * d);
  for (let k = 0; k < data.length; k++) data[k] = rng.normal();
  return { rows: n, cols: d, data };
}
const sorted = (v: Float64Array): number[] => Array.from(v).sort((a, b) => a - b);

describe('permutedNullAttributions', () => {
  const a = randomMatrix(200, 6, 1);

  it('permutes each row (same multiset of values), deterministically per seed', () => {
    const p = permutedNullAttributions(a, 0);
    let moved = 0;
    for (let i = 0; i < a.rows; i++) {
      expect(sorted(row(p, i))).toEqual(sorted(row(a, i)));
      if (Array.from(row(p, i)).some((v, j) => v !== row(a, i)[j])) moved++;
    }
    expect(moved).toBeGreaterThan(190); // identity has probability 1/720 per row
    expect(Array.from(permutedNullAttributions(a, 0).data)).toEqual(Array.from(p.data));
    expect(Array.from(permutedNullAttributions(a, 1).data)).not.toEqual(Array.from(p.data));
  });

  it('is keyed by row content, not position', () => {
    const rev = new Float64Array(a.data.length);
    for (let i = 0; i < a.rows; i++) rev.set(row(a, a.rows - 1 - i), i * a.cols);
    const p = permutedNullAttributions(a, 3);
    const q = permutedNullAttributions({ rows: a.rows, cols: a.cols, data: rev }, 3);
    for (let i = 0; i < a.rows; i++) expect(Array.from(row(q, a.rows - 1 - i))).toEqual(Array.from(row(p, i)));
  });

  it('places each value uniformly across features (chi-square on where the row maximum lands)', () => {
    const big = randomMatrix(3000, 5, 2);
    const p = permutedNullAttributions(big, 7);
    const counts = new Array(5).fill(0);
    for (let i = 0; i < big.rows; i++) {
      const r = row(p, i);
      counts[r.indexOf(Math.max(...r))]++;
    }
    const chi2 = counts.reduce((s, c) => s + (c - 600) ** 2 / 600, 0);
    expect(chi2).toBeLessThan(18.47); // p = 0.001, 4 degrees of freedom
  });

  it('repeated identical rows (an instance-blind explainer) get different permutations', () => {
    // 600 copies of one row of 8 distinct values: with one shared permutation every row would
    // be equal. Independent uniform permutations: the feature holding the largest value is
    // uniform over 8 features, checked by chi-square, and almost all rows differ.
    const n = 600;
    const d = 8;
    const data = new Float64Array(n * d);
    for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) data[i * d + j] = d - j;
    const p = permutedNullAttributions({ rows: n, cols: d, data }, 0);
    const distinct = new Set(Array.from({ length: n }, (_, i) => Array.from(row(p, i)).join(',')));
    expect(distinct.size).toBeGreaterThan(590); // 8! = 40320 permutations: few collisions
    const counts = new Array(d).fill(0);
    for (let i = 0; i < n; i++) counts[Array.from(row(p, i)).indexOf(d)]++;
    const chi2 = counts.reduce((s, c) => s + (c - n / d) ** 2 / (n / d), 0);
    expect(chi2).toBeLessThan(24.32); // p = 0.001, 7 degrees of freedom
    for (let i = 0; i < n; i++) expect(sorted(row(p, i))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('with twins, reordering rows gives the same multiset of output rows; a row without twins keeps its permutation', () => {
    const twinRow = [5, 1, 4, 2, 3];
    const rows = [twinRow, [9, 8, 7, 6, 0], twinRow, twinRow, [0.5, 0.1, 0.3, 0.2, 0.4]];
    const m = (rs: number[][]): Matrix => ({ rows: rs.length, cols: 5, data: Float64Array.from(rs.flat()) });
    const order = [3, 4, 0, 2, 1];
    const p = permutedNullAttributions(m(rows), 4);
    const q = permutedNullAttributions(m(order.map((i) => rows[i]!)), 4);
    const rowsOf = (x: Matrix): string[] => Array.from({ length: x.rows }, (_, i) => Array.from(row(x, i)).join(',')).sort();
    expect(rowsOf(q)).toEqual(rowsOf(p));
    // the unique row [9,8,7,6,0] sits at index 1 in p and index 4 in q: same permutation, and
    // the same as in a batch of its own
    expect(Array.from(row(q, 4))).toEqual(Array.from(row(p, 1)));
    expect(Array.from(row(permutedNullAttributions(m([rows[1]!]), 4), 0))).toEqual(Array.from(row(p, 1)));
  });

  it('honours explicit keys (equal keys, equal permutation) and rejects bad input', () => {
    const twin: Matrix = { rows: 2, cols: 4, data: Float64Array.of(1, 2, 3, 4, 1, 2, 3, 4) };
    const same = permutedNullAttributions(twin, 0, { keys: [7, 7] });
    expect(Array.from(row(same, 0))).toEqual(Array.from(row(same, 1))); // same instance key, same permutation
    const keyed = permutedNullAttributions(twin, 0, { keys: [1, 2] });
    expect(sorted(row(keyed, 1))).toEqual([1, 2, 3, 4]);
    // keyed by the given key, not by content: a different row under key 7 moves like row 0 did
    const other = permutedNullAttributions({ rows: 1, cols: 4, data: Float64Array.of(10, 20, 30, 40) }, 0, { keys: [7] });
    expect(Array.from(row(other, 0)).map((v) => v / 10)).toEqual(Array.from(row(same, 0)));
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => permutedNullAttributions({ rows: 1, cols: 2 } as never, 0))).toBe('BAD_INPUT');
    expect(code(() => permutedNullAttributions(twin, 0.5))).toBe('BAD_INPUT');
    expect(code(() => permutedNullAttributions(twin, 0, { keys: [1] }))).toBe('SHAPE_MISMATCH');
    expect(code(() => permutedNullAttributions(twin, 0, { keys: [1, Number.NaN] }))).toBe('BAD_INPUT');
  });
});
