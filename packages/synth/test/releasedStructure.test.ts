// Compares the `openxai-code` variant with the data the released OpenXAI generator made
// (../shared/datasets/gaussian). Same numbers are a non-goal (numpy's RNG); the same
// structure is the goal: sizes, centres, separation, label rule, balance, sparsity, order.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { clusterCentres, generateSynthGauss, nearestCentre } from '../src/index.js';
import type { SynthDataset } from '../src/index.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/datasets/gaussian');
const missing = !existsSync(join(DIR, 'gaussian-dgp.json'));
if (missing) console.warn(`releasedStructure.test: skipped, ${DIR} not found (the shared datasets sit beside the repository)`);

interface Released {
  x: Matrix;
  y: Int32Array;
  cluster: Int32Array;
  prob: Float64Array;
}
function readCsv(path: string): { header: string[]; rows: number[][] } {
  const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  return { header: lines[0]!.split(','), rows: lines.slice(1).map((l) => l.split(',').map(Number)) };
}
function readSplit(split: 'train' | 'test'): Released {
  const f = readCsv(join(DIR, `gaussian-${split}.csv`));
  const c = readCsv(join(DIR, `gaussian-${split}-cluster.csv`));
  const d = f.header.length - 1;
  const x = new Float64Array(f.rows.length * d);
  f.rows.forEach((r, i) => x.set(r.slice(0, d), i * d));
  return {
    x: { rows: f.rows.length, cols: d, data: x },
    y: Int32Array.from(f.rows, (r) => r[d]!),
    cluster: Int32Array.from(c.rows, (r) => r[0]!),
    prob: Float64Array.from(c.rows, (r) => r[1]!),
  };
}
function fromOurs(ds: SynthDataset, split: 'train' | 'test'): Released {
  return { x: ds[split].x, y: ds[split].y, cluster: ds.clusters[split], prob: ds.probabilities[split] };
}

/** Per-cluster means of the rows (K x d). */
function clusterMeans(s: Released, K: number): Matrix {
  const d = s.x.cols;
  const sums = new Float64Array(K * d);
  const counts = new Float64Array(K);
  for (let i = 0; i < s.x.rows; i++) {
    const k = s.cluster[i]!;
    counts[k]!++;
    for (let j = 0; j < d; j++) sums[k * d + j]! += s.x.data[i * d + j]!;
  }
  for (let k = 0; k < K; k++) for (let j = 0; j < d; j++) sums[k * d + j]! /= counts[k]!;
  return { rows: K, cols: d, data: sums };
}
const share = (a: Int32Array): number => a.reduce((s, v) => s + v, 0) / a.length;
const recovery = (s: Released, centres: Matrix): number => {
  const a = nearestCentre(s.x, centres);
  return a.filter((k, i) => k === s.cluster[i]).length / a.length;
};

describe.skipIf(missing)('openxai-code variant vs the released gaussian data', () => {
  const dgp = missing ? undefined : JSON.parse(readFileSync(join(DIR, 'gaussian-dgp.json'), 'utf8'));
  const g = dgp?.gauss_params;
  const K: number = g?.n_clusters;
  const d: number = g?.dim;
  const released = missing ? undefined : { train: readSplit('train'), test: readSplit('test') };
  const masks: number[][] = missing ? [] : Array.from({ length: K }, (_, k) => dgp.cluster_masks[String(k)]);
  const ours = missing
    ? undefined
    : generateSynthGauss({
        variant: 'openxai-code',
        nPerCluster: g.n_samples,
        dim: d,
        clusters: K,
        kappa: g.distance_to_center,
        maskProbability: g.sparsity,
        testFraction: g.test_size,
        seed: g.seed,
      });
  const both = (): [string, Released, Released][] => [
    ['released', released!.train, released!.test],
    ['ours', fromOurs(ours!, 'train'), fromOurs(ours!, 'test')],
  ];

  it('reads the released generator as we do: p = sigmoid(x · (w ∘ m_k)), one w for all clusters', () => {
    for (const s of [released!.train, released!.test]) {
      for (let i = 0; i < s.x.rows; i += 7) {
        let z = 0;
        for (let j = 0; j < d; j++) z += s.x.data[i * d + j]! * dgp.w[j] * masks[s.cluster[i]!]![j]!;
        expect(s.prob[i]).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
      }
    }
  });

  it('has the same split sizes and n rows per cluster', () => {
    expect([ours!.train.x.rows, ours!.test.x.rows]).toEqual([dgp.n_train, dgp.n_test]);
    for (const [, train, test] of both()) {
      const counts = new Int32Array(K);
      for (const k of train.cluster) counts[k]!++;
      for (const k of test.cluster) counts[k]!++;
      expect(Array.from(counts)).toEqual(new Array(K).fill(g.n_samples));
      // Uniform random test rows: per-cluster test counts are hypergeometric (sd ≈ 20.5 here).
      const testCounts = new Int32Array(K);
      for (const k of test.cluster) testCounts[k]!++;
      for (const c of testCounts) expect(Math.abs(c - dgp.n_test / K)).toBeLessThan(82);
    }
  });

  it('puts cluster k’s mean at κ·e_k and its spread at identity, in both', () => {
    const centres = clusterCentres('openxai-code', K, d, g.distance_to_center);
    for (const [, train] of both()) {
      const means = clusterMeans(train, K);
      for (let i = 0; i < K * d; i++) expect(Math.abs(means.data[i]! - centres.data[i]!)).toBeLessThan(0.12); // sd ≈ 0.023
      let v = 0;
      for (let i = 0; i < train.x.rows; i++) {
        const t = train.x.data[i * d + 3]! - centres.data[train.cluster[i]! * d + 3]!;
        v += t * t;
      }
      expect(Math.abs(v / train.x.rows - 1)).toBeLessThan(0.05);
    }
  });

  it('separates clusters alike: nearest-centre recovery ≥ 99 % in both, within 0.5 % of each other', () => {
    const centres = clusterCentres('openxai-code', K, d, g.distance_to_center);
    const rates = both().map(([, train, test]) => recovery(train, centres) * 0.75 + recovery(test, centres) * 0.25);
    for (const r of rates) expect(r).toBeGreaterThanOrEqual(0.99);
    expect(Math.abs(rates[0]! - rates[1]!)).toBeLessThan(0.005);
  });

  it('cuts labels at a 1000-point grid threshold with a 50/50 split (± 1 %) in both', () => {
    for (const [, train, test] of both()) {
      const probs = [...train.prob, ...test.prob];
      const ys = [...train.y, ...test.y];
      // The threshold is a grid point k/999 between the largest p of class 0 and the smallest of class 1.
      const lo = probs.reduce((m, p, i) => (ys[i] === 0 ? Math.max(m, p) : m), -Infinity);
      const hi = probs.reduce((m, p, i) => (ys[i] === 1 ? Math.min(m, p) : m), Infinity);
      expect(lo).toBeLessThan(hi);
      expect(Math.floor(hi * 999 - 1e-12)).toBeGreaterThanOrEqual(Math.ceil(lo * 999 - 1e-12)); // some k/999 in [lo, hi)
      expect(Math.abs(ys.reduce((s, v) => s + v, 0) / ys.length - 0.5)).toBeLessThanOrEqual(0.01);
      // A random (unstratified) split: each split within 2 % (sd ≈ 0.6 % for the test split).
      expect(Math.abs(share(test.y) - 0.5)).toBeLessThan(0.02);
    }
  });

  it('has masks of density ≈ p in both, and ground truth nonzero exactly on the mask', () => {
    const releasedDensity = masks.flat().reduce((s, v) => s + v, 0) / (K * d);
    const ourDensity = ours!.dgp.masks.data.reduce((s, v) => s + v, 0) / (K * d);
    const tol = 4 * Math.sqrt((g.sparsity * (1 - g.sparsity)) / (K * d)); // 4 sd of a binomial share
    expect(Math.abs(releasedDensity - g.sparsity)).toBeLessThan(tol);
    expect(Math.abs(ourDensity - g.sparsity)).toBeLessThan(tol);
    const gt = ours!.groundTruth.test;
    for (let i = 0; i < gt.rows; i += 13) {
      const k = ours!.clusters.test[i]!;
      for (let j = 0; j < d; j++) expect(gt.data[i * d + j] !== 0).toBe(ours!.dgp.masks.data[k * d + j] === 1);
    }
  });

  it('groups rows by cluster in file order in both', () => {
    for (const [, train, test] of both()) {
      for (const c of [train.cluster, test.cluster]) expect(c.every((v, i) => i === 0 || c[i - 1]! <= v)).toBe(true);
    }
  });
});
