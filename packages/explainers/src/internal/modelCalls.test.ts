import type { Matrix, Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { gradientRows, predictRows } from './modelCalls.js';

/** p(class 1) = x0 / 10 for rows of two features, written into `out` when given one. */
function linearProbability(into: 'out' | 'own'): Model & { calls: (Matrix | undefined)[] } {
  const calls: (Matrix | undefined)[] = [];
  const own = { rows: 0, cols: 2, data: new Float64Array(64) };
  return {
    inputDim: 2,
    classes: 2,
    calls,
    predictProba(x: Matrix, out?: Matrix): Matrix {
      calls.push(out);
      const target = into === 'out' && out !== undefined ? out : { ...own, rows: x.rows };
      const o = target.offset ?? 0;
      for (let i = 0; i < x.rows; i++) {
        const p = x.data[i * 2]! / 10;
        target.data[o + i * 2] = 1 - p;
        target.data[o + i * 2 + 1] = p;
      }
      return target;
    },
    inputGradient(x: Matrix, targets: Int32Array, options?: { out?: Matrix }): Matrix {
      const target = options?.out ?? { rows: x.rows, cols: 2, data: new Float64Array(x.rows * 2) };
      const o = target.offset ?? 0;
      for (let i = 0; i < x.rows; i++) {
        target.data[o + i * 2] = targets[i] === 1 ? 0.1 : -0.1;
        target.data[o + i * 2 + 1] = x.data[i * 2] === 4 ? Number.NaN : 0;
      }
      return target;
    },
  };
}

const x: Matrix = { rows: 5, cols: 2, data: Float64Array.from([1, 0, 2, 0, 3, 0, 4, 0, 5, 0]) };
const want = [0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.6, 0.4, 0.5, 0.5];

describe('batched model calls', () => {
  it("hand each chunk its rows of the caller's buffer as out, so a model that fills out costs no copy", () => {
    const model = linearProbability('out');
    const out = new Float64Array(10);
    const p = predictRows(model, x, 'test', 2, out);
    expect(p.data).toBe(out);
    expect(Array.from(out)).toEqual(want);
    expect(model.calls.map((c) => [c?.data === out, c?.offset, c?.rows])).toEqual([
      [true, 0, 2],
      [true, 4, 2],
      [true, 8, 1],
    ]);
  });

  it('copy what a model returns when it ignores out and reuses its own buffer', () => {
    const p = predictRows(linearProbability('own'), x, 'test', 2);
    expect(Array.from(p.data)).toEqual(want);
  });

  it('check what a model wrote into out: a NaN gradient is NON_FINITE, naming its row of the whole batch and its column', () => {
    const model = linearProbability('out');
    const targets = Int32Array.from([1, 0, 1, 0, 1]);
    const first = gradientRows(
      model as Parameters<typeof gradientRows>[0],
      { ...x, rows: 3 },
      targets.subarray(0, 3),
      'probability',
      'test',
      2,
    );
    expect(Array.from(first.data)).toEqual([0.1, 0, -0.1, 0, 0.1, 0]);
    expect(() => gradientRows(model as Parameters<typeof gradientRows>[0], x, targets, 'probability', 'test', 2)).toThrow(
      /NON_FINITE.*model.inputGradient returned NaN at row 3, column 1/,
    );
  });
});
