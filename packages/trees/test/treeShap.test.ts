// TreeSHAP on real ensembles against independent references: XGBoost's own pred_contribs (path-
// dependent, the file's covers), a brute-force path-dependent Shapley computation with covers counted
// from the train rows (fixtures/make_fixtures.py), and brute-force interventional Shapley values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Matrix } from '@xai/core';
import { treeShapExplainer } from '@xai/explainers';
import { describe, expect, it } from 'vitest';
import type { TreeModel } from '../src/index.js';
import { treeModelFromBytes } from '../src/index.js';
import { FIXTURES, expected, fixtureBytes, matrixOf } from './fixtures.js';

const load = (file: string): TreeModel => treeModelFromBytes(fixtureBytes(file), { file });

describe('path-dependent TreeSHAP equals XGBoost pred_contribs', () => {
  for (const kind of ['binary', 'multiclass', 'regression'] as const) {
    it(`${kind}: values and expected value within 1e-5 of each row's largest |value|`, () => {
      const e = expected[`xgb_${kind}`]!;
      const m = load(`xgb_${kind}.json`);
      const x = matrixOf(e.x);
      const d = x.cols;
      // every class of a multi-class model, not only the predicted one
      const classes = Math.max(e.numClass, 1);
      for (let c = 0; c < classes; c++) {
        const targets = kind === 'binary' ? undefined : new Int32Array(x.rows).fill(c);
        const r = treeShapExplainer().explainTrees(m, x, targets ? { targets } : {});
        expect(r.covers).toBe('file');
        for (let i = 0; i < x.rows; i++) {
          const ref = e.numClass > 1 ? (e.predContribs as number[][][])[i]![c]! : (e.predContribs as number[][])[i]!;
          const tol = 1e-5 * Math.max(...ref.map(Math.abs));
          for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! - ref[j]!)).toBeLessThanOrEqual(tol);
          expect(Math.abs(r.expectedValue[i]! - ref[d]!)).toBeLessThanOrEqual(tol);
          // efficiency: Σ φ + E = the raw score
          let s = r.expectedValue[i]!;
          for (let j = 0; j < d; j++) s += r.attributions.data[i * d + j]!;
          expect(Math.abs(s - r.rawScore[i]!)).toBeLessThan(1e-9 * Math.max(1, Math.abs(s)));
        }
      }
    });
  }

  it('binary: class 1 by default; class 0 is the negated margin', () => {
    const e = expected.xgb_binary!;
    const m = load('xgb_binary.json');
    const x = matrixOf(e.x);
    const one = treeShapExplainer().explainTrees(m, x);
    expect([...one.targets]).toEqual(new Array(x.rows).fill(1));
    const zero = treeShapExplainer().explainTrees(m, x, { targets: new Int32Array(x.rows) });
    for (let k = 0; k < one.attributions.data.length; k++) expect(zero.attributions.data[k]).toBe(-one.attributions.data[k]!);
    expect(zero.expectedValue[0]).toBe(-one.expectedValue[0]!);
  });
});

describe('interaction values equal XGBoost pred_interactions', () => {
  for (const kind of ['binary', 'multiclass', 'regression'] as const) {
    it(`${kind}: every entry within 1e-5 of the row's largest |value|; each matrix row sums to the SHAP value`, () => {
      const e = expected[`xgb_${kind}`]!;
      const m = load(`xgb_${kind}.json`);
      const x = matrixOf(e.x);
      const d = x.cols;
      for (let c = 0; c < Math.max(e.numClass, 1); c++) {
        const targets = kind === 'binary' ? undefined : new Int32Array(x.rows).fill(c);
        const r = treeShapExplainer({ interactions: true }).explainTrees(m, x, targets ? { targets } : {});
        const inter = r.interactions!;
        expect(inter.length).toBe(x.rows * d * d);
        for (let i = 0; i < x.rows; i++) {
          const ref = e.numClass > 1 ? (e.predInteractions as number[][][][])[i]![c]! : (e.predInteractions as number[][][])[i]!;
          const tol = 1e-5 * Math.max(...ref.flat().map(Math.abs));
          for (let j = 0; j < d; j++) {
            let sum = 0;
            for (let k = 0; k < d; k++) {
              const v = inter[(i * d + j) * d + k]!;
              expect(Math.abs(v - ref[j]![k]!)).toBeLessThanOrEqual(tol);
              sum += v;
            }
            expect(Math.abs(sum - r.attributions.data[i * d + j]!)).toBeLessThan(1e-12);
          }
        }
      }
    });
  }
});

describe('path-dependent TreeSHAP on ONNX trees, covers counted from train rows', () => {
  for (const name of ['skl_rf_multiclass', 'skl_rf_binary', 'skl_gbr_regression'] as const) {
    it(`${name}: equals the brute-force path-dependent Shapley values with the same covers (1e-9)`, () => {
      const e = expected[name]!;
      const m = load(`${name}.onnx`);
      const x = matrixOf(e.x);
      const train = matrixOf(e.train);
      const d = x.cols;
      expect(() => treeShapExplainer().explainTrees(m, x)).toThrow(/stores none.*--train/);
      const columns = e.pathDependent[0]!.length;
      for (let c = 0; c < columns; c++) {
        // binary: the one raw score is class 1's share
        const targets = new Int32Array(x.rows).fill(name === 'skl_rf_binary' ? 1 : c);
        const r = treeShapExplainer({ train }).explainTrees(m, x, { targets });
        expect(r.covers).toBe('counted');
        expect(r.rows).toBe(train.rows);
        for (let i = 0; i < x.rows; i++) {
          const ref = e.pathDependent[i]![c]!;
          for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! - ref.phi[j]!)).toBeLessThan(1e-9);
          expect(Math.abs(r.expectedValue[i]! - ref.expected)).toBeLessThan(1e-9);
        }
      }
    });
  }
});

/** Exact Shapley values of v(S) = mean_b raw(x_S, b_rest) by enumerating all 2^d coalitions. */
function bruteInterventional(m: TreeModel, x: Matrix, i: number, bg: Matrix, column: number): { phi: number[]; base: number } {
  const d = x.cols;
  const M = 2 ** d;
  const rows = new Float64Array(M * bg.rows * d);
  for (let s = 0; s < M; s++)
    for (let b = 0; b < bg.rows; b++)
      for (let j = 0; j < d; j++) rows[(s * bg.rows + b) * d + j] = (s >> j) & 1 ? x.data[i * d + j]! : bg.data[b * d + j]!;
  const z = m.rawScores({ rows: M * bg.rows, cols: d, data: rows });
  const C = z.cols;
  const v = new Float64Array(M);
  for (let s = 0; s < M; s++) for (let b = 0; b < bg.rows; b++) v[s] = v[s]! + z.data[(s * bg.rows + b) * C + column]! / bg.rows;
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const phi = new Array<number>(d).fill(0);
  for (let s = 0; s < M; s++) {
    let k = 0;
    for (let j = 0; j < d; j++) k += (s >> j) & 1;
    for (let j = 0; j < d; j++)
      if (!((s >> j) & 1)) phi[j] = phi[j]! + ((fact(k) * fact(d - k - 1)) / fact(d)) * (v[s | (1 << j)]! - v[s]!);
  }
  return { phi, base: v[0]! };
}

describe('interventional TreeSHAP equals brute-force Shapley values', () => {
  for (const file of ['xgb_binary.json', 'xgb_multiclass.json', 'skl_rf_multiclass.onnx', 'skl_gbr_regression.onnx']) {
    it(`${file}: within 1e-9, missing values in rows and background`, () => {
      const name = file.replace(/\.(json|onnx)$/, '');
      const e = expected[name]!;
      const m = load(file);
      const x = matrixOf(e.x.slice(0, 4));
      // background: rows of the other test instances (with missing values)
      const bg = matrixOf(e.x.slice(4, 10));
      const r = treeShapExplainer({ algorithm: 'interventional', background: bg }).explainTrees(m, x);
      const d = x.cols;
      for (let i = 0; i < x.rows; i++) {
        const column = m.ensemble.classScores[r.targets[i]!]!.column;
        const sign = m.ensemble.classScores[r.targets[i]!]!.sign;
        const ref = bruteInterventional(m, x, i, bg, column);
        for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! - sign * ref.phi[j]!)).toBeLessThan(1e-9);
        expect(Math.abs(r.expectedValue[i]! - sign * ref.base)).toBeLessThan(1e-9);
      }
    });
  }

  it('a train matrix larger than backgroundSize is sampled (seeded), smaller ones are used whole', () => {
    const e = expected.skl_rf_multiclass!;
    const m = load('skl_rf_multiclass.onnx');
    const x = matrixOf(e.x.slice(0, 2));
    const train = matrixOf(e.train);
    const all = treeShapExplainer({ algorithm: 'interventional', train }).explainTrees(m, x);
    expect(all.rows).toBe(train.rows);
    const a = treeShapExplainer({ algorithm: 'interventional', train, backgroundSize: 10, seed: 3 }).explainTrees(m, x);
    const b = treeShapExplainer({ algorithm: 'interventional', train, backgroundSize: 10, seed: 3 }).explainTrees(m, x);
    expect(a.rows).toBe(10);
    expect([...a.attributions.data]).toEqual([...b.attributions.data]);
  });
});

interface XgbInterventional {
  readonly x: (number | null)[][];
  readonly background: (number | null)[][];
  /** Per row: per raw-score column the Shapley values (phi) and the empty coalition's value (base). */
  readonly rows: { readonly phi: number[][]; readonly base: number[] }[];
}

// Brute force by xgboost itself on hybrid rows, NaN kept as NaN (fixtures/make_interventional_missing.py).
const xgbInterventional = JSON.parse(readFileSync(join(FIXTURES, 'interventional_missing.json'), 'utf8')) as Record<
  string,
  XgbInterventional
>;

describe("interventional TreeSHAP on rows with missing cells equals xgboost's own brute force", () => {
  for (const name of ['xgb_binary', 'xgb_multiclass', 'xgb_regression']) {
    it(`${name}: every class, within 1e-6 of the row's largest |value|`, () => {
      const ref = xgbInterventional[name]!;
      const m = load(`${name}.json`);
      const x = matrixOf(ref.x);
      const d = x.cols;
      for (let c = 0; c < Math.max(m.classes ?? 1, 1); c++) {
        const targets = m.classes === undefined || m.classes < 2 ? undefined : new Int32Array(x.rows).fill(c);
        const r = treeShapExplainer({ algorithm: 'interventional', background: matrixOf(ref.background) }).explainTrees(
          m,
          x,
          targets ? { targets } : {},
        );
        const { column, sign } = m.ensemble.classScores[r.targets[0]!]!;
        for (let i = 0; i < x.rows; i++) {
          const phi = ref.rows[i]!.phi[column]!;
          const tol = 1e-6 * Math.max(...phi.map(Math.abs));
          for (let j = 0; j < d; j++)
            expect(Math.abs(r.attributions.data[i * d + j]! - sign * phi[j]!), `row ${i} feature ${j}`).toBeLessThanOrEqual(tol);
          expect(Math.abs(r.expectedValue[i]! - sign * ref.rows[i]!.base[column]!)).toBeLessThanOrEqual(
            1e-6 * Math.abs(ref.rows[i]!.base[column]!) + tol,
          );
        }
      }
    });
  }
});
