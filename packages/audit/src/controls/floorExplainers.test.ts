import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { isXaiError, row, substream } from '@xai/core';
import { floorExplainers } from './floorExplainers.js';

/** Two-class softmax regression with closed-form probabilities and input gradients. */
function logisticRegression(w: number[][], b: number[]): Model {
  const d = w[0]!.length;
  const proba = (x: Matrix): Matrix => {
    const out = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      const r = row(x, i);
      const z = [0, 1].map((c) => b[c]! + w[c]!.reduce((s, wj, j) => s + wj * r[j]!, 0));
      const m = Math.max(z[0]!, z[1]!);
      const e = z.map((v) => Math.exp(v - m));
      out[i * 2] = e[0]! / (e[0]! + e[1]!);
      out[i * 2 + 1] = e[1]! / (e[0]! + e[1]!);
    }
    return { rows: x.rows, cols: 2, data: out };
  };
  return {
    inputDim: d,
    classes: 2,
    predictProba: proba,
    inputGradient(x: Matrix, targets: Int32Array): Matrix {
      const p = proba(x);
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) {
        const c = targets[i]!;
        const pc = p.data[i * 2 + c]!;
        // d p_c / d x = p_c * (w_c - sum_k p_k w_k) = p_c (1 - p_c) (w_c - w_other)
        for (let j = 0; j < d; j++) out[i * d + j] = pc * (1 - pc) * (w[c]![j]! - w[1 - c]![j]!);
      }
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

function randomMatrix(n: number, d: number, seed: number, scale: number[]): Matrix {
  const rng = substream(seed, 'x');
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) data[i * d + j] = scale[j]! * rng.normal();
  return { rows: n, cols: d, data };
}

describe('floorExplainers', () => {
  const w = [
    [0.5, -1, 2, 0],
    [1.5, 0.5, -1, 0.25],
  ];
  const lr = logisticRegression(w, [0.1, -0.2]);
  const train = randomMatrix(300, 4, 1, [1, 2, 0.5, 3]);

  it('floor-global for LR is mean(p0 p1) (w1 - w0), the class-0 row its negative', () => {
    const [global] = floorExplainers({ train, model: lr });
    expect(global!.id).toBe('floor-global');
    const p = lr.predictProba(train);
    let s = 0;
    for (let i = 0; i < train.rows; i++) s += p.data[i * 2]! * p.data[i * 2 + 1]!;
    const scale = s / train.rows;
    const x = randomMatrix(5, 4, 2, [1, 1, 1, 1]);
    const e1 = global!.explain(lr, x, { targets: new Int32Array(5).fill(1) });
    const e0 = global!.explain(lr, x, { targets: new Int32Array(5) });
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 4; j++) {
        expect(e1.data[i * 4 + j]).toBeCloseTo(scale * (w[1]![j]! - w[0]![j]!), 12);
        expect(e0.data[i * 4 + j]).toBeCloseTo(-scale * (w[1]![j]! - w[0]![j]!), 12);
      }
    }
    // explainedClass is the scalar form of targets.
    expect(global!.explain(lr, x, { explainedClass: 1 }).data).toEqual(e1.data);
    expect(global!.explain(lr, x, { explainedClass: 0 }).data).toEqual(e0.data);
    expect(() => global!.explain(lr, x, { explainedClass: 2 })).toThrow(/explainedClass/);
  });

  it('ignores the instance: same rows for any x with the same target; default target = predicted class', () => {
    const [global] = floorExplainers({ train, model: lr });
    const xa = randomMatrix(20, 4, 3, [1, 1, 1, 1]);
    const pred = Int32Array.from({ length: 20 }, (_, i) =>
      lr.predictProba(xa).data[i * 2 + 1]! > lr.predictProba(xa).data[i * 2]! ? 1 : 0,
    );
    const byDefault = global!.explain(lr, xa);
    const explicit = global!.explain(lr, xa, { targets: pred });
    expect(Array.from(byDefault.data)).toEqual(Array.from(explicit.data));
  });

  it('falls back to central finite differences without inputGradient', () => {
    const { inputGradient: _g, ...noGrad } = lr;
    const [withGrad] = floorExplainers({ train, model: lr });
    const [fd] = floorExplainers({ train, model: noGrad as Model });
    const x = randomMatrix(2, 4, 4, [1, 1, 1, 1]);
    const t = Int32Array.of(0, 1);
    const a = withGrad!.explain(lr, x, { targets: t });
    const b = fd!.explain(noGrad as Model, x, { targets: t });
    for (let k = 0; k < a.data.length; k++) expect(b.data[k]).toBeCloseTo(a.data[k]!, 7);
  });

  it('floor-variance gives every row the train variances (hand-computed)', () => {
    const small: Matrix = { rows: 4, cols: 2, data: Float64Array.of(1, 10, 2, 10, 3, 20, 4, 20) };
    const model = logisticRegression(
      [
        [0, 0],
        [1, 1],
      ],
      [0, 0],
    );
    const [, variance] = floorExplainers({ train: small, model });
    expect(variance!.id).toBe('floor-variance');
    const e = variance!.explain(model, { rows: 3, cols: 2, data: new Float64Array(6) });
    // column 1: mean 2.5, variance (2.25 + .25 + .25 + 2.25) / 4 = 1.25; column 2: mean 15, variance 25
    expect(Array.from(e.data)).toEqual([1.25, 25, 1.25, 25, 1.25, 25]);
  });

  it('subsamples large train sets by content (order-free)', () => {
    const big = randomMatrix(400, 4, 5, [1, 1, 1, 1]);
    const reversedData = new Float64Array(big.data.length);
    for (let i = 0; i < 400; i++) reversedData.set(row(big, 399 - i), i * 4);
    const x = randomMatrix(1, 4, 6, [1, 1, 1, 1]);
    const t = Int32Array.of(1);
    const a = floorExplainers({ train: big, model: lr }, { maxRows: 50 })[0]!.explain(lr, x, { targets: t });
    const b = floorExplainers({ train: { rows: 400, cols: 4, data: reversedData }, model: lr }, { maxRows: 50 })[0]!.explain(lr, x, {
      targets: t,
    });
    for (let j = 0; j < 4; j++) expect(b.data[j]).toBeCloseTo(a.data[j]!, 12);
  });

  it('typed errors at the boundary', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => floorExplainers({ train: randomMatrix(3, 3, 1, [1, 1, 1]), model: lr }))).toBe('SHAPE_MISMATCH');
    expect(code(() => floorExplainers({ train: { rows: 0, cols: 4, data: new Float64Array(0) }, model: lr }))).toBe('EMPTY');
    expect(code(() => floorExplainers({ train, model: {} as Model }))).toBe('BAD_INPUT');
    expect(code(() => floorExplainers({ train, model: lr }, { step: 0 }))).toBe('BAD_OPTION');
    expect(code(() => floorExplainers({ train, model: lr }, { maxRows: 0 }))).toBe('BAD_OPTION');
    expect(code(() => floorExplainers(null as never))).toBe('BAD_INPUT');
    const nan = { rows: 1, cols: 4, data: Float64Array.of(0, Number.NaN, 0, 0) };
    expect(code(() => floorExplainers({ train: nan, model: lr }))).toBe('NON_FINITE');
    const [global] = floorExplainers({ train, model: lr });
    expect(code(() => global!.explain(lr, randomMatrix(2, 3, 1, [1, 1, 1])))).toBe('SHAPE_MISMATCH');
    expect(code(() => global!.explain(lr, randomMatrix(2, 4, 1, [1, 1, 1, 1]), { targets: Int32Array.of(0, 5) }))).toBe('BAD_INPUT');
    expect(code(() => global!.explain(lr, randomMatrix(2, 4, 1, [1, 1, 1, 1]), { targets: Int32Array.of(0) }))).toBe('SHAPE_MISMATCH');
  });
});
