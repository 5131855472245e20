import { substream } from '@xai/core';
import type { Matrix } from '@xai/core';
import { clusterCentres } from './clusterCentres.js';
import { assembleSynthDataset } from './internal/assembleSynthDataset.js';
import type { SplitParts } from './internal/assembleSynthDataset.js';
import { stratifiedPick } from './internal/stratifiedPick.js';
import { gridThreshold, median } from './internal/thresholds.js';
import { testRows, validationRows } from './internal/splitSizes.js';
import { resolveSynthGaussParams } from './resolveSynthGaussParams.js';
import type { SynthGaussOptions, SynthGaussParams } from './resolveSynthGaussParams.js';
import type { SynthDataset, SynthThreshold } from './synthDataset.js';

/** Name of every random stream of the generator: (seed, STREAM, purpose, index?). */
const STREAM = 'synthgauss';

/** Grid size of the released code's threshold search (np.linspace(0, 1, 1000)). */
const GRID_SIZE = 1000;

/**
 * SynthGauss (OpenXAI, Algorithm 1 / appendix C): K Gaussian clusters N(μ_k, I) in d
 * dimensions, n rows each; cluster k has a 0/1 mask m_k (each feature kept with
 * probability p) and weights w_k ~ U(−1, 1); a row's class probability is
 * sigmoid(x · (w_k ∘ m_k)), its label that probability cut at a threshold, and its
 * ground-truth attribution is w_k ∘ m_k. A mask with fewer than `minActiveFeatures` ones
 * is redrawn (default 1 in `paper`, 0 in `openxai-code`); clusters left with an empty
 * mask or a single class are listed in `diagnostics` and `warnings`.
 *
 * Variants: `paper` — a weight vector per cluster, labels cut at the median (exactly
 * half positive), further blocks of centres at 2κ, 3κ, …, shuffled rows, test and
 * validation stratified by cluster × label. `openxai-code` — the released generator: one
 * weight vector shared by all clusters (masked per cluster), threshold chosen on a grid
 * of 1000 probabilities for the split closest to 50/50, further blocks at 2κ, 4κ, …,
 * rows grouped by cluster, test rows a uniform random subset (validation, if asked for,
 * stratified).
 *
 * Every draw comes from `substream(seed, 'synthgauss', purpose, k)`: weights, masks and
 * features of cluster k do not depend on n or on the other clusters' draws.
 * @example
 *   const ds = generateSynthGauss({ seed: 1 });   // paper defaults: 10 x 1000 rows, d = 20
 *   ds.groundTruth.test                           // 2500 x 20 masked weights
 * @since 0.1.0
 */
export function generateSynthGauss(options: SynthGaussOptions = {}): SynthDataset {
  const params = resolveSynthGaussParams(options, 'generateSynthGauss');
  const { variant, nPerCluster: n, dim: d, clusters: K, kappa, seed } = params;
  const total = n * K;
  // 1. Cluster centres, weights and masks; 2. features and their logits; 3. labels; 4. splits.
  const centres = clusterCentres(variant, K, d, kappa);
  const weights = drawWeights(params);
  const { masks, effective } = drawMasks(params, weights);
  const { x, logit } = drawFeatures(params, centres.data, effective);
  const prob = new Float64Array(total);
  for (let i = 0; i < total; i++) prob[i] = 1 / (1 + Math.exp(-logit[i]!));
  const { y, threshold } = labelRows(variant, logit, prob);
  const { splitOf, nTest, nVal, nTrain } = assignSplits(params, y);
  const order =
    params.order === 'shuffled' ? substream(seed, STREAM, 'order').permutation(total) : Int32Array.from({ length: total }, (_, i) => i);
  const rows: GeneratedRows = { x, y, prob, effective, order, splitOf, n, d };
  const kd = (data: Float64Array): Matrix => ({ rows: K, cols: d, data });
  return assembleSynthDataset(params, {
    train: gatherSplit(rows, 0, nTrain),
    test: gatherSplit(rows, 2, nTest),
    ...(nVal > 0 ? { validation: gatherSplit(rows, 1, nVal) } : {}),
    dgp: { centres, weights: kd(weights), masks: kd(masks), effectiveWeights: kd(effective), threshold },
  });
}

/** Weights U(-1, 1): per cluster (paper) or one vector for all (released code). */
function drawWeights(params: SynthGaussParams): Float64Array {
  const { variant, dim: d, clusters: K, seed } = params;
  const weights = new Float64Array(K * d);
  if (variant === 'paper') {
    for (let k = 0; k < K; k++) {
      const rng = substream(seed, STREAM, 'weights', k);
      for (let j = 0; j < d; j++) weights[k * d + j] = 2 * rng.uniform() - 1;
    }
  } else {
    const rng = substream(seed, STREAM, 'weights');
    for (let j = 0; j < d; j++) weights[j] = 2 * rng.uniform() - 1;
    for (let k = 1; k < K; k++) weights.copyWithin(k * d, 0, d);
  }
  return weights;
}

/** Feature masks per cluster, and the weights with masked features at +0 (so CSV round trips keep the bytes). */
function drawMasks(params: SynthGaussParams, weights: Float64Array): { masks: Float64Array; effective: Float64Array } {
  const { dim: d, clusters: K, maskProbability: p, minActiveFeatures: minActive, seed } = params;
  const masks = new Float64Array(K * d);
  const effective = new Float64Array(K * d);
  for (let k = 0; k < K; k++) {
    const rng = substream(seed, STREAM, 'mask', k);
    // Redraw from the cluster's own stream until enough features are kept. The first draw
    // is the released behaviour, so a mask that already qualifies is the same as with 0.
    let active: number;
    do {
      active = 0;
      for (let j = 0; j < d; j++) {
        const on = rng.bernoulli(p) ? 1 : 0;
        masks[k * d + j] = on;
        active += on;
      }
    } while (active < minActive);
    for (let j = 0; j < d; j++) if (masks[k * d + j] === 1) effective[k * d + j] = weights[k * d + j]!;
  }
  return { masks, effective };
}

/** Features, cluster-major (rows k·n … k·n + n − 1 belong to cluster k), and each row's logit. */
function drawFeatures(params: SynthGaussParams, centres: Float64Array, effective: Float64Array): { x: Float64Array; logit: Float64Array } {
  const { nPerCluster: n, dim: d, clusters: K, seed } = params;
  const x = new Float64Array(n * K * d);
  const logit = new Float64Array(n * K);
  for (let k = 0; k < K; k++) {
    const start = k * n * d;
    substream(seed, STREAM, 'features', k).fillNormal(x, 0, 1, start, start + n * d);
    const axis = centres.subarray(k * d, k * d + d);
    const w = effective.subarray(k * d, k * d + d);
    for (let i = k * n; i < (k + 1) * n; i++) {
      const o = i * d;
      let z = 0;
      for (let j = 0; j < d; j++) {
        const v = x[o + j]! + axis[j]!;
        x[o + j] = v;
        z += v * w[j]!;
      }
      logit[i] = z;
    }
  }
  return { x, logit };
}

/** Labels. The paper cuts at the median; we compare logits, which sigmoid saturation cannot tie. */
function labelRows(
  variant: SynthGaussParams['variant'],
  logit: Float64Array,
  prob: Float64Array,
): { y: Int32Array; threshold: SynthThreshold } {
  const total = logit.length;
  const y = new Int32Array(total);
  if (variant === 'paper') {
    const t = median(logit);
    for (let i = 0; i < total; i++) y[i] = logit[i]! > t ? 1 : 0;
    return { y, threshold: { kind: 'median-logit', value: t } };
  }
  const t = gridThreshold(prob, GRID_SIZE, 0.5);
  for (let i = 0; i < total; i++) y[i] = prob[i]! > t ? 1 : 0;
  return { y, threshold: { kind: 'grid-probability', value: t } };
}

/** The split of every row (0 train, 1 validation, 2 test), stratified by cluster and label. */
function assignSplits(params: SynthGaussParams, y: Int32Array): { splitOf: Uint8Array; nTest: number; nVal: number; nTrain: number } {
  const { variant, nPerCluster: n, clusters: K, seed } = params;
  const total = y.length;
  const strata = new Int32Array(total);
  for (let i = 0; i < total; i++) strata[i] = 2 * Math.floor(i / n) + y[i]!;
  const nTest = testRows(total, params.testFraction);
  const all = Int32Array.from({ length: total }, (_, i) => i);
  let isTest: Uint8Array;
  if (variant === 'paper') {
    isTest = stratifiedPick(all, strata, 2 * K, nTest, seed, [STREAM, 'test']);
  } else {
    isTest = new Uint8Array(total);
    const chosen = substream(seed, STREAM, 'test').choice(total, nTest);
    for (let k = 0; k < nTest; k++) isTest[chosen[k]!] = 1;
  }
  const trainRows = new Int32Array(total - nTest);
  for (let i = 0, t = 0; i < total; i++) if (!isTest[i]) trainRows[t++] = i;
  const nVal = validationRows(trainRows.length, params.validationFraction);
  const isVal = stratifiedPick(trainRows, strata, 2 * K, nVal, seed, [STREAM, 'validation']);
  const splitOf = new Uint8Array(total);
  for (let i = 0; i < total; i++) splitOf[i] = isTest[i] ? 2 : isVal[i] ? 1 : 0;
  return { splitOf, nTest, nVal, nTrain: trainRows.length - nVal };
}

interface GeneratedRows {
  readonly x: Float64Array;
  readonly y: Int32Array;
  readonly prob: Float64Array;
  readonly effective: Float64Array;
  readonly order: Int32Array;
  readonly splitOf: Uint8Array;
  readonly n: number;
  readonly d: number;
}

/** The rows of one split, in output order. */
function gatherSplit(g: GeneratedRows, which: number, count: number): SplitParts {
  const { d, n } = g;
  const xs = new Float64Array(count * d);
  const gt = new Float64Array(count * d);
  const ys = new Int32Array(count);
  const cs = new Int32Array(count);
  const ps = new Float64Array(count);
  let r = 0;
  for (let pos = 0; pos < g.order.length; pos++) {
    const i = g.order[pos]!;
    if (g.splitOf[i] !== which) continue;
    const k = Math.floor(i / n);
    xs.set(g.x.subarray(i * d, i * d + d), r * d);
    gt.set(g.effective.subarray(k * d, k * d + d), r * d);
    ys[r] = g.y[i]!;
    cs[r] = k;
    ps[r] = g.prob[i]!;
    r++;
  }
  return { x: { rows: count, cols: d, data: xs }, y: ys, groundTruth: { rows: count, cols: d, data: gt }, clusters: cs, probabilities: ps };
}
