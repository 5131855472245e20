import type { Matrix, MetricInput } from '@xai/core';
import type { MetricSummary } from './metricSummary.js';
import type { Preset } from './preset.js';

/**
 * What the stability metrics read: instances, model and explainer; attributions are optional
 * (the anchors are re-explained in the same batch as their neighbours unless
 * `useGivenAttributions` is set).
 * @since 0.1.0
 */
export type StabilityInput = Omit<MetricInput, 'attributions'> & { readonly attributions?: Matrix };

/**
 * Options of the relative-stability metrics (RIS, RRS, ROS).
 * @since 0.1.0
 */
export interface RelativeStabilityOptions {
  /** @defaultValue 'default' */
  readonly preset?: Preset;
  /** Run seed; each instance's neighbours are a sub-stream keyed by (seed, hash of its row). @defaultValue 0 */
  readonly seed?: number;
  /** Std of the neighbour noise. @defaultValue 1e-5 */
  readonly sigma?: number;
  /** Flip probability of discrete features / one-hot groups. @defaultValue sigma * sqrt(2 / pi) */
  readonly flipProbability?: number;
  /** Candidate draws per instance. @defaultValue 1000 */
  readonly candidates?: number;
  /** Neighbours kept: the first this many candidates with the instance's predicted label. @defaultValue 100 */
  readonly neighbours?: number;
  /** The p of the p-norms. @defaultValue 2 */
  readonly p?: number;
  /**
   * Output space of ROS. @defaultValue 'logit' in `openxai` and `default` (when the model has
   * logits: saturated probabilities make the ratio measure float rounding), 'probability' in
   * `paper` (eq. 5) and for models without logits
   */
  readonly rosOutput?: 'probability' | 'logit';
  /** RRS reads the first hidden layer before or after its activation. @defaultValue 'post' */
  readonly hiddenActivation?: 'pre' | 'post';
  /**
   * Explain every neighbour under its anchor's random key (common random numbers), so a
   * stochastic explainer's own noise cancels in e - e'. `false` keys each row by its own
   * content (what the released code's reseeding amounts to).
   * @defaultValue true, false in `openxai`
   */
  readonly commonRandomNumbers?: boolean;
  /** Use `input.attributions` as the anchors' explanations instead of re-explaining them. @defaultValue false */
  readonly useGivenAttributions?: boolean;
  /**
   * Also explain each anchor under a second key and report ||e - e_alt|| / ||e|| (the
   * explainer's seed-to-seed variation; 0 for deterministic explainers). Costs n extra rows
   * in the same explainer call. On whenever common random numbers are, because they cancel
   * exactly this variation out of RIS/RRS/ROS (an explainer that ignores x, e.g. Random,
   * then scores 0 and this is its only noise figure).
   * @defaultValue the value of `commonRandomNumbers` (true in `default` and `paper`, false in `openxai`)
   */
  readonly explainerNoise?: boolean;
  /** Instances per block: their candidates go through one model call, their anchors and neighbours through ONE explainer call. @defaultValue 32 */
  readonly blockSize?: number;
  /**
   * Round every candidate neighbour to float32 (`Math.fround`) before it is labelled,
   * explained and compared, as the released code's float32 tensors are. x' - x then carries
   * float32 quantisation (ulp ~6e-8 near 1 against 1e-5 noise, ~1% in the RIS denominator),
   * as in the released numbers. The anchors are used as given (pass float32-representable
   * rows for bit-level parity).
   * @defaultValue true in `openxai`, false otherwise
   */
  readonly float32Neighbours?: boolean;
  /** Return the kept neighbours (rows and owning instance) in the diagnostics. @defaultValue false */
  readonly keepNeighbours?: boolean;
  /** Quantile levels reported for each metric. @defaultValue [0.05, 0.25, 0.5, 0.75, 0.95] */
  readonly quantiles?: readonly number[];
}

/**
 * Why log aggregates of a stability result are null:
 * - `'ok'`: all three are numbers;
 * - `'all-zero'`: every defined score is 0 (mean 0, so all three logs are null). Under common
 *   random numbers this is the right value for an explainer that ignores x (Random, a
 *   constant): e' = e for every neighbour. Read its seed-to-seed variation in
 *   `diagnostics.explainerNoise` instead;
 * - `'zero-spread'`: se is 0 (equal scores, not 0): `logMean` is a number, the two `logSe*` are null;
 * - `'one-value'`: one defined score: `logMean` is a number, the two `logSe*` are null;
 * - `'no-values'`: no defined score: all three are null;
 * - `'non-finite'`: the mean or se overflowed to Infinity: the affected logs are null.
 * @since 0.1.0
 */
export type StabilityLogStatus = 'ok' | 'all-zero' | 'zero-spread' | 'one-value' | 'no-values' | 'non-finite';

/**
 * A stability metric's per-instance scores (max ratio over neighbours; NaN = undefined) with
 * the paper's log-scale aggregates and robust summaries. The log aggregates are a finite
 * number or null (never -Infinity / NaN, which JSON would silently turn into null), and
 * `logStatus` says why one is null.
 * @since 0.1.0
 */
export interface StabilityResult extends MetricSummary {
  /** ln(mean) as the paper's tables report; null when the mean is 0 or undefined (see `logStatus`). */
  readonly logMean: number | null;
  /** ln(se) as the paper's tables report (se with ddof = 1); null when se is 0 or undefined. */
  readonly logSe: number | null;
  /** ln(seDdof0): the released runner's ln(np.std(v) / sqrt(n)) over the defined values; null when 0 or undefined. */
  readonly logSeDdof0: number | null;
  /** True when there is at least one defined score and every defined score is exactly 0. */
  readonly allZero: boolean;
  /** Why a log aggregate is null ('ok' when none is). */
  readonly logStatus: StabilityLogStatus;
  readonly median: number;
  readonly quantiles: readonly { readonly q: number; readonly value: number }[];
  /** Neighbour ratios skipped as undefined (zero or NaN denominator, zero ||e||): total, per instance, and which instances had any. */
  readonly undefinedRatios: { readonly count: number; readonly perInstance: Int32Array; readonly instances: readonly number[] };
  /** Instances with no neighbour of the same predicted label (their score is undefined). */
  readonly noNeighbours: readonly number[];
}

/**
 * What the shared stability block did, for receipts and for spotting degenerate cases.
 * @since 0.1.0
 */
export interface StabilityDiagnostics {
  readonly preset: Preset;
  /**
   * The keying the metric REQUESTED through `ExplainOptions.keys`: 'common' = neighbours
   * were passed their anchor's key, 'own' = each row its own content hash. It does not
   * prove the explainer honoured it: an explainer that ignores `keys` (e.g. one drawing
   * from a per-batch stream, or a third-party one) gets its own noise into e - e' anyway;
   * compare `explainerNoise` with the scores to tell.
   */
  readonly requestedKeys: 'common' | 'own';
  readonly rosOutput: 'probability' | 'logit';
  readonly rrs: 'computed' | 'not-applicable';
  readonly sigma: number;
  readonly flipProbability: number;
  /** Candidates were rounded to float32 before use. */
  readonly float32Neighbours: boolean;
  readonly candidates: number;
  readonly neighboursWanted: number;
  /** Neighbours kept per instance. */
  readonly neighbourCounts: Int32Array;
  /** Instances with fewer neighbours than wanted (including none). */
  readonly shortOfNeighbours: readonly number[];
  readonly noNeighbours: readonly number[];
  /** Per-instance ||e(key) - e(other key)|| / ||e(key)|| when requested. */
  readonly explainerNoise: { readonly values: Float64Array; readonly mean: number; readonly median: number; readonly undefinedIndices: readonly number[] } | null;
  readonly neighbourhood: { readonly x: Matrix; readonly owner: Int32Array } | null;
  readonly explainerCalls: number;
  readonly explainedRows: number;
  readonly modelCalls: number;
  readonly modelRows: number;
}

/**
 * RIS, RRS and ROS from one set of neighbours and one batch of explanations.
 * @since 0.1.0
 */
export interface RelativeStabilityResult {
  readonly RIS: StabilityResult;
  /** null when the model has no `hidden` (e.g. LR: not applicable). */
  readonly RRS: StabilityResult | null;
  readonly ROS: StabilityResult;
  readonly diagnostics: StabilityDiagnostics;
}
