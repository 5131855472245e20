import type { Preset } from './preset.js';

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
}

/**
 * Options of the whole-ranking metrics (RC, PRA).
 * @since 0.1.0
 */
export interface RankingOptions {
  /** @defaultValue 'default' */
  readonly preset?: Preset;
}
