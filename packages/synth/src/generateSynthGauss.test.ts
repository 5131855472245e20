import { describe, expect, it } from 'vitest';
import { hashFloat64, isXaiError, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import { clusterCentres } from './clusterCentres.js';
import { generateSynthGauss } from './generateSynthGauss.js';
import { nearestCentre } from './nearestCentre.js';
import type { SynthDataset } from './synthDataset.js';

const SPLITS = ['train', 'validation', 'test'] as const;
const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((s, v) => s + v, 0);
const dotRow = (m: Matrix, i: number, w: ArrayLike<number>): number => row(m, i).reduce((s, v, j) => s + v * w[j]!, 0);
const present = (ds: SynthDataset) => SPLITS.filter((s) => ds[s] !== undefined);
const allLabels = (ds: SynthDataset): number[] => present(ds).flatMap((s) => Array.from(ds[s]!.y));

// Generated once: the default sizes take ~20 ms.
const paper = generateSynthGauss({ seed: 7 });
const code = generateSynthGauss({ variant: 'openxai-code', seed: 7 });

describe('generateSynthGauss: shapes and splits', () => {
  it('has the paper default sizes: 10 x 1000 rows, 25 % test, 10 % of train as validation', () => {
    expect(paper.test.x.rows).toBe(2500);
    expect(paper.validation!.x.rows).toBe(750);
    expect(paper.train.x.rows).toBe(6750);
    for (const s of present(paper)) {
      expect(paper[s]!.x.cols).toBe(20);
      expect(paper.groundTruth[s]!.rows).toBe(paper[s]!.x.rows);
      expect(paper.clusters[s]!.length).toBe(paper[s]!.x.rows);
    }
    expect(paper.schema.names).toHaveLength(20);
    expect(paper.schema.kinds.every((k) => k === 'continuous')).toBe(true);
    expect(paper.classes).toBe(2);
    expect(paper.hash).toBe(paper.id);
  });

  it('has the released files’ sizes in the openxai-code variant (18750 / 6250, no validation)', () => {
    expect(code.train.x.rows).toBe(18750);
    expect(code.test.x.rows).toBe(6250);
    expect(code.validation).toBeUndefined();
    expect(code.groundTruth.validation).toBeUndefined();
  });

  it('puts every row in exactly one split and n rows in every cluster', () => {
    for (const ds of [paper, code]) {
      const seen = new Set<number>();
      const perCluster = new Int32Array(10);
      for (const s of present(ds)) {
        const x = ds[s]!.x;
        for (let i = 0; i < x.rows; i++) seen.add(hashFloat64(row(x, i)));
        for (const k of ds.clusters[s]!) perCluster[k]!++;
      }
      expect(seen.size).toBe(10 * ds.manifest.params.nPerCluster);
      expect(Array.from(perCluster)).toEqual(new Array(10).fill(ds.manifest.params.nPerCluster));
    }
  });

  it('stratifies the paper test split by cluster: 250 ± 1 rows of each cluster', () => {
    const counts = new Int32Array(10);
    for (const k of paper.clusters.test) counts[k]!++;
    for (const c of counts) expect(Math.abs(c - 250)).toBeLessThanOrEqual(1);
  });

  it('shuffles paper rows but keeps released-code rows grouped by cluster', () => {
    const sorted = (a: Int32Array): boolean => a.every((v, i) => i === 0 || a[i - 1]! <= v);
    expect(sorted(code.clusters.train) && sorted(code.clusters.test)).toBe(true);
    expect(sorted(paper.clusters.train)).toBe(false);
    // The benchmark explains the first test rows: with shuffling, the first 200 cover every cluster.
    expect(new Set(paper.clusters.test.subarray(0, 200)).size).toBe(10);
  });

  it('omits validation when its fraction is 0', () => {
    const ds = generateSynthGauss({ nPerCluster: 20, validationFraction: 0 });
    expect(ds.validation).toBeUndefined();
    expect(ds.train.x.rows + ds.test.x.rows).toBe(200);
  });
});

describe('generateSynthGauss: labels', () => {
  it('balances the paper classes exactly at the median (5000 of 10000) and each split within 1 %', () => {
    expect(sum(allLabels(paper))).toBe(5000);
    for (const s of present(paper)) expect(Math.abs(sum(paper[s]!.y) / paper[s]!.y.length - 0.5)).toBeLessThanOrEqual(0.01);
  });

  it('balances the released-code classes within 1 % overall', () => {
    const y = allLabels(code);
    expect(Math.abs(sum(y) / y.length - 0.5)).toBeLessThanOrEqual(0.01);
  });

  it('labels paper rows by x · (w_k ∘ m_k) above the median logit', () => {
    const t = paper.dgp.threshold;
    expect(t.kind).toBe('median-logit');
    const logits: number[] = [];
    for (const s of present(paper)) {
      const { x, y } = paper[s]!;
      for (let i = 0; i < x.rows; i++) {
        const z = dotRow(x, i, row(paper.groundTruth[s]!, i));
        logits.push(z);
        expect(y[i]).toBe(z > t.value ? 1 : 0);
        expect(paper.probabilities[s]![i]).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
      }
    }
    logits.sort((a, b) => a - b);
    expect(t.value).toBeCloseTo((logits[4999]! + logits[5000]!) / 2, 9);
  });

  it('labels released-code rows by a grid threshold no other grid point beats', () => {
    const t = code.dgp.threshold;
    expect(t.kind).toBe('grid-probability');
    expect(Math.abs(t.value * 999 - Math.round(t.value * 999))).toBeLessThan(1e-9);
    const probs: number[] = [];
    for (const s of present(code)) {
      const { x, y } = code[s]!;
      for (let i = 0; i < x.rows; i++) {
        const p = 1 / (1 + Math.exp(-dotRow(x, i, row(code.groundTruth[s]!, i))));
        probs.push(p);
        expect(y[i]).toBe(p > t.value ? 1 : 0);
      }
    }
    const share = (th: number): number => probs.filter((p) => p > th).length / probs.length;
    const best = Math.abs(0.5 - share(t.value));
    for (let j = 0; j < 1000; j += 37) expect(Math.abs(0.5 - share(j / 999))).toBeGreaterThanOrEqual(best);
  });
});

describe('generateSynthGauss: ground truth', () => {
  it('gives every row its cluster’s masked weights, exactly', () => {
    for (const ds of [paper, code]) {
      const { weights, masks, effectiveWeights } = ds.dgp;
      for (let k = 0; k < 10; k++) {
        for (let j = 0; j < 20; j++) {
          const m = masks.data[k * 20 + j]!;
          expect(m === 0 || m === 1).toBe(true);
          expect(effectiveWeights.data[k * 20 + j]).toBe(m === 1 ? weights.data[k * 20 + j] : 0);
        }
      }
      for (const s of present(ds)) {
        const gt = ds.groundTruth[s]!;
        for (let i = 0; i < gt.rows; i += 17)
          expect(Array.from(row(gt, i))).toEqual(Array.from(row(effectiveWeights, ds.clusters[s]![i]!)));
      }
    }
  });

  it('draws weights in (-1, 1): one vector per cluster (paper), one shared (released code)', () => {
    for (const ds of [paper, code]) for (const w of ds.dgp.weights.data) expect(Math.abs(w)).toBeLessThan(1);
    const w = code.dgp.weights;
    for (let k = 1; k < 10; k++) expect(Array.from(row(w, k))).toEqual(Array.from(row(w, 0)));
    expect(Array.from(row(paper.dgp.weights, 1))).not.toEqual(Array.from(row(paper.dgp.weights, 0)));
    // U(-1, 1) over many draws: mean ≈ 0, variance ≈ 1/3.
    const many = generateSynthGauss({ nPerCluster: 1, clusters: 100, dim: 50, testFraction: 0.5 }).dgp.weights.data;
    const mean = sum(many) / many.length;
    const variance = many.reduce((s, v) => s + (v - mean) ** 2, 0) / many.length;
    expect(Math.abs(mean)).toBeLessThan(0.05); // sd of the mean = 0.0082
    expect(Math.abs(variance - 1 / 3)).toBeLessThan(0.03);
  });

  it.each([0.1, 0.25, 0.5, 0.9])('keeps a feature in a mask with probability p = %f', (p) => {
    const ds = generateSynthGauss({ nPerCluster: 1, clusters: 100, dim: 50, testFraction: 0.5, maskProbability: p, seed: 3 });
    const density = sum(ds.dgp.masks.data) / 5000;
    expect(Math.abs(density - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / 5000));
  });

  it('masks nothing at p = 1 and everything at p = 0', () => {
    expect(sum(generateSynthGauss({ nPerCluster: 4, maskProbability: 1 }).dgp.masks.data)).toBe(200);
    const none = generateSynthGauss({ nPerCluster: 4, maskProbability: 0, minActiveFeatures: 0 });
    expect(none.groundTruth.train.data.every((v) => v === 0)).toBe(true);
  });
});

describe('generateSynthGauss: clusters', () => {
  it('recovers the cluster of ≥ 99 % of rows by nearest centre at κ = 6', () => {
    for (const ds of [paper, generateSynthGauss({ variant: 'openxai-code', kappa: 6, nPerCluster: 1000 })]) {
      let hit = 0;
      let n = 0;
      for (const s of present(ds)) {
        const a = nearestCentre(ds[s]!.x, ds.dgp.centres);
        a.forEach((k, i) => (hit += k === ds.clusters[s]![i] ? 1 : 0));
        n += a.length;
      }
      expect(hit / n).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('does not recover them when the clusters overlap (κ = 1), so the check can fail', () => {
    const ds = generateSynthGauss({ kappa: 1, nPerCluster: 200 });
    const a = nearestCentre(ds.test.x, ds.dgp.centres);
    const hit = a.filter((k, i) => k === ds.clusters.test[i]).length / a.length;
    expect(hit).toBeLessThan(0.7);
  });

  it('samples N(μ_k, I): residuals have mean 0, variance 1, no covariance', () => {
    const { x } = paper.train;
    const c = paper.dgp.centres;
    expect(Array.from(c.data)).toEqual(Array.from(clusterCentres('paper', 10, 20, 6).data));
    const n = x.rows;
    const r = new Float64Array(n * 20);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < 20; j++) r[i * 20 + j] = x.data[i * 20 + j]! - c.data[paper.clusters.train[i]! * 20 + j]!;
    for (const j of [0, 7, 19]) {
      let m = 0;
      let v = 0;
      let cov = 0;
      for (let i = 0; i < n; i++) m += r[i * 20 + j]!;
      m /= n;
      for (let i = 0; i < n; i++) {
        v += (r[i * 20 + j]! - m) ** 2;
        cov += r[i * 20 + j]! * r[i * 20 + ((j + 1) % 20)]!;
      }
      expect(Math.abs(m)).toBeLessThan(0.05); // sd 0.012
      expect(Math.abs(v / n - 1)).toBeLessThan(0.07); // sd 0.017
      expect(Math.abs(cov / n)).toBeLessThan(0.06); // sd 0.012
    }
  });

  it('keeps K > d clusters apart with the further blocks of centres', () => {
    const ds = generateSynthGauss({ dim: 3, clusters: 7, nPerCluster: 300 });
    const a = nearestCentre(ds.train.x, ds.dgp.centres);
    expect(a.filter((k, i) => k === ds.clusters.train[i]).length / a.length).toBeGreaterThanOrEqual(0.99);
  });

  it('does not change a cluster’s weights, mask or rows when clusters are added', () => {
    const small = generateSynthGauss({ clusters: 3, nPerCluster: 10, order: 'by-cluster' });
    const big = generateSynthGauss({ clusters: 4, nPerCluster: 10, order: 'by-cluster' });
    expect(Array.from(big.dgp.effectiveWeights.data.subarray(0, 60))).toEqual(Array.from(small.dgp.effectiveWeights.data));
    // Cluster 0's rows, whatever their split, are the same points.
    const rowsOf = (ds: SynthDataset): Set<number> => {
      const out = new Set<number>();
      for (const s of present(ds)) ds.clusters[s]!.forEach((k, i) => k === 0 && out.add(hashFloat64(row(ds[s]!.x, i))));
      return out;
    };
    expect(rowsOf(big)).toEqual(rowsOf(small));
  });
});

describe('generateSynthGauss: determinism', () => {
  const bytes = (ds: SynthDataset): Buffer[] =>
    present(ds).flatMap((s) =>
      [ds[s]!.x.data, ds[s]!.y, ds.groundTruth[s]!.data, ds.clusters[s]!, ds.probabilities[s]!].map((a) =>
        Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      ),
    );

  it('gives byte-identical data for the same seed', () => {
    for (const variant of ['paper', 'openxai-code'] as const) {
      const a = generateSynthGauss({ variant, seed: 11, nPerCluster: 300 });
      const b = generateSynthGauss({ variant, seed: 11, nPerCluster: 300 });
      const ba = bytes(a);
      const bb = bytes(b);
      expect(ba.length).toBe(bb.length);
      ba.forEach((buf, i) => expect(buf.equals(bb[i]!)).toBe(true));
      expect(a.id).toBe(b.id);
      expect(a.manifest.dataSha256).toBe(b.manifest.dataSha256);
    }
  });

  it('gives other data for another seed', () => {
    const a = generateSynthGauss({ seed: 1, nPerCluster: 50 });
    const b = generateSynthGauss({ seed: 2, nPerCluster: 50 });
    expect(Buffer.from(a.train.x.data.buffer).equals(Buffer.from(b.train.x.data.buffer))).toBe(false);
    expect(Array.from(a.dgp.weights.data)).not.toEqual(Array.from(b.dgp.weights.data));
    expect(a.id).not.toBe(b.id);
    expect(a.manifest.dataSha256).not.toBe(b.manifest.dataSha256);
  });

  it('rejects bad options with BAD_OPTION', () => {
    try {
      generateSynthGauss({ kappa: -1 });
      expect.unreachable();
    } catch (e) {
      expect(isXaiError(e, 'BAD_OPTION')).toBe(true);
      expect((e as Error).message).toMatch(/generateSynthGauss.*options\.kappa/);
    }
  });
});

describe('generateSynthGauss: degenerate clusters', () => {
  /** Features kept by each cluster's mask, recounted from the DGP. */
  const active = (ds: SynthDataset): number[] => {
    const m = ds.dgp.masks;
    return Array.from({ length: m.rows }, (_, k) => sum(m.data.subarray(k * m.cols, (k + 1) * m.cols)));
  };
  /** Clusters whose rows (all splits) share one label, recounted from the splits. */
  const singleClass = (ds: SynthDataset): number[] => {
    const labels = new Map<number, Set<number>>();
    for (const s of present(ds)) ds.clusters[s]!.forEach((k, i) => labels.set(k, (labels.get(k) ?? new Set()).add(ds[s]!.y[i]!)));
    return [...labels.entries()]
      .filter(([, ys]) => ys.size === 1)
      .map(([k]) => k)
      .sort((a, b) => a - b);
  };
  const emptyOf = (ds: SynthDataset): number[] => active(ds).flatMap((c, k) => (c === 0 ? [k] : []));

  // A cluster's mask comes from its own stream, so 4 rows per cluster show the masks of the
  // default 1000 (checked below) at a fraction of the cost.
  const SEEDS = Array.from({ length: 200 }, (_, s) => s);
  const fixed = SEEDS.map((seed) => generateSynthGauss({ seed, nPerCluster: 4 }));
  const legacy = SEEDS.map((seed) => generateSynthGauss({ seed, nPerCluster: 4, minActiveFeatures: 0 }));
  const legacyEmpty = SEEDS.filter((s) => emptyOf(legacy[s]!).length > 0);

  it('shows the same masks at 4 rows per cluster as at the default 1000', () => {
    const seed = legacyEmpty[0]!;
    expect(Array.from(generateSynthGauss({ seed }).dgp.masks.data)).toEqual(Array.from(fixed[seed]!.dgp.masks.data));
  });

  it('leaves no paper mask empty over seeds 0..199 at the defaults', () => {
    for (const ds of fixed) {
      expect(Math.min(...active(ds))).toBeGreaterThanOrEqual(1);
      expect(ds.diagnostics.emptyMaskClusters).toEqual([]);
    }
  });

  it('does leave some empty at minActiveFeatures 0, as both sources do (so the check above can fail)', () => {
    // P(a dataset has an empty mask) = 1 − (1 − 0.75^20)^10 ≈ 3.1 %: about 6 of 200 seeds.
    expect(legacyEmpty.length).toBeGreaterThanOrEqual(1);
    expect(legacyEmpty.length).toBeLessThanOrEqual(20);
  });

  it('redraws only the empty masks: other clusters keep their mask, all weights stay', () => {
    for (const s of SEEDS) {
      const a = legacy[s]!.dgp;
      const b = fixed[s]!.dgp;
      expect(Array.from(b.weights.data)).toEqual(Array.from(a.weights.data));
      const empty = new Set(emptyOf(legacy[s]!));
      for (let k = 0; k < 10; k++) {
        const ra = Array.from(a.masks.data.subarray(k * 20, k * 20 + 20));
        const rb = Array.from(b.masks.data.subarray(k * 20, k * 20 + 20));
        if (empty.has(k)) expect(sum(rb)).toBeGreaterThanOrEqual(1);
        else expect(rb).toEqual(ra);
      }
    }
  });

  it('honours a larger minimum and draws deterministically', () => {
    const a = generateSynthGauss({ seed: 2, nPerCluster: 4, minActiveFeatures: 8 });
    expect(Math.min(...active(a))).toBeGreaterThanOrEqual(8);
    expect(Array.from(generateSynthGauss({ seed: 2, nPerCluster: 4, minActiveFeatures: 8 }).dgp.masks.data)).toEqual(
      Array.from(a.dgp.masks.data),
    );
  });

  it('records empty-mask and single-class clusters in the dataset and the manifest, as recounted', () => {
    let sawEmpty = 0;
    let sawSingle = 0;
    for (const ds of [...legacy, ...fixed]) {
      const want = { emptyMaskClusters: emptyOf(ds), singleClassClusters: singleClass(ds) };
      expect(ds.diagnostics).toEqual(want);
      expect(ds.manifest.diagnostics).toEqual(want);
      expect(ds.manifest.warnings).toEqual(ds.warnings);
      const named = [...want.emptyMaskClusters, ...want.singleClassClusters];
      expect(ds.warnings.map((w) => Number(/^cluster (\d+):/.exec(w)?.[1]))).toEqual(named);
      sawEmpty += want.emptyMaskClusters.length;
      sawSingle += want.singleClassClusters.length;
      // An empty-mask cluster's ground truth is the zero vector on every row.
      for (const k of want.emptyMaskClusters) {
        for (const s of present(ds))
          ds.clusters[s]!.forEach((c, i) => c === k && expect(row(ds.groundTruth[s]!, i).every((v) => v === 0)).toBe(true));
      }
    }
    expect(sawEmpty).toBeGreaterThan(0);
    expect(sawSingle).toBeGreaterThan(0);
  });

  it('flags the single-class cluster of the paper defaults at seed 3 (no cure: the weights put it on one side)', () => {
    const ds = generateSynthGauss({ seed: 3 });
    const want = singleClass(ds);
    expect(want.length).toBeGreaterThan(0);
    expect(ds.diagnostics.singleClassClusters).toEqual(want);
    expect(ds.warnings.some((w) => w.startsWith(`cluster ${want[0]}: all 1000 rows in class`))).toBe(true);
  });

  it('keeps openxai-code as released: default = minActiveFeatures 0, same id and bytes at seed 0', () => {
    const bytes = (ds: SynthDataset): Buffer[] =>
      present(ds).flatMap((s) =>
        [ds[s]!.x.data, ds[s]!.y, ds.groundTruth[s]!.data].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
      );
    const a = generateSynthGauss({ variant: 'openxai-code' });
    const b = generateSynthGauss({ variant: 'openxai-code', minActiveFeatures: 0 });
    expect(a.manifest.params.minActiveFeatures).toBe(0);
    expect(b.id).toBe(a.id);
    expect(b.manifest.dataSha256).toBe(a.manifest.dataSha256);
    bytes(a).forEach((buf, i) => expect(buf.equals(bytes(b)[i]!)).toBe(true));
    // Seed 0 has no empty mask, so asking for 1 changes the id but not a single number.
    expect(a.diagnostics.emptyMaskClusters).toEqual([]);
    const c = generateSynthGauss({ variant: 'openxai-code', minActiveFeatures: 1 });
    expect(c.id).not.toBe(a.id);
    expect(c.manifest.dataSha256).toBe(a.manifest.dataSha256);
  });
});
