import type { FeatureScale, Matrix, MetricInput } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';
import type { Preset } from '../preset.js';

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
   * `paper` (eq. 5) and for models without logits. A value (regression) model always uses its
   * outputs (diagnostics say 'value'); asking it for either is NOT_SUPPORTED.
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
  /**
   * The class (or output column of a value model) explained for each instance; its
   * neighbours are explained for the same target. Neighbours are still kept by the
   * anchor's PREDICTED label. @defaultValue the predicted class (output 0 for a value model)
   * @since 0.2.0
   */
  readonly targets?: ArrayLike<number>;
  /**
   * How the random streams are keyed. 'content' (every preset's default): candidates from a
   * sub-stream keyed by (seed, hash of the row), explanations keyed as `commonRandomNumbers`
   * says, all anchors and neighbours of a block in one explainer call. 'released' (only with
   * `preset: 'openxai'`): the released loop's seeding: candidates reseeded per instance by
   * its INDEX, the anchor explained alone and its neighbours in one call per instance, each
   * row keyed by its batch position (so neighbour 0 shares the anchor's noise, and an
   * explainer that draws by batch position, e.g. LIME's `numpy-batch`, sees the released
   * batches). Results then depend on the order of the instances, as the released numbers do.
   * 'released-fixed-candidates': the same, but every instance's candidates come from ONE
   * stream (keyed by the seed only): what the released loop does with a stochastic explainer
   * (SmoothGrad, LIME, KernelSHAP, Random), which reseeds the global generator to its own
   * seed when it explains the anchor, just before the candidates are drawn.
   * @defaultValue 'content'
   * @since 0.2.0
   */
  readonly stabilitySeeding?: 'content' | 'released' | 'released-fixed-candidates';
  /**
   * Candidates drawn and labelled per instance in the first round; further rounds draw what
   * is still needed, until `neighbours` are kept or `candidates` are used (early exit). Only
   * the work changes: the kept neighbours are the first `neighbours` same-label candidates
   * of the same stream either way. @defaultValue ceil(1.25 neighbours)
   * @since 0.2.0
   */
  readonly candidateChunk?: number;
  /**
   * Per-feature units (core's `FeatureScale`, e.g. `featureRanges(train)`): continuous
   * column j's neighbour noise is N(0, (sigma·scale[j])²), and RIS's relative input change
   * is ||(x − x') / s|| / ||x / s||. ROS and RRS compare outputs and hidden layers, unchanged.
   * @defaultValue absent (absolute units, every scale 1)
   * @since 0.3.0
   */
  readonly featureScale?: FeatureScale | readonly number[];
  /**
   * Stream key of each instance in place of its content hash ('content' seeding only): it
   * keys the candidates and, under common random numbers, the explanations of the instance
   * and its neighbours; `explainerNoise`'s second key is derived from it (so the diagnostic,
   * not the scores, differs from a run without keys even when the keys equal the content
   * hashes). @defaultValue each row's content hash
   * @since 0.3.0
   */
  readonly keys?: ArrayLike<number>;
}

/**
 * The arithmetic precision of the anchors' explanations e and of the neighbours'
 * explanations e' (never mixed silently): `given` attributions (`useGivenAttributions`)
 * are 'float32' when their data is a Float32Array or every value is float32-representable;
 * computed ones take `model.precision` ('float32' for a model computing in emulated float32),
 * else 'float64'. `mixed` is true when e and e' differ: their difference then carries the
 * rounding of the coarser one (on saturated rows it can dominate e - e').
 * @since 0.2.0
 */
export interface StabilityPrecision {
  readonly anchors: 'float32' | 'float64';
  readonly anchorsSource: 'given' | 'computed';
  readonly neighbours: 'float32' | 'float64';
  readonly mixed: boolean;
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
  /**
   * Precision of e and e' (the same record as `diagnostics.precision`), here so that a runner
   * using one metric through the registry (e.g. evaluating attributions read from a file) can
   * show it: `mixed: true` means e and e' were computed at different precisions.
   * @since 0.2.0
   */
  readonly precision: StabilityPrecision;
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
  /** 'value': a value (regression) model's raw outputs. */
  readonly rosOutput: 'probability' | 'logit' | 'value';
  readonly rrs: 'computed' | 'not-applicable';
  /** How the streams were keyed (see `stabilitySeeding`). @since 0.2.0 */
  readonly seeding: 'content' | 'released' | 'released-fixed-candidates';
  /** Precision of e and e' (see {@link StabilityPrecision}). @since 0.2.0 */
  readonly precision: StabilityPrecision;
  /** Candidates actually drawn and labelled, per instance (early exit: <= candidates). @since 0.2.0 */
  readonly candidatesDrawn: Int32Array;
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
  readonly explainerNoise: {
    readonly values: Float64Array;
    readonly mean: number;
    readonly median: number;
    readonly undefinedIndices: readonly number[];
  } | null;
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
