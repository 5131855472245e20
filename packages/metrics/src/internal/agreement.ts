// Kernels of the six ground-truth agreement metrics (unchecked: shapes validated by callers).
import { argsort, averageRanks, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { Preset } from '../preset.js';
import { trapezoidMean } from './auc.js';
import { denseRanksFromOrder, orderByMagnitude, pearson } from './rank.js';

export type TopKKind = 'FA' | 'RA' | 'SA' | 'SRA';

/**
 * The rule of each top-k metric: by position (same feature at the same place with the same
 * dense rank) or by set (feature in both top-k sets); signed rules also require equal signs.
 */
const TOP_K_RULES: Readonly<Record<TopKKind, { readonly byPosition: boolean; readonly signed: boolean }>> = {
  FA: { byPosition: false, signed: false },
  SA: { byPosition: false, signed: true },
  RA: { byPosition: true, signed: false },
  SRA: { byPosition: true, signed: true },
};

const EMPTY: ArrayLike<number> = new Float64Array(0);

/** Buffers allocated once per kernel call and refilled for each instance (rows, |values|, orders, ranks). */
function scratch(d: number) {
  const f = (): Float64Array => new Float64Array(d);
  return { er: EMPTY, gr: EMPTY, absE: f(), absG: f(), orderE: new Int32Array(d), orderG: new Int32Array(d), rankE: f(), rankG: f() };
}
type Scratch = ReturnType<typeof scratch>;

/** Points `s` at instance i (a one-row ground truth is shared by every instance). */
function loadRows(s: Scratch, e: Matrix, g: Matrix, i: number): void {
  s.er = row(e, i);
  s.gr = row(g, g.rows === 1 ? 0 : i);
}

/**
 * Orders both loaded rows by descending |value| (`signed`: by descending value, so the most
 * positive ranks first) and, when `dense`, takes their dense ranks. `absE`/`absG` then hold
 * the keys ranked (|value| or value).
 */
function orderRows(s: Scratch, dense: boolean, signed = false): void {
  if (signed) {
    for (let j = 0; j < s.absE.length; j++) {
      s.absE[j] = s.er[j]!;
      s.absG[j] = s.gr[j]!;
    }
    argsort(s.absE, true, s.orderE);
    argsort(s.absG, true, s.orderG);
  } else {
    orderByMagnitude(s.er, s.absE, s.orderE);
    orderByMagnitude(s.gr, s.absG, s.orderG);
  }
  if (!dense) return;
  denseRanksFromOrder(s.absE, s.orderE, s.rankE);
  denseRanksFromOrder(s.absG, s.orderG, s.rankG);
}

/** Fills perK[p] = (hits over positions 0..p) / (p + 1), where `hits(p)` is what position p adds. */
function topKCurve(hits: (p: number) => number, perK: Float64Array): void {
  let count = 0;
  for (let p = 0; p < perK.length; p++) {
    count += hits(p);
    perK[p] = count / (p + 1);
  }
}

/**
 * Per-instance top-k agreement between attributions and ground truth for k = 1..K, reduced
 * to the trapezoid mean over k (auc) or the value at k = K. Top-k = the k largest |value|,
 * ties broken by the lower feature index. FA/SA intersect the two top-k sets (SA also
 * requires equal signs); RA/SRA compare position by position the feature and its dense
 * rank of -|value| (SRA also the sign), as OpenXAI's `_construct_topk_dfs`.
 */
export function topKAgreementKernel(kind: TopKKind, e: Matrix, g: Matrix, K: number, auc: boolean): Float64Array {
  const { byPosition, signed } = TOP_K_RULES[kind];
  const d = e.cols;
  const out = new Float64Array(e.rows);
  const s = scratch(d);
  const inE = new Uint8Array(d);
  const inG = new Uint8Array(d);
  const perK = new Float64Array(K);
  // The predicates read the current instance through `s`, so they are made once per call.
  const signOk = (j: number): boolean => !signed || Math.sign(s.er[j]!) === Math.sign(s.gr[j]!);
  const samePlace = (p: number): number => {
    const a = s.orderE[p]!;
    return a === s.orderG[p]! && s.rankE[a] === s.rankG[a] && signOk(a) ? 1 : 0;
  };
  // Grow both sets by one; each newly shared feature is counted exactly once (also when a === b).
  const newlyShared = (p: number): number => {
    const a = s.orderE[p]!;
    const b = s.orderG[p]!;
    inE[a] = 1;
    const hitA = inG[a] === 1 && signOk(a) ? 1 : 0;
    inG[b] = 1;
    return hitA + (inE[b] === 1 && signOk(b) ? 1 : 0);
  };
  const hits = byPosition ? samePlace : newlyShared;
  for (let i = 0; i < e.rows; i++) {
    loadRows(s, e, g, i);
    orderRows(s, byPosition);
    if (!byPosition) {
      inE.fill(0);
      inG.fill(0);
    }
    topKCurve(hits, perK);
    out[i] = auc ? trapezoidMean(perK, K) : perK[K - 1]!;
  }
  return out;
}

/**
 * Rank correlation over all features: Spearman (Pearson of average ranks of |value|) in
 * `default`/`paper`; Pearson of dense ranks in `openxai` (the released code). `signed` ranks
 * the values themselves (Quantus' Spearman similarity): e = -g then scores -1, not 1. NaN
 * when either ranking is constant (e.g. all-zero attributions).
 */
export function rankCorrelationKernel(e: Matrix, g: Matrix, preset: Preset, signed = false): Float64Array {
  const d = e.cols;
  const out = new Float64Array(e.rows);
  const s = scratch(d);
  for (let i = 0; i < e.rows; i++) {
    loadRows(s, e, g, i);
    if (preset === 'openxai') {
      // Dense ranks of the descending order: rank 1 = largest; the sign of the correlation
      // is the same as that of ranks of the ascending order.
      orderRows(s, true, signed);
    } else {
      for (let j = 0; j < d; j++) {
        s.absE[j] = signed ? s.er[j]! : Math.abs(s.er[j]!);
        s.absG[j] = signed ? s.gr[j]! : Math.abs(s.gr[j]!);
      }
      averageRanks(s.absE, s.rankE);
      averageRanks(s.absG, s.rankG);
    }
    out[i] = pearson(s.rankE, s.rankG);
  }
  return out;
}

/** `openxai`: the truth of "rank_a < rank_b" is the same (a tie agrees with "b before a"). */
const sameLess = (ea: number, eb: number, ga: number, gb: number): boolean => ea < eb === ga < gb;
/** `default`/`paper`: the pair's order (before, tied, after) is the same. */
const sameOrder = (ea: number, eb: number, ga: number, gb: number): boolean => Math.sign(ea - eb) === Math.sign(ga - gb);

/**
 * Pairwise rank agreement over all pairs a < b of the dense ranks of -|value|. `openxai`:
 * a pair agrees when the truth value of "rank_a < rank_b" is the same in both (so a tie in
 * one ranking agrees with "b before a" in the other). `default`/`paper`: the pair's order
 * (before, tied, after) must be the same. `signed` ranks the values themselves instead of
 * their magnitudes. NaN when d < 2.
 */
export function pairwiseAgreementKernel(e: Matrix, g: Matrix, preset: Preset, signed = false): Float64Array {
  const d = e.cols;
  const out = new Float64Array(e.rows);
  if (d < 2) return out.fill(Number.NaN);
  const s = scratch(d);
  const pairs = (d * (d - 1)) / 2;
  const agrees = preset === 'openxai' ? sameLess : sameOrder;
  for (let i = 0; i < e.rows; i++) {
    loadRows(s, e, g, i);
    orderRows(s, true, signed);
    let agree = 0;
    for (let a = 0; a < d; a++) {
      for (let b = a + 1; b < d; b++) if (agrees(s.rankE[a]!, s.rankE[b]!, s.rankG[a]!, s.rankG[b]!)) agree++;
    }
    out[i] = agree / pairs;
  }
  return out;
}
