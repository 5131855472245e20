// Shared plumbing of the extended metrics (faithfulness, robustness, complexity,
// randomisation, axiomatic, agreement): input checks, row keys, batched target outputs,
// correlations. Inputs are validated once at the public boundary; kernels here are unchecked.
import {
  XaiError,
  assertFinite,
  assertMatrix,
  averageRanks,
  checkedModel,
  defaultTargets,
  describeValue,
  hashFloat64,
  row,
  substream,
  toFloat64Matrix,
} from '@xai/core';
import type { Matrix, Model, Rng } from '@xai/core';
import type { ExplainFn, ExtendedMetricInput, NoiseUnitsOptions } from '../extendedMetricTypes.js';
import { resolveFeatureScale, resolveKeys } from './featureScale.js';
import { pearson } from './rank.js';

export { pearson };

/** The checked pieces a metric reads. */
export interface Prepared {
  readonly x: Matrix;
  readonly n: number;
  readonly d: number;
  readonly attributions: Matrix;
  readonly model: Model;
  readonly targets: Int32Array;
  readonly explain: ExplainFn;
  /** `input.attributions` was given (validated whenever present, required only when `needs` says so). */
  readonly given: boolean;
}

type Need = 'model' | 'attributions' | 'explain';

function fail(fn: string, arg: string, message: string, value: unknown): never {
  throw new XaiError('BAD_INPUT', message, { fn, arg, value });
}

/**
 * x / attributions as a Float64 matrix: a matrix over any numeric typed array is accepted (copied once), then checked
 * finite; rows of numbers are refused as by every entry point (the error names fromRows).
 */
function inputMatrix(value: unknown, fn: string, arg: string, rows?: number, cols?: number): Matrix {
  const m = value as { rows?: unknown; cols?: unknown } | null;
  const r = rows ?? (m !== null && typeof m === 'object' ? m.rows : undefined);
  const c = cols ?? (m !== null && typeof m === 'object' ? m.cols : undefined);
  if (Array.isArray(value) || !Number.isInteger(r) || !Number.isInteger(c) || (r as number) < 0 || (c as number) < 0) {
    assertMatrix(value, fn, arg); // throws the shape-less message
  }
  const out = toFloat64Matrix(value, r as number, c as number, fn, arg);
  assertFinite(out, fn, arg);
  return out;
}

/**
 * Validates `input` for `fn`; fields not in `needs` are returned as placeholders and must not be
 * read, except `attributions`, which are validated (and `given` set) whenever present.
 */
export function prepare(fn: string, input: ExtendedMetricInput, needs: readonly Need[]): Prepared {
  if (input === null || typeof input !== 'object')
    fail(fn, 'input', `expected an input object {x, attributions, model, ...}, got ${describeValue(input)}`, input);
  const x = inputMatrix(input.x, fn, 'input.x');
  const n = x.rows;
  const d = x.cols;
  if (n === 0) throw new XaiError('EMPTY', 'no instances to evaluate', { fn, arg: 'input.x', value: 0 });
  let attributions: Matrix = x;
  if (needs.includes('attributions') && input.attributions === undefined)
    fail(fn, 'input.attributions', 'this metric needs attributions (n x d)', undefined);
  const given = input.attributions !== undefined;
  if (given) attributions = inputMatrix(input.attributions, fn, 'input.attributions', n, d);
  let model = undefined as unknown as Model;
  let targets: Int32Array = new Int32Array(n);
  if (needs.includes('model')) {
    if (input.model === undefined) fail(fn, 'input.model', 'this metric needs a model', undefined);
    model = checkedModel(input.model, fn);
    if (model.inputDim !== d)
      throw new XaiError('SHAPE_MISMATCH', `model.inputDim is ${model.inputDim} but x has ${d} columns`, {
        fn,
        arg: 'input.model',
        value: model.inputDim,
      });
    if (input.targets !== undefined) {
      if (!(input.targets instanceof Int32Array) || input.targets.length !== n)
        fail(fn, 'input.targets', `expected an Int32Array of length ${n}, got ${describeValue(input.targets)}`, input.targets);
      for (let i = 0; i < n; i++) {
        const t = input.targets[i]!;
        if (t < 0 || t >= model.classes)
          throw new XaiError('BAD_INPUT', `target ${t} of row ${i} is outside [0, ${model.classes})`, {
            fn,
            arg: 'input.targets',
            value: t,
            row: i,
          });
      }
      targets = input.targets;
    } else targets = defaultTargets(model, x);
  }
  let explain = undefined as unknown as ExplainFn;
  if (needs.includes('explain')) {
    if (typeof input.explain !== 'function')
      fail(fn, 'input.explain', 'this metric re-explains: it needs explain(model, x, targets) → n x d', input.explain);
    const raw = input.explain;
    // Re-explanations are checked like inputs: any numeric typed array, the right shape, and
    // finite — a NaN explanation must not become a score (e.g. max(−Infinity, NaN)) or vanish.
    explain = (m, xs, t) => inputMatrix(raw(m, xs, t), `${fn} → explain`, 'attributions', xs.rows, d);
  }
  return { x, n, d, attributions, model, targets, explain, given };
}

/** A baseline: a number for every feature or one value per feature. */
export type Baseline = number | ArrayLike<number>;

/** The baseline as a length-d vector. */
export function baselineVector(baseline: Baseline, d: number, fn: string): Float64Array {
  const out = new Float64Array(d);
  if (typeof baseline === 'number') {
    if (!Number.isFinite(baseline))
      throw new XaiError('BAD_OPTION', `baseline must be finite, got ${describeValue(baseline)}`, {
        fn,
        arg: 'options.baseline',
        value: baseline,
      });
    return out.fill(baseline);
  }
  if (baseline === null || typeof baseline !== 'object' || baseline.length !== d) {
    throw new XaiError('BAD_OPTION', `baseline must be a number or ${d} values, got ${describeValue(baseline)}`, {
      fn,
      arg: 'options.baseline',
      value: baseline,
    });
  }
  for (let j = 0; j < d; j++) {
    const v = baseline[j]!;
    if (!Number.isFinite(v))
      throw new XaiError('BAD_OPTION', `baseline[${j}] is ${describeValue(v)}`, { fn, arg: 'options.baseline', value: v });
    out[j] = v;
  }
  return out;
}

/** The random stream of row i: keyed by its content (or `keys[i]` when given), the seed and the metric. */
export function rowRng(x: Matrix, i: number, seed: number, label: string, keys: Float64Array | null = null): Rng {
  return substream(seed, keys === null ? hashFloat64(row(x, i)) : keys[i]!, label);
}

/** Resolved `featureScale` / `keys` of a noise-based metric (null: absolute units / content keys). */
export interface NoiseUnits {
  readonly scale: Float64Array | null;
  readonly keys: Float64Array | null;
}

/** Absolute units and content keys. */
export const ABSOLUTE_UNITS: NoiseUnits = { scale: null, keys: null };

/** Checks `featureScale` and `keys` against the prepared input's width and row count. */
export function noiseUnits(fn: string, o: NoiseUnitsOptions, n: number, d: number): NoiseUnits {
  return {
    scale: resolveFeatureScale(fn, o.featureScale, d, 'options.featureScale'),
    keys: resolveKeys(fn, o.keys, n, 'options.keys'),
  };
}

/** The noise scale of feature j: r, or r·scale[j]. */
export function unitNoise(r: number, scale: Float64Array | null, j: number): number {
  return scale === null ? r : r * scale[j]!;
}

/**
 * f_t for a stacked batch: `big` holds `per` rows for each instance i (instance i owns rows
 * [i*per, (i+1)*per)), evaluated in ONE predictProba call; out[k] = p[k, targets[k / per]].
 */
export function targetOutputs(model: Model, big: Matrix, targets: Int32Array, per: number): Float64Array {
  const p = model.predictProba(big);
  const out = new Float64Array(big.rows);
  for (let k = 0; k < big.rows; k++) out[k] = p.data[(p.offset ?? 0) + k * (p.stride ?? p.cols) + targets[Math.floor(k / per)]!]!;
  return out;
}

/** Targets repeated `per` times each (for re-explaining stacked perturbations). */
export function repeatTargets(targets: Int32Array, per: number): Int32Array {
  const out = new Int32Array(targets.length * per);
  for (let i = 0; i < targets.length; i++) out.fill(targets[i]!, i * per, (i + 1) * per);
  return out;
}

/** Spearman correlation (Pearson of average ranks, scipy's tie handling); NaN when a side is constant. */
export function spearman(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  ra = new Float64Array(a.length),
  rb = new Float64Array(b.length),
): number {
  averageRanks(a, ra);
  averageRanks(b, rb);
  return pearson(ra, rb);
}

/** |v| into out. */
export function absInto(v: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let j = 0; j < out.length; j++) out[j] = Math.abs(v[j]!);
  return out;
}
