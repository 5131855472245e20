// Kernels of the six ground-truth agreement metrics (unchecked: shapes validated by callers).
import { averageRanks, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { Preset } from '../preset.js';
import { trapezoidMean } from './auc.js';
import { denseRanksFromOrder, orderByMagnitude, pearson } from './rank.js';

export type TopKKind = 'FA' | 'RA' | 'SA' | 'SRA';

/**
 * Per-instance top-k agreement between attributions and ground truth for k = 1..K, reduced
 * to the trapezoid mean over k (auc) or the value at k = K. Top-k = the k largest |value|,
 * ties broken by the lower feature index. FA/SA intersect the two top-k sets (SA also
 * requires equal signs); RA/SRA compare position by position the feature and its dense
 * rank of -|value| (SRA also the sign), as OpenXAI's `_construct_topk_dfs`.
 */
export function topKAgreementKernel(kind: TopKKind, e: Matrix, g: Matrix, K: number, auc: boolean): Float64Array {
  const n = e.rows;
  const d = e.cols;
  const out = new Float64Array(n);
  const absE = new Float64Array(d);
  const absG = new Float64Array(d);
  const orderE = new Int32Array(d);
  const orderG = new Int32Array(d);
  const rankE = new Float64Array(d);
  const rankG = new Float64Array(d);
  const inE = new Uint8Array(d);
  const inG = new Uint8Array(d);
  const perK = new Float64Array(K);
  const signed = kind === 'SA' || kind === 'SRA';
  const ranked = kind === 'RA' || kind === 'SRA';
  for (let i = 0; i < n; i++) {
    const er = row(e, i);
    const gr = row(g, g.rows === 1 ? 0 : i);
    orderByMagnitude(er, absE, orderE);
    orderByMagnitude(gr, absG, orderG);
    let count = 0;
    if (ranked) {
      denseRanksFromOrder(absE, orderE, rankE);
      denseRanksFromOrder(absG, orderG, rankG);
      for (let p = 0; p < K; p++) {
        const a = orderE[p]!;
        if (a === orderG[p]! && rankE[a] === rankG[a] && (!signed || Math.sign(er[a]!) === Math.sign(gr[a]!))) count++;
        perK[p] = count / (p + 1);
      }
    } else {
      inE.fill(0);
      inG.fill(0);
      for (let p = 0; p < K; p++) {
        const a = orderE[p]!;
        const b = orderG[p]!;
        // Grow both sets by one; each newly shared feature is counted exactly once.
        inE[a] = 1;
        if (inG[a] === 1 && (!signed || Math.sign(er[a]!) === Math.sign(gr[a]!))) count++;
        inG[b] = 1;
        if (inE[b] === 1 && (!signed || Math.sign(er[b]!) === Math.sign(gr[b]!))) count++;
        perK[p] = count / (p + 1);
      }
    }
    out[i] = auc ? trapezoidMean(perK, K) : perK[K - 1]!;
  }
  return out;
}

/**
 * Rank correlation over all features: Spearman (Pearson of average ranks of |value|) in
 * `default`/`paper`; Pearson of dense ranks in `openxai` (the released code). NaN when
 * either ranking is constant (e.g. all-zero attributions).
 */
export function rankCorrelationKernel(e: Matrix, g: Matrix, preset: Preset): Float64Array {
  const n = e.rows;
  const d = e.cols;
  const out = new Float64Array(n);
  const absE = new Float64Array(d);
  const absG = new Float64Array(d);
  const orderE = new Int32Array(d);
  const orderG = new Int32Array(d);
  const rankE = new Float64Array(d);
  const rankG = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const er = row(e, i);
    const gr = row(g, g.rows === 1 ? 0 : i);
    if (preset === 'openxai') {
      orderByMagnitude(er, absE, orderE);
      orderByMagnitude(gr, absG, orderG);
      denseRanksFromOrder(absE, orderE, rankE);
      denseRanksFromOrder(absG, orderG, rankG);
    } else {
      for (let j = 0; j < d; j++) { absE[j] = Math.abs(er[j]!); absG[j] = Math.abs(gr[j]!); }
      averageRanks(absE, rankE);
      averageRanks(absG, rankG);
    }
    out[i] = pearson(rankE, rankG);
  }
  return out;
}

/**
 * Pairwise rank agreement over all pairs i < j of the dense ranks of -|value|. `openxai`:
 * a pair agrees when the truth value of "rank_i < rank_j" is the same in both (so a tie in
 * one ranking agrees with "j before i" in the other). `default`/`paper`: the pair's order
 * (before, tied, after) must be the same. NaN when d < 2.
 */
export function pairwiseAgreementKernel(e: Matrix, g: Matrix, preset: Preset): Float64Array {
  const n = e.rows;
  const d = e.cols;
  const out = new Float64Array(n);
  if (d < 2) return out.fill(Number.NaN);
  const absE = new Float64Array(d);
  const absG = new Float64Array(d);
  const orderE = new Int32Array(d);
  const orderG = new Int32Array(d);
  const rankE = new Float64Array(d);
  const rankG = new Float64Array(d);
  const pairs = (d * (d - 1)) / 2;
  const code = preset === 'openxai';
  for (let i = 0; i < n; i++) {
    orderByMagnitude(row(e, i), absE, orderE);
    orderByMagnitude(row(g, g.rows === 1 ? 0 : i), absG, orderG);
    denseRanksFromOrder(absE, orderE, rankE);
    denseRanksFromOrder(absG, orderG, rankG);
    let agree = 0;
    for (let a = 0; a < d; a++) {
      const ea = rankE[a]!;
      const ga = rankG[a]!;
      for (let b = a + 1; b < d; b++) {
        if (code) {
          if ((ea < rankE[b]!) === (ga < rankG[b]!)) agree++;
        } else if (Math.sign(ea - rankE[b]!) === Math.sign(ga - rankG[b]!)) {
          agree++;
        }
      }
    }
    out[i] = agree / pairs;
  }
  return out;
}
