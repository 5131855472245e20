import type { DecisionTree, Model, TreeEnsemble } from '@xai/core';
import { isXaiError, treeGoesYes } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { bruteForceShapley } from './__fixtures__/bruteForceShapley.js';
import { createExplainer } from './createExplainer.js';
import { treeShapExplainer } from './treeShapExplainer.js';

// Two hand-written trees over 4 features: feature 0 splits twice on one path, NaN tracks both ways,
// every split code, and covers that do not add up evenly.
function tree(nodes: [number, number, number, number, number, number, number, number][]): DecisionTree {
  // [yes, no, feature, threshold, split, missingYes, cover, value]
  const col = (k: number) => nodes.map((n) => n[k]!);
  return {
    yes: Int32Array.from(col(0)),
    no: Int32Array.from(col(1)),
    feature: Int32Array.from(col(2)),
    threshold: Float64Array.from(col(3)),
    split: Uint8Array.from(col(4)),
    missingYes: Uint8Array.from(col(5)),
    cover: Float64Array.from(col(6)),
    value: Float64Array.from(col(7)),
  };
}
const T1 = tree([
  [1, 2, 0, 0.5, 0, 1, 100, 0],
  [3, 4, 1, 0.2, 1, 0, 60, 0],
  [5, 6, 0, 1.5, 3, 0, 40, 0],
  [-1, -1, 0, 0, 0, 0, 35, 1.5],
  [-1, -1, 0, 0, 0, 0, 25, -0.75],
  [-1, -1, 0, 0, 0, 0, 10, 2.25],
  [7, 8, 2, -0.1, 2, 1, 30, 0],
  [-1, -1, 0, 0, 0, 0, 18, -1],
  [-1, -1, 0, 0, 0, 0, 12, 0.5],
]);
const T2 = tree([
  [1, 2, 3, 0, 5, 0, 100, 0],
  [-1, -1, 0, 0, 0, 0, 70, 0.3],
  [3, 4, 1, 0.7, 4, 0, 30, 0],
  [-1, -1, 0, 0, 0, 0, 20, -0.4],
  [-1, -1, 0, 0, 0, 0, 10, 0.9],
]);
const ENSEMBLE: TreeEnsemble = {
  inputDim: 4,
  columns: 1,
  trees: [T1, T2],
  base: Float64Array.of(0.25),
  transform: 'identity',
  classScores: [{ column: 0, sign: 1, offset: 0 }],
  covers: 'file',
  float32: false,
};

function raw(x: Float64Array, e: TreeEnsemble = ENSEMBLE): number {
  let s = e.base[0]!;
  for (const t of e.trees) {
    let i = 0;
    while (t.yes[i]! >= 0) i = treeGoesYes(t, i, x[t.feature[i]!]!) ? t.yes[i]! : t.no[i]!;
    s += t.value[i]!;
  }
  return s;
}

const model: Model = {
  inputDim: 4,
  classes: 1,
  output: 'value',
  predictProba: (x) => ({
    rows: x.rows,
    cols: 1,
    data: Float64Array.from({ length: x.rows }, (_, i) => raw(x.data.subarray(i * 4, i * 4 + 4) as Float64Array)),
  }),
  trees: () => ENSEMBLE,
};

/** E[tree | x_S] with the covers: the definition path-dependent TreeSHAP's game uses. */
function conditional(t: DecisionTree, x: Float64Array, known: number, i = 0): number {
  if (t.yes[i]! < 0) return t.value[i]!;
  const f = t.feature[i]!;
  if ((known >> f) & 1) return conditional(t, x, known, treeGoesYes(t, i, x[f]!) ? t.yes[i]! : t.no[i]!);
  const c = t.cover!;
  return (c[t.yes[i]!]! / c[i]!) * conditional(t, x, known, t.yes[i]!) + (c[t.no[i]!]! / c[i]!) * conditional(t, x, known, t.no[i]!);
}

function brutePathDependent(x: Float64Array): { phi: number[]; base: number } {
  const d = 4;
  const v = (s: number) => ENSEMBLE.base[0]! + ENSEMBLE.trees.reduce((a, t) => a + conditional(t, x, s), 0);
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const phi = [0, 0, 0, 0];
  for (let s = 0; s < 16; s++) {
    const k = [0, 1, 2, 3].filter((j) => (s >> j) & 1).length;
    for (let j = 0; j < d; j++) if (!((s >> j) & 1)) phi[j]! += ((fact(k) * fact(d - k - 1)) / fact(d)) * (v(s | (1 << j)) - v(s));
  }
  return { phi, base: v(0) };
}

const ROWS = [
  [0.3, 0.1, 0.4, -2],
  [1.7, 0.9, -0.5, 0],
  [0.9, 0.7, -0.1, 3],
  [NaN, 0.2, NaN, 0],
  [2, NaN, 0.5, NaN],
];
const X = { rows: ROWS.length, cols: 4, data: Float64Array.from(ROWS.flat()) };

describe('treeShapExplainer', () => {
  it('path-dependent: the brute-force Shapley values of E[f | x_S] under the covers (1e-12), NaN rows included', () => {
    const r = treeShapExplainer().explainTrees(model, X);
    ROWS.forEach((row, i) => {
      const ref = brutePathDependent(Float64Array.from(row));
      for (let j = 0; j < 4; j++) expect(r.attributions.data[i * 4 + j]).toBeCloseTo(ref.phi[j]!, 12);
      expect(r.expectedValue[i]).toBeCloseTo(ref.base, 12);
      expect(r.rawScore[i]).toBeCloseTo(raw(Float64Array.from(row)), 12);
    });
  });

  it('interventional: the brute-force Shapley values of mean_b f(x_S, b_rest) (1e-12)', () => {
    const bg = [
      [0.1, 0.5, 0, 1],
      [1.2, -1, 0.3, 0],
      [0.6, 0.7, -0.4, -1],
    ];
    const background = { rows: 3, cols: 4, data: Float64Array.from(bg.flat()) };
    const x = { rows: 3, cols: 4, data: X.data.slice(0, 12) };
    const r = treeShapExplainer({ algorithm: 'interventional', background }).explainTrees(model, x);
    for (let i = 0; i < 3; i++) {
      const ref = bruteForceShapley(
        model,
        x.data.slice(i * 4, i * 4 + 4),
        0,
        bg.map((b) => Float64Array.from(b)),
      );
      for (let j = 0; j < 4; j++) expect(r.attributions.data[i * 4 + j]).toBeCloseTo(ref[j]!, 12);
      expect(r.expectedValue[i]).toBeCloseTo(bg.reduce((a, b) => a + raw(Float64Array.from(b)), 0) / 3, 12);
    }
  });

  it('groups: each column of a group gets the group sum', () => {
    const plain = treeShapExplainer().explain(model, X);
    const grouped = treeShapExplainer({ groups: [[0, 2]] }).explain(model, X);
    for (let i = 0; i < X.rows; i++) {
      const s = plain.data[i * 4]! + plain.data[i * 4 + 2]!;
      expect(grouped.data[i * 4]).toBeCloseTo(s, 14);
      expect(grouped.data[i * 4 + 2]).toBeCloseTo(s, 14);
      expect(grouped.data[i * 4 + 1]).toBe(plain.data[i * 4 + 1]);
    }
  });

  it('interactions: symmetric, rows sum to the values, negated with the class score; path-dependent and ungrouped only', () => {
    const r = treeShapExplainer({ interactions: true }).explainTrees(model, X);
    const plain = treeShapExplainer().explainTrees(model, X);
    expect([...r.attributions.data]).toEqual([...plain.attributions.data]);
    expect(plain.interactions).toBeUndefined();
    const m = r.interactions!;
    for (let i = 0; i < X.rows; i++)
      for (let j = 0; j < 4; j++) {
        let s = 0;
        for (let k = 0; k < 4; k++) {
          s += m[(i * 4 + j) * 4 + k]!;
          expect(m[(i * 4 + j) * 4 + k]).toBeCloseTo(m[(i * 4 + k) * 4 + j]!, 14);
        }
        expect(s).toBeCloseTo(r.attributions.data[i * 4 + j]!, 14);
      }
    // a class score with sign −1 (a binary model's class 0) negates the interaction values too
    const flipped: TreeEnsemble = { ...ENSEMBLE, classScores: [{ column: 0, sign: -1, offset: 0 }] };
    const neg = treeShapExplainer({ interactions: true }).explainTrees({ ...model, trees: () => flipped }, X);
    for (let k = 0; k < m.length; k++) expect(neg.interactions![k]).toBe(-m[k]!);
    expect(() => treeShapExplainer({ interactions: true, algorithm: 'interventional' })).toThrow(/path-dependent TreeSHAP only/);
    expect(() => treeShapExplainer({ interactions: true, groups: [[0, 1]] })).toThrow(/interactions or groups/);
    expect(() => treeShapExplainer({ interactions: 'yes' as unknown as boolean })).toThrow(/interactions/);
  });

  it('covers missing from the model: counted from train rows, else BAD_OPTION naming --train', () => {
    const bare: TreeEnsemble = { ...ENSEMBLE, covers: 'none', trees: ENSEMBLE.trees.map((t) => ({ ...t, cover: null })) };
    const m = { ...model, trees: () => bare };
    expect(() => treeShapExplainer().explain(m, X)).toThrow(/stores none.*--train/);
    const train = { rows: 4, cols: 4, data: Float64Array.from([0, 0, 0, 0, 1, 1, 1, 1, 2, -1, 0.5, 0, 0.4, 0.3, -1, 1]) };
    const r = treeShapExplainer({ train }).explainTrees(m, X);
    expect(r.covers).toBe('counted');
    expect(r.rows).toBe(4);
    // efficiency holds whatever the covers
    for (let i = 0; i < X.rows; i++) {
      let s = r.expectedValue[i]!;
      for (let j = 0; j < 4; j++) s += r.attributions.data[i * 4 + j]!;
      expect(s).toBeCloseTo(r.rawScore[i]!, 12);
    }
  });

  it('a model without trees is NOT_SUPPORTED, naming the methods to use; the registry creates it', () => {
    const { trees: _, ...plain } = model;
    try {
      treeShapExplainer().explain(plain as Model, X);
      throw new Error('no error');
    } catch (e) {
      expect(isXaiError(e, 'NOT_SUPPORTED')).toBe(true);
      expect((e as Error).message).toMatch(/'shap', 'shapley' or 'permshap'/);
    }
    expect(createExplainer('treeshap', { algorithm: 'interventional' }).config.algorithm).toBe('interventional');
    expect(() => createExplainer('treeshap', { algorithm: 'exact' as 'interventional' })).toThrow(/algorithm/);
  });
});
