// One hidden ReLU layer, two logits, softmax (test fixture, not built). Gives RRS a layer.
import type { HiddenOptions, InputGradientOptions, Matrix, Model } from '@xai/core';
import { row } from '@xai/core';

/** h = relu(W1 x + b1) (W1: width x d), logits = V h + c (V: 2 x width). */
export function tinyMlp(W1: number[][], b1: number[], V: number[][], c: number[]): Model {
  const width = W1.length;
  const d = W1[0]!.length;
  const pre = (x: ArrayLike<number>, out: Float64Array): void => {
    for (let h = 0; h < width; h++) {
      let s = b1[h]!;
      for (let j = 0; j < d; j++) s += W1[h]![j]! * x[j]!;
      out[h] = s;
    }
  };
  const logitsOf = (hv: Float64Array, out: Float64Array, o: number): void => {
    for (let k = 0; k < 2; k++) {
      let s = c[k]!;
      for (let h = 0; h < width; h++) s += V[k]![h]! * Math.max(0, hv[h]!);
      out[o + k] = s;
    }
  };
  const hv = new Float64Array(width);
  const lg = new Float64Array(2);
  const model: Model = {
    inputDim: d,
    classes: 2,
    logits(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) {
        pre(row(x, i), hv);
        logitsOf(hv, out, 2 * i);
      }
      return { rows: x.rows, cols: 2, data: out };
    },
    predictProba(x: Matrix): Matrix {
      const out = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) {
        pre(row(x, i), hv);
        logitsOf(hv, lg, 0);
        const m = Math.max(lg[0]!, lg[1]!);
        const e0 = Math.exp(lg[0]! - m);
        const e1 = Math.exp(lg[1]! - m);
        out[2 * i] = e0 / (e0 + e1);
        out[2 * i + 1] = e1 / (e0 + e1);
      }
      return { rows: x.rows, cols: 2, data: out };
    },
    hidden(x: Matrix, options: HiddenOptions = {}): Matrix {
      const out = new Float64Array(x.rows * width);
      for (let i = 0; i < x.rows; i++) {
        pre(row(x, i), hv);
        for (let h = 0; h < width; h++) out[i * width + h] = options.activation === 'pre' ? hv[h]! : Math.max(0, hv[h]!);
      }
      return { rows: x.rows, cols: width, data: out };
    },
    inputGradient(x: Matrix, targets: Int32Array, options: InputGradientOptions = {}): Matrix {
      const out = new Float64Array(x.rows * d);
      const p = model.predictProba(x);
      for (let i = 0; i < x.rows; i++) {
        pre(row(x, i), hv);
        const t = targets[i]!;
        // d p_t / d logit_k = p_t (1[k = t] - p_k); d logit_k / d x = V_k diag(relu') W1.
        const p0 = p.data[2 * i]!;
        const p1 = p.data[2 * i + 1]!;
        const pt = t === 0 ? p0 : p1;
        const dl =
          options.output === 'logit' ? [t === 0 ? 1 : 0, t === 1 ? 1 : 0] : [pt * ((t === 0 ? 1 : 0) - p0), pt * ((t === 1 ? 1 : 0) - p1)];
        for (let j = 0; j < d; j++) {
          let g = 0;
          for (let h = 0; h < width; h++) {
            if (hv[h]! <= 0) continue;
            g += (dl[0]! * V[0]![h]! + dl[1]! * V[1]![h]!) * W1[h]![j]!;
          }
          out[i * d + j] = g;
        }
      }
      return { rows: x.rows, cols: d, data: out };
    },
  };
  return model;
}
