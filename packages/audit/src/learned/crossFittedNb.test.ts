import { substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { crossFittedNb, topClassFeatures } from './crossFittedNb.js';
import { buildSparseRows } from './sparseRows.js';

/** Random rows of tokens t0..t{vocab-1}, a random label and fold per row. */
function randomData(seed: number, rows: number, vocab: number, C: number, K: number) {
  const rng = substream(seed, 'nb-test');
  const tokens = Array.from({ length: rows }, () => Array.from({ length: 1 + rng.int(6) }, () => `t${rng.int(vocab)}`));
  const labels = Int32Array.from({ length: rows }, () => rng.int(C));
  const folds = Int32Array.from({ length: rows }, () => rng.int(K));
  return { tokens, labels, folds };
}

/** Naive Bayes written out directly: for row r, counts over rows of other folds only. */
function bruteScores(tokens: string[][], keep: (t: string) => boolean, labels: Int32Array, folds: Int32Array, C: number, alpha: number) {
  const vocab = new Set(tokens.flatMap((ts) => [...new Set(ts)].filter(keep)));
  const V = vocab.size;
  return tokens.map((_, r) => {
    const train = tokens
      .map((ts, j) => ({ ts: [...new Set(ts)].filter(keep), y: labels[j]!, f: folds[j]! }))
      .filter((d) => d.f !== folds[r]);
    const mine = [...new Set(tokens[r])].filter(keep);
    return Array.from({ length: C }, (_, c) => {
      const docs = train.filter((d) => d.y === c);
      const words = docs.reduce((a, d) => a + d.ts.length, 0);
      let s = Math.log(docs.length + 1) - Math.log(train.length + C);
      for (const t of mine) s += Math.log(docs.filter((d) => d.ts.includes(t)).length + alpha) - Math.log(words + alpha * V);
      return s;
    });
  });
}

describe('crossFittedNb', () => {
  it('equals naive Bayes counted on the other folds only (brute force)', () => {
    for (const seed of [1, 2]) {
      const C = 3;
      const { tokens, labels, folds } = randomData(seed, 60, 25, C, 4);
      const x = buildSparseRows(tokens.length, (r, emit) => tokens[r]!.forEach(emit), { minRows: 2 });
      const df = new Map<string, number>();
      for (const ts of tokens) for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
      const nb = crossFittedNb(x, C, folds, 4, 0.5);
      const out = new Float64Array(tokens.length * C);
      nb.scores(labels, out);
      const want = bruteScores(tokens, (t) => df.get(t)! >= 2, labels, folds, C, 0.5);
      for (let r = 0; r < tokens.length; r++) for (let c = 0; c < C; c++) expect(out[r * C + c]).toBeCloseTo(want[r]![c]!, 10);
    }
  });

  it("a row's own label never changes its own scores (cross-fitting)", () => {
    const { tokens, labels, folds } = randomData(3, 80, 20, 2, 5);
    const x = buildSparseRows(tokens.length, (r, emit) => tokens[r]!.forEach(emit));
    const nb = crossFittedNb(x, 2, folds, 5);
    const a = new Float64Array(160);
    const b = new Float64Array(160);
    nb.scores(labels, a);
    for (let r = 0; r < 80; r += 7) {
      const flipped = labels.slice();
      flipped[r] = 1 - flipped[r]!;
      nb.scores(flipped, b);
      expect([b[2 * r], b[2 * r + 1]]).toEqual([a[2 * r], a[2 * r + 1]]);
    }
  });

  it('topClassFeatures ranks by the binomial excess of the class among rows holding the feature', () => {
    // Feature 0: 30 rows, 28 of class 1; feature 1: 30 rows, 15 of class 1 (no excess).
    const counts = Int32Array.from([2, 28, 15, 15]);
    const share = Float64Array.from([0.5, 0.5]);
    const top = topClassFeatures(counts, share, 2, 3, 5, 1);
    const z = (28 - 15) / Math.sqrt(30 * 0.25);
    expect(top).toEqual([{ cls: 1, feature: 0, count: 28, total: 30, z }]);
    expect(topClassFeatures(counts, share, 2, 0, 5)).toEqual([]);
  });
});
