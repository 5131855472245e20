import { describe, expect, it } from 'vitest';
import { stratifiedSplit } from './stratifiedSplit.js';
import { errorOf } from './__fixtures__/errorOf.js';

// 70 zeros and 30 ones, interleaved.
const y = Int32Array.from({ length: 100 }, (_, i) => (i % 10 < 3 ? 1 : 0));

describe('stratifiedSplit', () => {
  it('holds out round(fraction * n_c) rows of each class and partitions the rows', () => {
    const { kept, heldOut } = stratifiedSplit(y, 0.25, { seed: 1 });
    const ones = (idx: Int32Array) => Array.from(idx).filter((i) => y[i] === 1).length;
    expect(heldOut.length).toBe(Math.round(0.25 * 70) + Math.round(0.25 * 30)); // 18 + 8
    expect(ones(heldOut)).toBe(8);
    expect(ones(kept)).toBe(22);
    const all = [...kept, ...heldOut].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const part of [kept, heldOut]) for (let k = 1; k < part.length; k++) expect(part[k]!).toBeGreaterThan(part[k - 1]!);
  });

  it('is deterministic for a seed and keys, and changes with them', () => {
    const a = stratifiedSplit(y, 0.2, { seed: 7, keys: ['adult'] });
    expect(stratifiedSplit(y, 0.2, { seed: 7, keys: ['adult'] }).heldOut).toEqual(a.heldOut);
    expect(Array.from(stratifiedSplit(y, 0.2, { seed: 8, keys: ['adult'] }).heldOut)).not.toEqual(Array.from(a.heldOut));
    expect(Array.from(stratifiedSplit(y, 0.2, { seed: 7, keys: ['compas'] }).heldOut)).not.toEqual(Array.from(a.heldOut));
  });

  it('holds out nothing for fraction 0 and rejects bad arguments', () => {
    expect(stratifiedSplit(y, 0).heldOut.length).toBe(0);
    expect(errorOf(() => stratifiedSplit(y, 1)).code).toBe('BAD_OPTION');
    expect(errorOf(() => stratifiedSplit(y, Number.NaN)).code).toBe('BAD_OPTION');
    expect(errorOf(() => stratifiedSplit([0, 1] as unknown as Int32Array, 0.5)).code).toBe('BAD_INPUT');
  });
});
