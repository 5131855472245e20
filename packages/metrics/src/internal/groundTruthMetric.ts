// Boundary of the six ground-truth metrics: validate once, then run a kernel.
import { summarizeValues } from '@xai/core';
import type { MetricInput, MetricResult } from '@xai/core';
import type { AgreementOptions, RankingOptions } from '../agreementOptions.js';
import { pairwiseAgreementKernel, rankCorrelationKernel, topKAgreementKernel } from './agreement.js';
import type { TopKKind } from './agreement.js';
import { checkAttributions, checkGroundTruth, checkInputObject } from './inputs.js';
import { flag, resolveMaxK, resolvePreset } from './options.js';

/** FA / RA / SA / SRA with validation. */
export function runTopKAgreement(fn: string, kind: TopKKind, input: MetricInput, options: AgreementOptions): MetricResult {
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const e = checkAttributions(fn, input);
  const g = checkGroundTruth(fn, input, e.rows, e.cols);
  const K = resolveMaxK(fn, options.k, e.cols, preset);
  const auc = flag(fn, 'auc', options.auc, true);
  return summarizeValues(kind, topKAgreementKernel(kind, e, g, K, auc));
}

/** RC / PRA with validation. */
export function runRanking(fn: string, kind: 'RC' | 'PRA', input: MetricInput, options: RankingOptions): MetricResult {
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const e = checkAttributions(fn, input);
  const g = checkGroundTruth(fn, input, e.rows, e.cols);
  const values = kind === 'RC' ? rankCorrelationKernel(e, g, preset) : pairwiseAgreementKernel(e, g, preset);
  return summarizeValues(kind, values);
}
