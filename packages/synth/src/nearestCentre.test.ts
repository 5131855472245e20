import { describe, expect, it } from 'vitest';
import { fromRows, matrix } from '@xai/core';
import { nearestCentre } from './nearestCentre.js';
import { codeOf } from './__fixtures__/codeOf.js';

describe('nearestCentre', () => {
  it('assigns each row to its closest centre (hand-worked)', () => {
    const centres = fromRows([
      [0, 0],
      [10, 0],
      [0, 10],
    ]);
    const x = fromRows([
      [1, 1],
      [9, -2],
      [4, 6],
      [5, 0],
    ]);
    // [5, 0] is equidistant from centres 0 and 1: the lower index wins.
    expect(Array.from(nearestCentre(x, centres))).toEqual([0, 1, 2, 0]);
  });

  it('rejects mismatched shapes, no centres and non-matrices', () => {
    expect(codeOf(() => nearestCentre(matrix(2, 3), matrix(2, 2)))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => nearestCentre(matrix(2, 3), matrix(0, 3)))).toBe('EMPTY');
    expect(codeOf(() => nearestCentre({} as never, matrix(1, 3)))).toBe('BAD_INPUT');
  });
});
