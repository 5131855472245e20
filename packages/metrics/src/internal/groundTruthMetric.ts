// Boundary of the six ground-truth metrics: validate once, then run a kernel.
import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { Matrix, MetricInput } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';
import type { AgreementOptions, RankingOptions } from '../groundTruth/agreementOptions.js';
import { pairwiseAgreementKernel, rankCorrelationKernel, topKAgreementKernel } from './agreement.js';
import type { TopKKind } from './agreement.js';
import { checkAttributions, checkGroundTruth, checkInputObject } from './inputs.js';
import { AGREEMENT_KEYS, RANKING_KEYS, flag, oneOf, resolveMaxK, resolvePreset } from './options.js';
import { summarize } from './summaries.js';

/**
 * The ground truth with row i multiplied by (2 * predictions[i] - 1) (the released code's
 * flip for class-0 predictions), or `g` itself when no predictions are given.
 */
function flipByPredictions(fn: string, g: Matrix, n: number, predictions: unknown): Matrix {
  if (predictions === undefined) return g;
  const p = predictions as ArrayLike<unknown> | null;
  if (p === null || typeof p !== 'object' || typeof p.length !== 'number') {
    throw new XaiError('BAD_OPTION', `predictions must be an array of 0/1 labels, got ${describeValue(predictions)}`, {
      fn,
      arg: 'predictions',
      value: predictions,
    });
  }
  if (p.length !== n) {
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} predictions (one per instance), got ${p.length}`, {
      fn,
      arg: 'predictions',
      value: p.length,
    });
  }
  const d = g.cols;
  const out = new Float64Array(n * d);
  const stride = g.stride ?? g.cols;
  const off = g.offset ?? 0;
  for (let i = 0; i < n; i++) {
    const label = p[i];
    if (label !== 0 && label !== 1) {
      throw new XaiError('BAD_OPTION', `predictions[${i}] must be 0 or 1, got ${describeValue(label)}`, {
        fn,
        arg: 'predictions',
        value: label,
      });
    }
    const s = 2 * label - 1;
    const src = off + (g.rows === 1 ? 0 : i) * stride;
    for (let j = 0; j < d; j++) out[i * d + j] = s * g.data[src + j]!;
  }
  return { rows: n, cols: d, data: out };
}

/** FA / RA / SA / SRA with validation. */
export function runTopKAgreement(fn: string, kind: TopKKind, input: MetricInput, options: AgreementOptions): MetricSummary {
  checkOptions(options, AGREEMENT_KEYS, fn);
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const e = checkAttributions(fn, input);
  const g = flipByPredictions(fn, checkGroundTruth(fn, input, e.rows, e.cols), e.rows, options.predictions);
  const K = resolveMaxK(fn, options.k, e.cols, preset);
  const auc = flag(options.auc, fn, 'auc', true);
  return summarize(kind, topKAgreementKernel(kind, e, g, K, auc));
}

/** RC / PRA with validation. */
export function runRanking(fn: string, kind: 'RC' | 'PRA', input: MetricInput, options: RankingOptions): MetricSummary {
  checkOptions(options, RANKING_KEYS, fn);
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const signed = oneOf(options.ranking, fn, 'ranking', ['magnitude', 'signed'] as const, 'magnitude') === 'signed';
  const e = checkAttributions(fn, input);
  const g = checkGroundTruth(fn, input, e.rows, e.cols);
  const values = kind === 'RC' ? rankCorrelationKernel(e, g, preset, signed) : pairwiseAgreementKernel(e, g, preset, signed);
  return summarize(kind, values);
}
