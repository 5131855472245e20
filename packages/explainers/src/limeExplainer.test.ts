import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { numpyRandomState } from '@xai/core';
import { Matrix as MlMatrix, solve } from 'ml-matrix';
import { limeExplainer } from './limeExplainer.js';
import { limeKernelWeight } from './internal/limeKernel.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { linearProbabilityModel, logisticRegression, randomMlp, uniformMatrix } from './__fixtures__/models.js';

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

/** Rows [from, to) of a contiguous matrix. */
function rowsOf(m: Matrix, from: number, to: number): Matrix {
  return { rows: to - from, cols: m.cols, data: m.data.slice(from * m.cols, to * m.cols) };
}

// The model and instances of src/__fixtures__/limeNumpyBatch.py (a numpy mirror of the
// released LIME path); the expected values below are what that script prints.
const lr = (): ReturnType<typeof logisticRegression> => logisticRegression([0.8, -1.2, 0.3], [-0.5, 1.1, 1.4], 0.2, -0.1);
const X4: Matrix = { rows: 4, cols: 3, data: Float64Array.of(0.2, 0.7, 0.4, 0.9, 0.1, 0.5, 0.3, 0.3, 0.8, 0.6, 0.5, 0.1) };

describe('limeExplainer, OpenXAI test vectors (OPENXAI_NOTES §9)', () => {
  it('TV8: d = 4 gives w = 0.75·sqrt(4) = 1.5 and a neighbour at distance 0.2 weighs 0.9911505', () => {
    expect(limeKernelWeight(0.2 * 0.2, 0.75 * Math.sqrt(4))).toBeCloseTo(0.9911505, 7);
    expect(limeKernelWeight(0, 1.5)).toBe(1);
  });

  it('TV10: under the same noise, explaining class 0 gives exactly −(explaining class 1)', () => {
    const model = randomMlp([4, 6, 2], 'tanh', 3, 2);
    const x = uniformMatrix(3, 4, 2);
    for (const noise of ['keyed', 'numpy-batch'] as const) {
      const e = limeExplainer({ preset: 'openxai', samples: 200, noise });
      const one = e.explain(model, x, { targets: Int32Array.of(1, 1, 1) }).data;
      const zero = e.explain(model, x, { targets: Int32Array.of(0, 0, 0) }).data;
      for (let k = 0; k < 12; k++) expect(zero[k]).toBe(-one[k]!);
    }
  });
});

describe("limeExplainer, noise 'numpy-batch' (the released numpy stream)", () => {
  it('is opt-in: every preset defaults to keyed noise', () => {
    for (const preset of ['default', 'openxai', 'paper'] as const) expect(limeExplainer({ preset }).config.noise).toBe('keyed');
    expect(limeExplainer({ preset: 'openxai', noise: 'numpy-batch' }).config.noise).toBe('numpy-batch');
  });

  it("row p's neighbours are x + 0.1·g with g = normals [p·S·d, (p+1)·S·d) of one RandomState(seed)", () => {
    const S = 50;
    const d = 3;
    for (const seed of [0, 7]) {
      const model = recording(lr());
      limeExplainer({ preset: 'openxai', samples: S, seed, noise: 'numpy-batch' }).explain(model, X4);
      const z = model.seen[model.seen.length - 1]!;
      expect(z.rows).toBe(4 * S);
      // Independent: one generator, every normal of the call drawn in a single loop.
      const rs = numpyRandomState(seed);
      const g = new Float64Array(4 * S * d);
      for (let k = 0; k < g.length; k++) g[k] = rs.standardNormal();
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < d; j++) expect(z.data[i * S * d + j]).toBe(X4.data[i * d + j]); // row 0 = x, its draw discarded
        for (let s = 1; s < S; s++) {
          for (let j = 0; j < d; j++) {
            const k = (i * S + s) * d + j;
            expect(z.data[k]).toBe(g[k]! * 0.1 + X4.data[i * d + j]!);
          }
        }
      }
    }
    // numpy's own printout (np.random.seed(0); np.random.randn(6)[3:6] = 2.2408932, 1.8675580, −0.9772779):
    // the first visible neighbour of row 0.
    const model = recording(lr());
    limeExplainer({ preset: 'openxai', samples: S, noise: 'numpy-batch' }).explain(model, X4);
    const z = model.seen[model.seen.length - 1]!.data;
    [0.4240893199201458, 0.8867557990149967, 0.30227221201235893].forEach((v, j) => expect(z[d + j]!).toBeCloseTo(v, 15));
  });

  it('reproduces the numpy mirror of the released LIME (1000 samples, seed 0) to 1e-12', () => {
    const model = recording(lr());
    const attr = limeExplainer({ preset: 'openxai', noise: 'numpy-batch' }).explain(model, X4);
    const z = model.seen[model.seen.length - 1]!.data;
    // sample 1 of rows 0..3 as numpy built them (data[1] of each explain_instance)
    const firstSample = [
      [0.4240893199201458, 0.8867557990149967, 0.30227221201235893],
      [0.9251630248819891, -0.021085563794358997, 0.46062662883056105],
      [0.28625762962919976, 0.43655269247594164, 0.7738361652623027],
      [0.4908465641360435, 0.45625431898146895, 0.26740103128782056],
    ];
    const expected = [
      [-0.1786328325279356, 0.31629167345381326, 0.15186976486930245],
      [0.259997783325854, -0.4603366596022302, -0.22033768604845916],
      [-0.24275150590141176, 0.42318959646158155, 0.2067251058753461],
      [-0.2870772671589885, 0.5098232190826243, 0.24450437013719917],
    ];
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 3; j++) {
        expect(z[(i * 1000 + 1) * 3 + j]!).toBeCloseTo(firstSample[i]![j]!, 15);
        expect(Math.abs(attr.data[i * 3 + j]! - expected[i]![j]!)).toBeLessThan(1e-12);
      }
    }
  });

  it('batchPositions: rows [2, 3] at positions [2, 3] equal rows 2..3 of the whole batch, in any order or call history', () => {
    const model = lr();
    const S = 100;
    const whole = limeExplainer({ preset: 'openxai', samples: S, noise: 'numpy-batch' }).explain(model, X4).data;
    const e = limeExplainer({ preset: 'openxai', samples: S, noise: 'numpy-batch' });
    const tail = e.explain(model, rowsOf(X4, 2, 4), { batchPositions: [2, 3] }).data;
    expect(Array.from(tail)).toEqual(Array.from(whole.subarray(6, 12)));
    // the same explainer going backwards (stream restarted), rows swapped, keys ignored
    const swapped: Matrix = { rows: 2, cols: 3, data: Float64Array.of(...X4.data.subarray(9, 12), ...X4.data.subarray(0, 3)) };
    const back = e.explain(model, swapped, { batchPositions: [3, 0], keys: [11, 12] }).data;
    expect(Array.from(back.subarray(0, 3))).toEqual(Array.from(whole.subarray(9, 12)));
    expect(Array.from(back.subarray(3, 6))).toEqual(Array.from(whole.subarray(0, 3)));
    // blocks in order through one explainer (the stream continues) = the whole batch
    const f = limeExplainer({ preset: 'openxai', samples: S, noise: 'numpy-batch', batchRows: 150 });
    const blocks = [
      f.explain(model, rowsOf(X4, 0, 2), { batchPositions: [0, 1] }),
      f.explain(model, rowsOf(X4, 2, 4), { batchPositions: [2, 3] }),
    ];
    expect([...blocks[0]!.data, ...blocks[1]!.data]).toEqual(Array.from(whole));
    // without positions a block restarts at 0: row 2 then gets row 0's noise
    const restarted = f.explain(model, rowsOf(X4, 2, 3)).data;
    expect(Array.from(restarted)).not.toEqual(Array.from(whole.subarray(6, 9)));
    // one position for several rows (the stability metrics' k-th neighbours of several anchors):
    // each row as if explained alone at that position
    const shared = f.explain(model, X4, { batchPositions: [1, 1, 0, 1] }).data;
    for (const [i, p] of [
      [0, 1],
      [1, 1],
      [2, 0],
      [3, 1],
    ] as const) {
      const alone = limeExplainer({ preset: 'openxai', samples: S, noise: 'numpy-batch' }).explain(model, rowsOf(X4, i, i + 1), {
        batchPositions: [p],
      }).data;
      expect(Array.from(shared.subarray(i * 3, i * 3 + 3))).toEqual(Array.from(alone));
    }
  });

  it("fit 'samples' fits every row on its own samples: the numpy mirror to 1e-12, 'noise' to 1e-12, not its bits", () => {
    expect(limeExplainer({ preset: 'openxai' }).config.fit).toBe('noise');
    const expected = [-0.1786328325279356, 0.31629167345381326, 0.15186976486930245];
    const mirror = limeExplainer({ preset: 'openxai', noise: 'numpy-batch', fit: 'samples' }).explain(lr(), X4).data;
    for (let j = 0; j < 3; j++) expect(Math.abs(mirror[j]! - expected[j]!)).toBeLessThan(1e-12);
    const model = randomMlp([4, 6, 2], 'tanh', 8, 3);
    const x = uniformMatrix(3, 4, 9);
    for (const noise of ['numpy-batch', 'keyed'] as const) {
      const of = (fit: 'noise' | 'samples'): Float64Array =>
        limeExplainer({ preset: 'openxai', samples: 300, noise, fit }).explain(model, x).data;
      const [a, b] = [of('samples'), of('noise')];
      let bitsDiffer = false;
      for (let k = 0; k < a.length; k++) {
        expect(Math.abs(a[k]! - b[k]!)).toBeLessThan(1e-12);
        bitsDiffer ||= a[k] !== b[k];
      }
      expect(bitsDiffer).toBe(true);
    }
    // a row's bits do not depend on the rows beside it
    const e = limeExplainer({ preset: 'openxai', samples: 300, noise: 'numpy-batch', fit: 'samples' });
    const whole = e.explain(model, x).data;
    expect(Array.from(e.explain(model, rowsOf(x, 2, 3), { batchPositions: [2] }).data)).toEqual(Array.from(whole.subarray(8, 12)));
  });

  it('keyed noise ignores batchPositions', () => {
    const model = lr();
    const e = limeExplainer({ preset: 'openxai', samples: 60 });
    expect(Array.from(e.explain(model, X4, { batchPositions: [9, 8, 7, 6] }).data)).toEqual(Array.from(e.explain(model, X4).data));
  });

  it('rejects a bad noise, a seed numpy cannot take and bad batch positions with typed errors', () => {
    expect(codeOf(() => limeExplainer({ noise: 'numpy' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ fit: 'sklearn' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ noise: 'numpy-batch', seed: -1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ noise: 'numpy-batch', seed: 2 ** 32 }))).toBe('BAD_OPTION');
    expect(codeOf(() => limeExplainer({ noise: 'keyed', seed: -1 }))).toBe('none');
    const e = limeExplainer({ preset: 'openxai', samples: 20, noise: 'numpy-batch' });
    const model = lr();
    expect(codeOf(() => e.explain(model, X4, { batchPositions: [0, 1] }))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => e.explain(model, X4, { batchPositions: [0, 1, 2, -1] }))).toBe('BAD_INPUT');
    expect(codeOf(() => e.explain(model, X4, { batchPositions: [0, 1, 2.5, 3] }))).toBe('BAD_INPUT');
    expect(codeOf(() => e.explain(model, X4, { batchPositions: [0, 1, 2, 2 ** 60] }))).toBe('BAD_INPUT');
    expect(codeOf(() => e.explain(model, X4, { batchPositions: 'abcd' as never }))).toBe('BAD_INPUT');
  });
});
