import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { Matrix as MlMatrix, solve } from 'ml-matrix';
import { limeExplainer } from './limeExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { linearProbabilityModel, randomMlp, uniformMatrix } from './__fixtures__/models.js';

/** Wraps a model and keeps a copy of every predictProba input. */
function recording(model: Model): Model & { seen: Matrix[] } {
  const seen: Matrix[] = [];
  return {
    inputDim: model.inputDim,
    classes: model.classes,
    seen,
    predictProba(x: Matrix): Matrix {
      seen.push({ rows: x.rows, cols: x.cols, data: x.data.slice(0, x.rows * x.cols) });
      return model.predictProba(x);
    },
  };
}

describe('limeExplainer', () => {
  it('recovers the signs and ranking of a linear model (explained class = predicted)', () => {
    const w = [0.08, -0.05, 0.02, 0, -0.11];
    const c = [0.5, 0.5, 0.5, 0.5, 0.5];
    const model = linearProbabilityModel(w, c);
    const x = uniformMatrix(6, 5, 3, 0.2, 0.8);
    const attr = limeExplainer({ seed: 4 }).explain(model, x);
    const p = model.predictProba(x).data;
    for (let i = 0; i < 6; i++) {
      const sign = p[i * 2 + 1]! > p[i * 2]! ? 1 : -1;
      const a = Array.from(attr.data.subarray(i * 5, i * 5 + 5));
      const order = (v: number[]): number[] => v.map((_, j) => j).sort((u, t) => Math.abs(v[t]!) - Math.abs(v[u]!));
      expect(order(a)).toEqual(order(w));
      for (let j = 0; j < 5; j++) {
        if (w[j] === 0) expect(Math.abs(a[j]!)).toBeLessThan(0.01);
        else {
          // ridge (alpha 1) on ~1000 samples with variance 0.01 shrinks by about 10/11
          const ratio = a[j]! / (sign * w[j]!);
          expect(ratio).toBeGreaterThan(0.8);
          expect(ratio).toBeLessThan(1.0);
        }
      }
    }
  });

  it('openxai: neighbourhood, kernel sqrt(exp(−d²/w²)) with w = 0.75·sqrt(d), ridge on P(class 1), label sign', () => {
    const base = randomMlp([4, 6, 2], 'tanh', 8, 3);
    const model = recording(base);
    const x = uniformMatrix(3, 4, 9);
    const S = 300;
    const attr = limeExplainer({ preset: 'openxai', samples: S }).explain(model, x);
    const z = model.seen[model.seen.length - 1]!;
    expect(z.rows).toBe(3 * S);
    const labels = model.seen[0]!; // the prediction call for the explained labels
    const p = base.predictProba(labels).data;
    const width = 0.75 * Math.sqrt(4);
    for (let i = 0; i < 3; i++) {
      const rows = z.data.subarray(i * S * 4, (i + 1) * S * 4);
      const xi = x.data.subarray(i * 4, i * 4 + 4);
      expect(Array.from(rows.subarray(0, 4))).toEqual(Array.from(xi));
      // perturbation std ≈ 0.1 on every feature
      for (let j = 0; j < 4; j++) {
        let ss = 0;
        for (let s = 1; s < S; s++) ss += (rows[s * 4 + j]! - xi[j]!) ** 2;
        expect(Math.sqrt(ss / (S - 1))).toBeGreaterThan(0.085);
        expect(Math.sqrt(ss / (S - 1))).toBeLessThan(0.115);
      }
      // reference fit: weighted ridge with unpenalised intercept, via ml-matrix on [z, 1]
      const probs = base.predictProba({ rows: S, cols: 4, data: rows.slice() }).data;
      const A = MlMatrix.zeros(5, 5);
      const rhs = MlMatrix.zeros(5, 1);
      for (let s = 0; s < S; s++) {
        let d2 = 0;
        for (let j = 0; j < 4; j++) d2 += (rows[s * 4 + j]! - xi[j]!) ** 2;
        const wt = Math.sqrt(Math.exp(-d2 / (width * width)));
        const r = [...Array.from(rows.subarray(s * 4, s * 4 + 4)), 1];
        for (let a = 0; a < 5; a++) {
          rhs.set(a, 0, rhs.get(a, 0) + wt * r[a]! * probs[s * 2 + 1]!);
          for (let b = 0; b < 5; b++) A.set(a, b, A.get(a, b) + wt * r[a]! * r[b]!);
        }
      }
      for (let a = 0; a < 4; a++) A.set(a, a, A.get(a, a) + 1);
      const coef = solve(A, rhs).getColumn(0);
      const sign = p[i * 2 + 1]! > p[i * 2]! ? 1 : -1;
      for (let j = 0; j < 4; j++) expect(attr.data[i * 4 + j]!).toBeCloseTo(sign * coef[j]!, 9);
    }
  });

  it('the label-sign flip equals explaining the target probability on a binary model', () => {
    const model = randomMlp([5, 7, 2], 'relu', 2, 3);
    const x = uniformMatrix(8, 5, 1);
    const a = limeExplainer({ preset: 'openxai', samples: 200 }).explain(model, x);
    const b = limeExplainer({ preset: 'openxai', samples: 200, regressionTarget: 'target' }).explain(model, x);
    for (let k = 0; k < 40; k++) expect(a.data[k]!).toBeCloseTo(b.data[k]!, 10);
  });

  it('queries the model once for labels and once for all neighbourhoods of the batch', () => {
    const model = linearProbabilityModel([0.1, -0.1], [0, 0]);
    limeExplainer({ samples: 1000 }).explain(model, uniformMatrix(5, 2, 1));
    expect(model.calls.proba).toBe(2);
  });

  it('explains any class of a multi-class model; the sign flip refuses it', () => {
    const model = randomMlp([3, 5, 3], 'tanh', 5);
    const x = uniformMatrix(2, 3, 5);
    const out = limeExplainer({ samples: 100 }).explain(model, x);
    expect(Array.from(out.data).every(Number.isFinite)).toBe(true);
    expect(codeOf(() => limeExplainer({ preset: 'openxai', samples: 100 }).explain(model, x))).toBe('NOT_SUPPORTED');
  });

  it('rejects bad options with typed errors', () => {
    expect(codeOf(() => limeExplainer({ samples: 1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ std: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ kernelWidth: -1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ alpha: -1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ kernelWidthScale: 'sqrt' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ regressionTarget: 'class1' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ kernel: 'cosine' } as never))).toBe('BAD_OPTION');
  });
});
