import { describe, expect, it } from 'vitest';
import { numpyRandomState } from '@xai/core';
import { numpyBatchStream } from './numpyBatchStream.js';

describe('numpyBatchStream', () => {
  it('serves any window [from, from + count) of one RandomState stream, forwards or backwards', () => {
    const rs = numpyRandomState(3);
    const all = new Float64Array(70_010);
    for (let k = 0; k < all.length; k++) all[k] = rs.standardNormal();
    const s = numpyBatchStream(3);
    const out = new Float64Array(8);
    s.fill(out, 2, 70_000, 5); // discards across several blocks, odd offsets (cached Gaussian)
    expect(Array.from(out.subarray(2, 7))).toEqual(Array.from(all.subarray(70_000, 70_005)));
    expect(s.cursor).toBe(70_005);
    s.fill(out, 0, 70_005, 5); // continues without restarting
    expect(Array.from(out.subarray(0, 5))).toEqual(Array.from(all.subarray(70_005, 70_010)));
    s.fill(out, 0, 1, 3); // behind the cursor: restarts from the seed
    expect(Array.from(out.subarray(0, 3))).toEqual(Array.from(all.subarray(1, 4)));
    expect(s.cursor).toBe(4);
  });
});
