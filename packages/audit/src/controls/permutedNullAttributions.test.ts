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

  it('honours explicit keys and rejects bad input', () => {
    const twin: Matrix = { rows: 2, cols: 4, data: Float64Array.of(1, 2, 3, 4, 1, 2, 3, 4) };
    const same = permutedNullAttributions(twin, 0);
    expect(Array.from(row(same, 0))).toEqual(Array.from(row(same, 1))); // same content, same permutation
    const keyed = permutedNullAttributions(twin, 0, { keys: [1, 2] });
    expect(sorted(row(keyed, 1))).toEqual([1, 2, 3, 4]);
    const code = (f: () => unknown): string | undefined => {
      try { f(); } catch (e) { return isXaiError(e) ? e.code : 'other'; }
      return undefined;
    };
    expect(code(() => permutedNullAttributions({ rows: 1, cols: 2 } as never, 0))).toBe('BAD_INPUT');
    expect(code(() => permutedNullAttributions(twin, 0.5))).toBe('BAD_INPUT');
    expect(code(() => permutedNullAttributions(twin, 0, { keys: [1] }))).toBe('SHAPE_MISMATCH');
  });
});
