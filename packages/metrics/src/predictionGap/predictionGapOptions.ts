import type { FeatureGroups, FeatureScale } from '@xai/core';
import type { Preset } from '../preset.js';

/**
 * Options of the prediction-gap metrics (PGI, PGU).
 *
 * One-hot groups (`input.schema.groups`): in `default` and `paper` a group is one unit whose
 * state is its hot column. It is perturbed when its hot column is (PGI: the hot column is in
 * the top-k; PGU: it is not), and a flip then moves the 1 to a uniformly chosen other column
 * of the group; otherwise it stays as it is. The cold columns' ranks play no part (they get
 * ~0 attribution under gradient x input, IG or SHAP). `openxai` keeps the released code's
 * per-column mask: it moves the 1, then restores the fixed columns, which can leave a group
 * with no 1 or two (the released `NewDiscrete_NormalPerturbation` does exactly this).
 *
 * Feature groups (`groups`, any preset): the top-k ranks UNITS (a group, or a column in no
 * group) by the sum of |attribution| over their columns, k counts units, and a unit is
 * perturbed or kept as a whole. A one-hot group of the schema follows the unit of its hot column.
 *
 * Value (regression) models (`model.output === 'value'`): the gap is |f_t(x') - f_t(x)| of
 * the target output t (output 0 by default).
 * @since 0.1.0
 */
export interface PredictionGapOptions {
  /** @defaultValue 'default' */
  readonly preset?: Preset;
  /** Run seed; each instance's noise is a sub-stream keyed by (seed, hash of its row). @defaultValue 0 */
  readonly seed?: number;
  /**
   * Largest k: an integer in [1, d] or a fraction of d in (0, 1), rounded up.
   * @defaultValue ceil(0.25 d) in `openxai`, d in `default` and `paper`
   */
  readonly k?: number;
  /** Area under the curve over k = 1..K (trapezoid mean) instead of the value at K. @defaultValue true */
  readonly auc?: boolean;
  /** Perturbed samples per instance and k. @defaultValue 100 */
  readonly samples?: number;
  /** Std of the Gaussian noise on continuous features. @defaultValue 0.1 */
  readonly sigma?: number;
  /** Flip probability of discrete features and one-hot groups. @defaultValue sigma * sqrt(2 / pi) */
  readonly flipProbability?: number;
  /** Upper bound on the rows of one predictProba call (memory vs call count). @defaultValue 32768 */
  readonly maxBatchRows?: number;
  /**
   * Columns switched on/off as one unit (core's `FeatureGroups`, e.g. from `groupsFromIds`):
   * ranked by summed |attribution|, perturbed together. @defaultValue none (each column its own unit)
   * @since 0.2.0
   */
  readonly groups?: FeatureGroups;
  /**
   * The output whose change is measured, per instance (a class index, or an output column of
   * a value model). @defaultValue the predicted class (probability column 0 in `openxai`, as
   * the released code reads; output 0 for a value model)
   * @since 0.2.0
   */
  readonly targets?: ArrayLike<number>;
  /**
   * Per-feature units of the noise (core's `FeatureScale`, e.g. `featureRanges(train)`):
   * continuous column j gets N(0, (sigma·scale[j])²); 0/1 flips and one-hot moves are
   * unchanged. @defaultValue absent (absolute units, every scale 1)
   * @since 0.3.0
   */
  readonly featureScale?: FeatureScale | readonly number[];
  /**
   * Stream key of each instance in place of its content hash (equal keys, equal draws): e.g.
   * to give a raw row and its min-max-scaled copy the same standard normals.
   * @defaultValue each row's content hash
   * @since 0.3.0
   */
  readonly keys?: ArrayLike<number>;
}
