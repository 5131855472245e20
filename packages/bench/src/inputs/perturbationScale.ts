// Per-feature noise units for a bench run: which `featureScale` the explainers and metrics
// get under each preset, and the warning for released constants on unscaled columns.
import { observedValues } from '@xai/data';
import type { FeatureKind, FeatureScale, Matrix } from '@xai/core';
import { XaiError, contiguous, featureRanges, isUnitScale } from '@xai/core';
import { FEATURE_SCALE_EXPLAINER_IDS } from '@xai/explainers';
import type { ExplainerId } from '@xai/explainers';
import { takesFeatureScale } from '@xai/metrics';
import type { PresetName } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';

/** How far from 1 a range still counts as 1 (a few ulps of the min-max scaler's rounding). */
const UNIT_TOLERANCE = 1e-12;

/** Column kinds and one-hot groups of the model's input columns (a dataset schema's). */
export interface ColumnCoding {
  readonly kinds: readonly FeatureKind[];
  readonly groups: readonly (readonly number[])[];
}

/** The run's noise units and the options they add to each explainer and metric. @since 0.3.0 */
export interface PerturbationScale {
  /** null: absolute units (the released constants; also every range 1, min-max-scaled data). */
  readonly featureScale: FeatureScale | null;
  /** `{ featureScale }` for an explainer that takes it, else `{}`. */
  explainerOptions(id: string): { readonly featureScale?: FeatureScale };
  /** `{ featureScale }` for a metric (one of the eleven or an extended id) that takes it, else `{}`. */
  metricOptions(id: string): { readonly featureScale?: FeatureScale };
}

/**
 * The noise units for a run on `train` (the rows in the model's own input space):
 * `default` scales every noise and distance by the training range of each continuous column
 * (core's `featureRanges`; 1 on min-max-scaled data, ranges within 1e-12 of 1 count as 1, so
 * min-max-scaled datasets keep their numbers and options); `openxai` and `paper` keep the
 * absolute constants they reproduce. Note SynthGauss is not min-max scaled (ranges ≈ 12–14):
 * under `default` it gets scales too. Columns the
 * coding marks discrete or one-hot keep scale 1: they hold 0/1 codes, PGI/PGU and the
 * stability metrics flip them rather than add noise, and 1 is the range of a 0/1 column, so
 * a coded column that happens to be constant or sparse in `train` is never rescaled.
 * @example const ps = perturbationScale('default', train, schema); createExplainer(id, { ...o, ...ps.explainerOptions(id) })
 * @since 0.3.0
 */
export function perturbationScale(preset: PresetName, train: Matrix, coding?: ColumnCoding): PerturbationScale {
  const fn = 'perturbationScale';
  let scale: FeatureScale | null = null;
  if (protocolPreset(preset) === 'default') {
    scale = featureRanges(observedValues(train));
    if (coding !== undefined) {
      if (coding.kinds.length !== train.cols)
        throw new XaiError('SHAPE_MISMATCH', `the coding has ${coding.kinds.length} column kinds, train has ${train.cols} columns`, {
          fn,
          arg: 'coding',
          value: coding.kinds.length,
        });
      for (let j = 0; j < train.cols; j++) if (coding.kinds[j] === 'discrete') scale[j] = 1;
      for (const cols of coding.groups) for (const j of cols) scale[j] = 1;
    }
    // A min-max-scaled column can span 1 − 1 ulp (adult's hours-per-week, heloc's
    // NetFractionInstallBurden): that is the scaler's rounding, and 1 keeps the numbers' bits.
    for (let j = 0; j < train.cols; j++) if (Math.abs(scale[j]! - 1) <= UNIT_TOLERANCE) scale[j] = 1;
    if (isUnitScale(scale)) scale = null;
  }
  const given = scale === null ? {} : { featureScale: scale };
  return {
    featureScale: scale,
    explainerOptions: (id) => ((FEATURE_SCALE_EXPLAINER_IDS as readonly string[]).includes(id as ExplainerId) ? given : {}),
    metricOptions: (id) => (takesFeatureScale(id) ? given : {}),
  };
}

/** Columns listed by name in the warning before it says how many more there are. */
const LISTED = 5;

/**
 * A warning when `preset` is `openxai` and some training column leaves [0, 1]: the released
 * constants (LIME's and SmoothGrad's N(0, 0.1²), PGI/PGU's 0.1, the stability metrics' 1e-5,
 * LIME's kernel width) assume min-max-scaled features. Names the columns and their ranges;
 * null when every column is within [0, 1] or the preset is another.
 * @example const w = openxaiRangeWarning(preset, train, schema.names); if (w) log.warn(w)
 * @since 0.3.0
 */
export function openxaiRangeWarning(preset: PresetName, train: Matrix, names?: readonly string[]): string | null {
  if (preset !== 'openxai' || train.rows === 0) return null;
  const t = contiguous(train);
  const d = train.cols;
  const lo = new Float64Array(d).fill(Infinity);
  const hi = new Float64Array(d).fill(-Infinity);
  for (let i = 0; i < train.rows; i++) {
    for (let j = 0; j < d; j++) {
      const v = t.data[i * d + j]!;
      if (v < lo[j]!) lo[j] = v;
      if (v > hi[j]!) hi[j] = v;
    }
  }
  const outside: string[] = [];
  for (let j = 0; j < d; j++) {
    if (lo[j]! >= 0 && hi[j]! <= 1) continue;
    outside.push(`${names?.[j] ?? `column ${j}`} [${fmt(lo[j]!)}, ${fmt(hi[j]!)}]`);
  }
  if (outside.length === 0) return null;
  const more = outside.length > LISTED ? ` and ${outside.length - LISTED} more` : '';
  return (
    `preset 'openxai' keeps the released absolute noise (N(0, 0.1²) in LIME, SmoothGrad and PGI/PGU, 1e-5 in RIS/RRS/ROS), ` +
    `which assumes features in [0, 1]; ${outside.length} of ${d} columns are not: ${outside.slice(0, LISTED).join(', ')}${more}. ` +
    "Min-max scale them first, or use preset 'default', which draws the noise in each column's own units."
  );
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(4);
}
