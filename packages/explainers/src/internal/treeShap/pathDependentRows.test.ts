// Path-dependent TreeSHAP by subset tables and by Algorithm 2 against the brute-force Shapley values
// and Shapley interaction values of the path-dependent game, on random trees: features repeated on
// a path, every split code, missing values both ways, empty nodes, zero leaves, two raw-score columns.
import type { DecisionTree, TreeEnsemble } from '@xai/core';
import { treeGoesYes } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { ensembleDepth } from './ensembleFacts.js';
import { pathDependentRows } from './pathDependentRows.js';

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const D = 5;
const COLUMNS = 2;

function randomTree(rand: () => number, maxDepth: number): DecisionTree {
  const nodes: {
    yes: number;
    no: number;
    feature: number;
    threshold: number;
    split: number;
    missingYes: number;
    cover: number;
    value: number[];
  }[] = [];
  const grow = (depth: number, cover: number): number => {
    const id = nodes.length;
    const leaf = depth === maxDepth || (depth > 0 && rand() < 0.25);
    const value = leaf ? [0, 1].map(() => (rand() < 0.15 ? 0 : Math.round((rand() * 4 - 2) * 64) / 64)) : [0, 0];
    nodes.push({
      yes: -1,
      no: -1,
      feature: Math.floor(rand() * D),
      threshold: Math.round((rand() * 2 - 1) * 8) / 8,
      split: Math.floor(rand() * 6),
      missingYes: rand() < 0.5 ? 1 : 0,
      cover,
      value,
    });
    if (leaf) return id;
    // some children reached by no training row
    const share = rand() < 0.1 ? 0 : rand();
    const yesCover = cover === 0 ? 0 : Math.round(cover * share);
    nodes[id]!.yes = grow(depth + 1, yesCover);
    nodes[id]!.no = grow(depth + 1, cover - yesCover);
    return id;
  };
  grow(0, 1000);
  return {
    yes: Int32Array.from(nodes, (n) => n.yes),
    no: Int32Array.from(nodes, (n) => n.no),
    feature: Int32Array.from(nodes, (n) => n.feature),
    threshold: Float64Array.from(nodes, (n) => n.threshold),
    split: Uint8Array.from(nodes, (n) => n.split),
    missingYes: Uint8Array.from(nodes, (n) => n.missingYes),
    cover: Float64Array.from(nodes, (n) => n.cover),
    value: Float64Array.from(nodes.flatMap((n) => n.value)),
  };
}

/** E[tree | x_S] under the covers (an empty node splits evenly). */
function conditional(t: DecisionTree, x: Float64Array, known: number, column: number, i = 0): number {
  if (t.yes[i]! < 0) return t.value[i * COLUMNS + column]!;
  const f = t.feature[i]!;
  if ((known >> f) & 1) return conditional(t, x, known, column, treeGoesYes(t, i, x[f]!) ? t.yes[i]! : t.no[i]!);
  const c = t.cover!;
  const share = (child: number) => (c[i]! > 0 ? c[child]! / c[i]! : 0.5);
  return share(t.yes[i]!) * conditional(t, x, known, column, t.yes[i]!) + share(t.no[i]!) * conditional(t, x, known, column, t.no[i]!);
}

const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
const size = (s: number): number => (s === 0 ? 0 : (s & 1) + size(s >> 1));

/** Shapley values and Shapley interaction values (SHAP's: Φ_ij = Σ_S |S|!(d−|S|−2)!/(2(d−1)!) ∇_ij(S)) by enumeration. */
function bruteForce(trees: readonly DecisionTree[], x: Float64Array, column: number): { phi: number[]; inter: number[] } {
  const v = Array.from({ length: 1 << D }, (_, s) => trees.reduce((a, t) => a + conditional(t, x, s, column), 0));
  const phi = new Array<number>(D).fill(0);
  const inter = new Array<number>(D * D).fill(0);
  for (let s = 0; s < 1 << D; s++) {
    const k = size(s);
    for (let i = 0; i < D; i++) {
      if ((s >> i) & 1) continue;
      phi[i]! += ((fact(k) * fact(D - k - 1)) / fact(D)) * (v[s | (1 << i)]! - v[s]!);
      for (let j = 0; j < D; j++) {
        if (j === i || (s >> j) & 1) continue;
        const w = (fact(k) * fact(D - k - 2)) / (2 * fact(D - 1));
        inter[i * D + j]! += w * (v[s | (1 << i) | (1 << j)]! - v[s | (1 << i)]! - v[s | (1 << j)]! + v[s]!);
      }
    }
  }
  for (let i = 0; i < D; i++) {
    let off = 0;
    for (let j = 0; j < D; j++) if (j !== i) off += inter[i * D + j]!;
    inter[i * D + i] = phi[i]! - off;
  }
  return { phi, inter };
}

describe('pathDependentRows', () => {
  it('subset tables and Algorithm 2 both equal the brute-force values and interaction values (1e-12)', () => {
    const rand = random(34);
    for (let trial = 0; trial < 12; trial++) {
      const trees = Array.from({ length: 3 }, (_, k) => randomTree(rand, 2 + ((trial + k) % 6)));
      const e: TreeEnsemble = {
        inputDim: D,
        columns: COLUMNS,
        trees,
        base: new Float64Array(COLUMNS),
        transform: 'identity',
        classScores: [0, 1].map((column) => ({ column, sign: 1 as const, offset: 0 })),
        covers: 'file',
        float32: false,
      };
      const n = 6;
      const x = Float64Array.from({ length: n * D }, () => (rand() < 0.15 ? NaN : Math.round((rand() * 2 - 1) * 8) / 8));
      const columnOf = Int32Array.from({ length: n }, (_, i) => i % COLUMNS);
      for (const budget of [undefined, 0]) {
        const phi = new Float64Array(n * D);
        const inter = new Float64Array(n * D * D);
        const covers = trees.map((t) => t.cover!);
        pathDependentRows(e, covers, ensembleDepth(e), x, n, columnOf, phi, inter, budget);
        const plain = new Float64Array(n * D);
        pathDependentRows(e, covers, ensembleDepth(e), x, n, columnOf, plain, null, budget);
        for (let i = 0; i < n; i++) {
          const ref = bruteForce(trees, x.subarray(i * D, (i + 1) * D), columnOf[i]!);
          for (let j = 0; j < D; j++) {
            expect(phi[i * D + j]).toBeCloseTo(ref.phi[j]!, 12);
            expect(plain[i * D + j]).toBe(phi[i * D + j]);
          }
          for (let k = 0; k < D * D; k++) expect(inter[i * D * D + k]).toBeCloseTo(ref.inter[k]!, 12);
        }
      }
    }
  });
});
