// The evaluator's three layouts (branch-free complete trees, compiled conditionals, walked arrays) on
// random trees with every split mode, both missing-value directions, ties at the thresholds, ±0,
// ±Infinity and NaN in the rows: each must give exactly the sum that core's treeGoesYes walk gives.
import type { DecisionTree, Matrix, TreeEnsemble } from '@xai/core';
import { treeGoesYes } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { packTrees, rawScores } from '../src/index.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Values the rows and thresholds share (ties), with neighbours one float64 / float32 step apart.
const GRID = [-2, -1, -0, 0, 0.1, Math.fround(0.1), 0.1 + 2 ** -56, 0.5, 1, 3, 1e300];

function randomTree(r: () => number, d: number, columns: number, depth: number, modes: number): DecisionTree {
  const nodes: { yes: number; no: number; f: number; t: number; s: number; m: number; v: number[] }[] = [];
  const grow = (level: number): number => {
    const i = nodes.length;
    const leaf = level === depth || (level > 0 && r() < 0.25);
    const oneColumn = Math.floor(r() * columns);
    nodes.push({
      yes: -1,
      no: -1,
      f: Math.floor(r() * d),
      t: GRID[Math.floor(r() * GRID.length)]!,
      s: Math.floor(r() * modes),
      m: r() < 0.5 ? 1 : 0,
      v: Array.from({ length: columns }, (_, c) =>
        columns === 1 || c === oneColumn || r() < 0.3 ? Math.round((r() - 0.5) * 1e6) / 1e3 : 0,
      ),
    });
    if (!leaf) {
      nodes[i]!.yes = grow(level + 1);
      nodes[i]!.no = grow(level + 1);
    }
    return i;
  };
  grow(0);
  const n = nodes.length;
  return {
    yes: Int32Array.from(nodes, (x) => x.yes),
    no: Int32Array.from(nodes, (x) => x.no),
    feature: Int32Array.from(nodes, (x) => (x.yes < 0 ? 0 : x.f)),
    threshold: Float64Array.from(nodes, (x) => (x.yes < 0 ? 0 : x.t)),
    split: Uint8Array.from(nodes, (x) => (x.yes < 0 ? 0 : x.s)),
    missingYes: Uint8Array.from(nodes, (x) => (x.yes < 0 ? 0 : x.m)),
    cover: null,
    value: Float64Array.from({ length: n * columns }, (_, k) =>
      nodes[Math.floor(k / columns)]!.yes < 0 ? nodes[Math.floor(k / columns)]!.v[k % columns]! : 0,
    ),
  };
}

function ensemble(seed: number, float32: boolean, columns: number): TreeEnsemble {
  const r = rng(seed);
  const d = 5;
  const trees: DecisionTree[] = [];
  for (let k = 0; k < 24; k++) trees.push(randomTree(r, d, columns, 1 + Math.floor(r() * 7), k % 6 === 5 ? 6 : 4));
  // A deep chain (too much padding) and a tree with an infinite threshold: both keep their own shape.
  trees.push(randomTree(r, d, columns, 12, 4));
  const inf = randomTree(r, d, columns, 2, 4);
  (inf.threshold as Float64Array)[0] = Number.POSITIVE_INFINITY;
  trees.push(inf);
  return {
    inputDim: d,
    columns,
    trees,
    base: Float64Array.from({ length: columns }, (_, c) => c - 0.25),
    transform: 'identity',
    classScores: Array.from({ length: columns }, (_, c) => ({ column: c, sign: 1 as const, offset: 0 })),
    covers: 'none',
    float32,
  };
}

function rows(seed: number, n: number, d: number): Matrix {
  const r = rng(seed);
  const pool = [...GRID, Number.NaN, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1e300];
  return {
    rows: n,
    cols: d,
    data: Float64Array.from({ length: n * d }, () => (r() < 0.7 ? pool[Math.floor(r() * pool.length)]! : (r() - 0.5) * 8)),
  };
}

/** base + Σ trees in tree order, each tree walked node by node with core's treeGoesYes. */
function reference(e: TreeEnsemble, x: Matrix): Float64Array {
  const out = new Float64Array(x.rows * e.columns);
  for (let i = 0; i < x.rows; i++) {
    const acc = Float64Array.from(e.base);
    for (const t of e.trees) {
      let node = 0;
      while (t.yes[node]! >= 0) {
        const v = x.data[i * x.cols + t.feature[node]!]!;
        node = treeGoesYes(t, node, e.float32 ? Math.fround(v) : v) ? t.yes[node]! : t.no[node]!;
      }
      for (let c = 0; c < e.columns; c++) acc[c] = acc[c]! + t.value[node * e.columns + c]!;
    }
    out.set(acc, i * e.columns);
  }
  return out;
}

describe('the evaluator layouts', () => {
  for (const [float32, columns] of [
    [false, 1],
    [true, 1],
    [false, 3],
    [true, 3],
  ] as const) {
    it(`give core's walk bit for bit (${float32 ? 'float32' : 'float64'} comparisons, ${columns} column(s))`, () => {
      const e = ensemble(columns * 10 + (float32 ? 1 : 0), float32, columns);
      // 203 rows: three full blocks of 64, and a last block with rows past its group of eight
      const x = rows(columns + (float32 ? 7 : 3), 203, e.inputDim);
      const want = [...reference(e, x)];
      const branchFree = packTrees(e);
      const padded = [...branchFree.branchFree.depth].filter((D) => D >= 0).length;
      expect(padded).toBeGreaterThan(12);
      expect(padded).toBeLessThan(e.trees.length);
      expect([...rawScores(branchFree, x).data]).toEqual(want);
      const compiled = packTrees(e, { branchFree: false });
      expect(compiled.compiled.every((f) => f !== null)).toBe(true);
      expect([...rawScores(compiled, x).data]).toEqual(want);
      expect([...rawScores(packTrees(e, { branchFree: false, compile: false }), x).data]).toEqual(want);
    });
  }
});
