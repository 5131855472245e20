// The robustness metrics' checks: non-finite re-explanations, degenerate options, Float32
// inputs, and an exact avg-sensitivity.
import { describe, expect, it } from 'vitest';
import { fromRows, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { maxSensitivity } from './maxSensitivity.js';
import { avgSensitivity } from './avgSensitivity.js';
import { localLipschitz } from './localLipschitz.js';
import { linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

const copy = (x: Matrix): Matrix => ({
  rows: x.rows,
  cols: x.cols,
  data: Float64Array.from({ length: x.rows * x.cols }, (_, k) => row(x, Math.floor(k / x.cols))[k % x.cols]!),
});
/** e(x) = x, except that the rows listed (by position in the call) get NaN in column `col` (all columns when col < 0). */
function poisoned(call: number, rows: readonly number[], col: number): ExplainFn {
  let calls = 0;
  return (_m, xs) => {
    const e = copy(xs);
    if (calls++ === call)
      for (const r of rows) for (let j = 0; j < xs.cols; j++) if (col < 0 || j === col) e.data[r * xs.cols + j] = Number.NaN;
    return e;
  };
}

describe('a NaN re-explanation is an error, never a score', () => {
  const model = linearValueModel([1, 1, 1]);
  const x = randomMatrix(2, 3, 70);
  // Call 0 explains x, call 1 the 2·S neighbours (S = 4): rows 0..3 are instance 0's.
  it('max/avg-sensitivity: a fully NaN neighbour (was −Infinity, counted as defined) and a partly NaN one (was ignored)', () => {
    for (const f of [maxSensitivity, avgSensitivity]) {
      const name = f === maxSensitivity ? 'maxSensitivity' : 'avgSensitivity';
      for (const [rows, col] of [
        [[0, 1, 2, 3], -1],
        [[2], 1],
      ] as const) {
        expect(() => f({ x, model, explain: poisoned(1, rows, col) }, { samples: 4 })).toThrow(new RegExp(`NON_FINITE.*${name} → explain`));
      }
      // The unperturbed explanation too.
      expect(() => f({ x, model, explain: poisoned(0, [1], 0) }, { samples: 4 })).toThrow(/NON_FINITE/);
    }
  });
  it('localLipschitz: a NaN neighbour first or last in the row (was kept or dropped by position)', () => {
    for (const r of [0, 3, 5]) {
      expect(() => localLipschitz({ x, model, explain: poisoned(1, [r], 2) }, { samples: 4 })).toThrow(
        /NON_FINITE.*localLipschitz → explain/,
      );
    }
  });
});

describe('degenerate options are BAD_OPTION naming the option', () => {
  const model = linearValueModel([1, 2]);
  const x = randomMatrix(2, 2, 71);
  const explain: ExplainFn = (_m, xs) => copy(xs);
  it('radius 0 (sensitivity was a vacuous 0), std 0 (Lipschitz)', () => {
    expect(() => maxSensitivity({ x, model, explain }, { radius: 0 })).toThrow(/BAD_OPTION.*maxSensitivity.*options\.radius.*> 0/);
    expect(() => avgSensitivity({ x, model, explain }, { radius: 0 })).toThrow(/BAD_OPTION.*avgSensitivity.*options\.radius/);
    expect(() => localLipschitz({ x, model, explain }, { std: 0 })).toThrow(/BAD_OPTION.*localLipschitz.*options\.std/);
    expect(() => maxSensitivity({ x, model, explain }, { radius: -1 })).toThrow(/BAD_OPTION/);
  });
});

describe('exact values', () => {
  it('avg-sensitivity with δ_s = (s + 1)·0.01·u for the s-th draw of each row, e(x) = x: mean = 0.01·||u||·(S + 1)/2 / ||x||', () => {
    const model = linearValueModel([1, 1, 1]);
    const x = fromRows([
      [1, 2, 2],
      [0, 3, 4],
      [2, -1, 2],
    ]); // norms 3, 5, 3
    const u = [2, -3, 6]; // ||u|| = 7
    const S = 5;
    let k = 0;
    const perturb = (xi: Float64Array, _r: unknown, out: Float64Array): void => {
      const s = k++ % S; // draws are made row by row, S per row
      for (let j = 0; j < 3; j++) out[j] = xi[j]! + (s + 1) * 0.01 * u[j]!;
    };
    const explain: ExplainFn = (_m, xs) => copy(xs);
    const avg = avgSensitivity({ x, model, explain }, { perturb, samples: S });
    const norms = [3, 5, 3];
    for (let i = 0; i < 3; i++) expect(avg.values[i]).toBeCloseTo((0.01 * 7 * (S + 1)) / 2 / norms[i]!, 14);
    expect(avg.mean).toBeCloseTo((0.01 * 7 * 3 * (1 / 3 + 1 / 5 + 1 / 3)) / 3, 14);
    k = 0;
    const mx = maxSensitivity({ x, model, explain }, { perturb, samples: S });
    for (let i = 0; i < 3; i++) expect(mx.values[i]).toBeCloseTo((0.01 * 7 * S) / norms[i]!, 14);
  });
});

describe('Float32 inputs and explanations (ONNX Runtime / tfjs)', () => {
  it('x, attributions and explain output as Float32Array give the Float64 result', () => {
    const model = linearValueModel([1, -1]);
    const x64 = fromRows([
      [0.5, 1.25],
      [-2, 0.125],
    ]); // exact in float32
    const x32 = { rows: 2, cols: 2, data: Float32Array.from(x64.data) };
    const e32: ExplainFn = (_m, xs) =>
      ({ rows: xs.rows, cols: xs.cols, data: Float32Array.from(xs.data.subarray(0, xs.rows * xs.cols)) }) as unknown as Matrix;
    const e64: ExplainFn = (_m, xs) => copy(xs);
    const perturb = (xi: Float64Array, _r: unknown, out: Float64Array): void => {
      out[0] = xi[0]! + 0.25;
      out[1] = xi[1]! - 0.5;
    };
    const ref = maxSensitivity({ x: x64, model, explain: e64 }, { perturb, samples: 2 });
    const got = maxSensitivity(
      { x: x32 as unknown as Matrix, attributions: x32 as unknown as Matrix, model, explain: e32 },
      { perturb, samples: 2 },
    );
    expect(Array.from(got.values)).toEqual(Array.from(ref.values));
    expect(ref.values[0]).toBeCloseTo(Math.hypot(0.25, 0.5) / Math.hypot(0.5, 1.25), 14);
    // A wrong shape names the type and both shapes.
    const bad = { rows: 2, cols: 3, data: new Float32Array(6) } as unknown as Matrix;
    expect(() => maxSensitivity({ x: x32 as unknown as Matrix, attributions: bad, model, explain: e32 })).toThrow(
      /SHAPE_MISMATCH.*Float32Array 2x3, expected 2x2/,
    );
  });
});
