// A discrete column's flip swaps its own two values ({0, 1}, {1, 2}, {−1, 1}), in PGI/PGU and
// in the stability neighbours. Expected values are closed forms of a model whose output depends
// on the discrete column alone.
import { describe, expect, it } from 'vitest';
import { XaiError, withDiscreteLevels } from '@xai/core';
import type { FeatureSchema, Matrix, Model } from '@xai/core';
import { pgi, pgu, relativeStability } from './index.js';

const sigmoid = (t: number) => 1 / (1 + Math.exp(-t));

/** p(class 1) = sigmoid(a·(x0 − mid)²); records every column-0 value it is asked about. */
function squareModel(a: number, mid: number, seen: Set<number>): Model {
  const probs = (x: Matrix): Matrix => {
    const out = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      const v = x.data[i * x.cols]!;
      seen.add(v);
      const p1 = sigmoid(a * (v - mid) ** 2);
      out[2 * i] = 1 - p1;
      out[2 * i + 1] = p1;
    }
    return { rows: x.rows, cols: 2, data: out };
  };
  return { inputDim: 2, classes: 2, predictProba: probs, logits: probs };
}

const schemaOf = (levels: [number, number]): FeatureSchema => {
  const train = { rows: 4, cols: 2, data: Float64Array.from([levels[0], 0.2, levels[1], 0.4, levels[0], 0.6, levels[1], 0.8]) };
  return withDiscreteLevels({ names: ['sex', 'age'], kinds: ['discrete', 'continuous'], groups: [] }, train);
};

describe('discrete flip: the column swaps its two observed values', () => {
  for (const levels of [
    [0, 1],
    [1, 2],
    [-1, 1],
  ] as [number, number][]) {
    it(`{${levels.join(', ')}}: PGI is the same closed form on both levels, and only those values are seen`, () => {
      const [lo, hi] = levels;
      const schema = schemaOf(levels);
      expect(schema.levels).toEqual([[lo, hi], null]);
      const seen = new Set<number>();
      const model = squareModel(0.7, lo, seen);
      const x = { rows: 2, cols: 2, data: Float64Array.from([lo, 0.5, hi, 0.5]) };
      // The discrete column ranks first: K = ceil(0.25 · 2) = 1, so PGI flips it, PGU the other.
      const attributions = { rows: 2, cols: 2, data: Float64Array.from([1, 0, 1, 0]) };
      const o = { preset: 'openxai' as const, seed: 3, flipProbability: 1, sigma: 0 };
      const r = pgi({ x, attributions, model, schema }, o);
      // |p0(flipped) − p0(x)| = sigmoid(0.7·(hi − lo)²) − 1/2 on both rows.
      const gap = sigmoid(0.7 * (hi - lo) ** 2) - 0.5;
      expect(r.values[0]).toBeCloseTo(gap, 14);
      expect(r.values[1]).toBeCloseTo(gap, 14);
      expect([...seen].sort((a, b) => a - b)).toEqual([lo, hi]);
      expect(pgu({ x, attributions, model, schema }, o).values[0]).toBe(0);
    });
  }

  it('stability neighbours of a {1, 2} row take 1 or 2 in the discrete column, never 0', () => {
    const seen = new Set<number>();
    const model = squareModel(0.7, 1.5, seen);
    const schema = schemaOf([1, 2]);
    const x = { rows: 2, cols: 2, data: Float64Array.from([1, 0.5, 2, 0.5]) };
    const attributions = { rows: 2, cols: 2, data: Float64Array.from([1, 0.5, 1, 0.5]) };
    const explainer = {
      id: 'const',
      explain: (_m: Model, z: Matrix) => ({ rows: z.rows, cols: 2, data: new Float64Array(z.rows * 2).fill(1) }),
    };
    relativeStability(
      { x, attributions, model, schema, explainer },
      { preset: 'default', seed: 1, flipProbability: 0.5, candidates: 40, neighbours: 10 },
    );
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2]);
  });

  it('a {1, 2} column without levels is refused, naming the column and the row', () => {
    const model = squareModel(0.7, 1, new Set());
    const schema: FeatureSchema = { names: ['sex', 'age'], kinds: ['discrete', 'continuous'], groups: [] };
    const x = { rows: 1, cols: 2, data: Float64Array.from([2, 0.5]) };
    const attributions = { rows: 1, cols: 2, data: Float64Array.from([1, 0]) };
    expect(() => pgi({ x, attributions, model, schema }, { preset: 'openxai', seed: 0 })).toThrow(XaiError);
    expect(() => pgi({ x, attributions, model, schema }, { preset: 'openxai', seed: 0 })).toThrow(
      /instance 0: discrete sex is 2, outside its levels \[0, 1\]/,
    );
    const bad = { ...schema, levels: [[2, 1], null] as never };
    expect(() => pgi({ x, attributions, model, schema: bad }, { preset: 'openxai', seed: 0 })).toThrow(
      /schema.levels\[0\] must be null or \[low, high\]/,
    );
  });
});
