import type { Preset } from '../preset.js';

/**
 * Options of the top-k agreement metrics (FA, RA, SA, SRA).
 * @since 0.1.0
 */
export interface AgreementOptions {
  /** @defaultValue 'default' */
  readonly preset?: Preset;
  /**
   * Largest k: an integer in [1, d] or a fraction of d in (0, 1), rounded up.
   * @defaultValue ceil(0.25 d) in `openxai`, d in `default` and `paper`
   */
  readonly k?: number;
  /**
   * Report the area under the curve over k = 1..K (trapezoid on (k - 1)/(K - 1), so a
   * perfect explanation scores 1) instead of the value at k = K alone.
   * @defaultValue true
   */
  readonly auc?: boolean;
  /**
   * Predicted labels (0 or 1), one per instance. When given, ground-truth row i (or the
   * shared row) is multiplied by (2 * predictions[i] - 1) before comparing, as the released
   * code's `eval_ground_truth_faithfulness` does with the LR's w1 - w0; only the signs (SA,
   * SRA) can change. Leave it out when the ground truth is already flipped per row
   * (e.g. `linearGroundTruth(model, x, { flipForClass0: true })` from `@xai/models`).
   * @defaultValue undefined (ground truth used as given)
   */
  readonly predictions?: ArrayLike<number>;
}

/**
 * Options of the whole-ranking metrics (RC, PRA).
 * @since 0.1.0
 */
export interface RankingOptions {
  /** @defaultValue 'default' */
  readonly preset?: Preset;
  /**
   * What is ranked: 'magnitude' ranks |value| (OpenXAI, every preset's default); 'signed'
   * ranks the values themselves, most positive first (Quantus' Spearman / Kendall-style
   * similarity), so an explanation with the opposite signs (e = -g) scores RC = -1 instead
   * of 1. @defaultValue 'magnitude'
   * @since 0.2.0
   */
  readonly ranking?: 'magnitude' | 'signed';
}
