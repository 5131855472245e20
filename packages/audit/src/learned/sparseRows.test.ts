import { describe, expect, it } from 'vitest';
import { buildSparseRows } from './sparseRows.js';

describe('buildSparseRows', () => {
  it('keeps features present in ≥ minRows rows, once per row, most frequent first', () => {
    const rows = [['a', 'b', 'a'], ['b', 'c'], ['b', 'a'], ['d']];
    const x = buildSparseRows(rows.length, (r, emit) => rows[r]!.forEach(emit));
    expect(x.names).toEqual(['b', 'a']);
    expect(Array.from(x.df)).toEqual([3, 2]);
    const row = (r: number) => Array.from(x.ids.subarray(x.start[r], x.start[r + 1])).map((f) => x.names[f]);
    expect([row(0), row(1), row(2), row(3)]).toEqual([['a', 'b'], ['b'], ['b', 'a'], []]);
  });
});
