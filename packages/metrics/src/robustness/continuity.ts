import { XaiError, checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare, repeatTargets } from '../internal/common.js';
import { anyPresetOption, flag, positiveInt } from '../internal/options.js';
import { baselineFill } from '../internal/quantusBaseline.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { INPUT_INDEPENDENT_FLOOR, RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link continuity}. @since 0.3.0 */
export interface ContinuityOptions {
  /** Translations tried (Quantus `nr_steps`, 28 for 28-pixel images). @defaultValue min(28, 2d): offsets −d + 1 … d */
  readonly steps?: number;
  /** What shifted-in features take: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
  /** Divide each batch of explanations by its largest |value| (Quantus `normalise=True`, `normalise_by_max`). @defaultValue true */
  readonly normalise?: boolean;
  /** Compare |explanations| (Quantus `abs=True`). @defaultValue true */
  readonly abs?: boolean;
  /**
   * Accepted for a uniform runner; the defaults are already Quantus', and `steps` stays min(28, 2d) under
   * `quantus` too (Quantus' 28 steps run past ±d for d < 14). @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<ContinuityOptions> = ['steps', 'baseline', 'normalise', 'abs', 'preset'];

/** Static facts about continuity. @since 0.3.0 */
export const continuityInfo = {
  id: 'CONTINUITY',
  name: 'Continuity',
  family: 'robustness',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference:
    'Montavon et al. 2018, "Methods for Interpreting and Understanding Deep Neural Networks", §4.2 (continuity); Quantus Continuity (quantus/metrics/robustness/continuity.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('Continuity'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: INPUT_INDEPENDENT_FLOOR,
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
} as const;

/** Quantus' translation offsets: from −d in steps of ⌊(2d + 1) / steps⌋, the first step taken. */
function translations(d: number, steps: number): Int32Array {
  const dx = Math.floor((2 * d + 1) / steps);
  return Int32Array.from({ length: steps }, (_, s) => -d + (s + 1) * dx);
}

/** Row i shifted by t columns (x'_j = x_{j−t}), vacated columns from `base`. */
function translated(x: Matrix, shifts: Int32Array, fill: ReturnType<typeof baselineFill>): Matrix {
  const { rows: n, cols: d } = x;
  const S = shifts.length;
  const out = matrix(n * S, d);
  const base = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    fill(xi, base);
    for (let s = 0; s < S; s++) {
      const t = shifts[s]!;
      const at = (i * S + s) * d;
      for (let j = 0; j < d; j++) out.data[at + j] = j - t >= 0 && j - t < d ? xi[j - t]! : base[j]!;
    }
  }
  return out;
}

/** Quantus' pre-processing of one batch of explanations: ÷ max |value| over the batch, then |·|. */
function prepared(e: Matrix, rows: readonly number[], normalise: boolean, abs: boolean): Float64Array[] {
  let max = 0;
  for (const r of rows) for (const v of row(e, r)) max = Math.max(max, Math.abs(v));
  const scale = normalise && max > 0 ? 1 / max : 1;
  return rows.map((r) => row(e, r).map((v) => (abs ? Math.abs(v * scale) : v * scale)));
}

/**
 * Continuity (Montavon et al. 2018) as Quantus computes it on a feature vector: the instance is
 * translated along its features (Quantus' `batched_translation`, vacated columns from the
 * baseline) by `steps` offsets from −d upward, each translate is re-explained with
 * `input.explain`, and the value is the largest ||ê(x) − ê(x')||₁ / (||x − x'||₂ + 1e-9), with ê
 * the explanation divided by the largest |value| of its batch and made absolute (the batch is
 * the input, and each step's translates). Φ(x) is `input.attributions` when given (it must be
 * `explain(model, x, targets)`). Translating tabular features has no physical meaning; it is
 * offered to reproduce Quantus. Lower is better. One explain call over n·steps rows.
 * @example continuity({ x, model, explain }, { steps: 10 }).mean
 * @since 0.3.0
 */
export function continuity(input: ExtendedMetricInput, options: ContinuityOptions = {}): MetricResult {
  const fn = 'continuity';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const p = prepare(fn, input, ['model', 'explain']);
  const { x, n, d, targets } = p;
  const steps = positiveInt(o.steps ?? Math.min(28, 2 * d), fn, 'options.steps');
  if (steps > 2 * d + 1)
    throw new XaiError('BAD_OPTION', `steps ${steps} exceeds the 2d + 1 = ${2 * d + 1} translations`, {
      fn,
      arg: 'options.steps',
      value: steps,
    });
  const normalise = flag(o.normalise, fn, 'options.normalise', true);
  const abs = flag(o.abs, fn, 'options.abs', true);
  const shifts = translations(d, steps);
  const xs = translated(x, shifts, baselineFill(o.baseline ?? 'black', d, fn));
  const e0 = prepared(p.given ? p.attributions : p.explain(p.model, x, targets), [...Array(n).keys()], normalise, abs);
  const es = p.explain(p.model, xs, repeatTargets(targets, steps));
  const values = new Float64Array(n).fill(-Infinity);
  for (let s = 0; s < steps; s++) {
    const rows = Array.from({ length: n }, (_, i) => i * steps + s);
    const e1 = prepared(es, rows, normalise, abs);
    for (let i = 0; i < n; i++) {
      const xi = row(x, i);
      const xp = row(xs, rows[i]!);
      let l1 = 0;
      let l2 = 0;
      for (let j = 0; j < d; j++) {
        l1 += Math.abs(e0[i]![j]! - e1[i]![j]!);
        l2 += (xi[j]! - xp[j]!) ** 2;
      }
      values[i] = Math.max(values[i]!, l1 / (Math.sqrt(l2) + 1e-9));
    }
  }
  return summarizeValues('CONTINUITY', values);
}
