import { describe, expect, it } from 'vitest';
import { toRows } from '@xai/core';
import { clusterCentres } from './clusterCentres.js';
import { codeOf } from './__fixtures__/codeOf.js';

describe('clusterCentres', () => {
  it('puts the first d clusters on the axes at κ', () => {
    expect(toRows(clusterCentres('paper', 3, 4, 6))).toEqual([
      [6, 0, 0, 0],
      [0, 6, 0, 0],
      [0, 0, 6, 0],
    ]);
    expect(clusterCentres('openxai-code', 3, 4, 6).data).toEqual(clusterCentres('paper', 3, 4, 6).data);
  });

  it('spaces further blocks 2κ, 3κ (paper) and 2κ, 4κ (released code)', () => {
    // d = 2, K = 7: blocks of 2 clusters, the last one partial.
    expect(toRows(clusterCentres('paper', 7, 2, 1))).toEqual([
      [1, 0],
      [0, 1],
      [2, 0],
      [0, 2],
      [3, 0],
      [0, 3],
      [4, 0],
    ]);
    expect(toRows(clusterCentres('openxai-code', 7, 2, 1))).toEqual([
      [1, 0],
      [0, 1],
      [2, 0],
      [0, 2],
      [4, 0],
      [0, 4],
      [6, 0],
    ]);
  });

  it('mirrors the second block when K = 2d in the released code only', () => {
    expect(toRows(clusterCentres('openxai-code', 4, 2, 5))).toEqual([
      [5, 0],
      [0, 5],
      [-5, 0],
      [0, -5],
    ]);
    expect(toRows(clusterCentres('paper', 4, 2, 5))).toEqual([
      [5, 0],
      [0, 5],
      [10, 0],
      [0, 10],
    ]);
  });

  it('rejects bad arguments with BAD_OPTION', () => {
    expect(codeOf(() => clusterCentres('x' as 'paper', 2, 2, 1))).toBe('BAD_OPTION');
    expect(codeOf(() => clusterCentres('paper', 0, 2, 1))).toBe('BAD_OPTION');
    expect(codeOf(() => clusterCentres('paper', 2, 1.5, 1))).toBe('BAD_OPTION');
    expect(codeOf(() => clusterCentres('paper', 2, 2, -1))).toBe('BAD_OPTION');
  });
});
