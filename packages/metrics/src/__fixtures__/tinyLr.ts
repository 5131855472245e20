// A two-class logistic regression written from its formulas (test fixture, not built):
// logits [0, w.x + b], p1 = sigmoid(w.x + b). Its ground truth w1 - w0 is w.
import type { InputGradientOptions, Matrix, Model } from '@xai/core';
import { row } from '@xai/core';

export interface TinyLr extends Model {
  readonly w: Float64Array;
  readonly b: number;
  /** w.x + b for one row. */
  z(x: ArrayLike<number>): number;
}

export function tinyLr(w: ArrayLike<number>, b = 0): TinyLr {
  const wv = Float64Array.from(w);
  const d = wv.length;
  const z = (x: ArrayLike<number>): number => {
    let s = b;
    for (let j = 0; j < d; j++) s += wv[j]! * x[j]!;
    return s;
  };
  return {
    inputDim: d,
    classes: 2,
    w: wv,
    b,
    z,
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) {
        const p1 = 1 / (1 + Math.exp(-z(row(x, i))));
        out[2 * i] = 1 - p1;
        out[2 * i + 1] = p1;
      }
      return { rows: x.rows, cols: 2, data: out };
    },
    logits(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) out[2 * i + 1] = z(row(x, i));
      return { rows: x.rows, cols: 2, data: out };
    },
    inputGradient(x: Matrix, targets: Int32Array, options: InputGradientOptions = {}): Matrix {
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++) {
        const p1 = 1 / (1 + Math.exp(-z(row(x, i))));
        // d p1/dx = p1 (1 - p1) w and d p0/dx = -d p1/dx; d z1/dx = w, d z0/dx = 0.
        const scale = options.output === 'logit' ? (targets[i] === 1 ? 1 : 0) : (targets[i] === 1 ? 1 : -1) * p1 * (1 - p1);
        for (let j = 0; j < d; j++) out[i * d + j] = scale * wv[j]!;
      }
      return { rows: x.rows, cols: d, data: out };
    },
  };
}
