import { describe, expect, it } from 'vitest';
import { row } from '@xai/core';
import { createAnn } from './createAnn.js';
import { fromModelJson } from './fromModelJson.js';
import { linearGroundTruth } from './linearGroundTruth.js';
import { errorOf } from './__fixtures__/reference.js';

describe('linearGroundTruth', () => {
  // w0 = (1, 0, 2), w1 = (3, -1, 2) → w1 − w0 = (2, −1, 0); bias 0
  const lr = fromModelJson({
    format: 'xai-model@1',
    kind: 'lr',
    inputDim: 3,
    classes: 2,
    layers: [
      {
        weight: [
          [1, 0, 2],
          [3, -1, 2],
        ],
        bias: [0, 0],
        activation: 'none',
      },
    ],
    output: 'softmax',
  });
  // row 0: z1 − z0 = 2·1 − 0 = 2 → class 1; row 1: 2·(−1) − 1 = −3 → class 0
  const x = { rows: 2, cols: 3, data: Float64Array.of(1, 0, 5, -1, 1, 0) };

  it('is w1 − w0 on every row', () => {
    const g = linearGroundTruth(lr, x);
    expect(Array.from(row(g, 0))).toEqual([2, -1, 0]);
    expect(Array.from(row(g, 1))).toEqual([2, -1, 0]);
  });

  it('flips the rows predicted class 0 when asked (openxai)', () => {
    const g = linearGroundTruth(lr, x, { flipForClass0: true });
    expect(Array.from(row(g, 0))).toEqual([2, -1, 0]);
    expect(Array.from(row(g, 1))).toEqual([-2, 1, -0]);
  });

  it('is NOT_SUPPORTED for a network and checks x', () => {
    expect(errorOf(() => linearGroundTruth(createAnn(3, { hidden: [2] }), x)).code).toBe('NOT_SUPPORTED');
    expect(errorOf(() => linearGroundTruth(lr, { rows: 1, cols: 2, data: new Float64Array(2) })).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => linearGroundTruth(null as never, x)).code).toBe('BAD_INPUT');
    expect(errorOf(() => linearGroundTruth(lr, x, { out: { rows: 2, cols: 2, data: new Float64Array(4) } })).code).toBe('SHAPE_MISMATCH');
  });
});
