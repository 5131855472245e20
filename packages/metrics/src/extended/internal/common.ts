// Shared plumbing of the extended metrics (faithfulness, robustness, complexity,
// randomisation, axiomatic, agreement): input checks, row keys, batched target outputs,
// correlations. Inputs are validated once at the public boundary; kernels here are unchecked.
import { XaiError, assertFinite, assertMatrix, averageRanks, checkedModel, defaultTargets, describeValue, hashFloat64, row, substream } from '@xai/core';
import type { Matrix, Model, Rng } from '@xai/core';
import type { ExplainFn, ExtendedMetricInput } from '../../extendedMetricTypes.js';

/** The checked pieces a metric reads. */
export interface Prepared {
  readonly x: Matrix;
  readonly n: number;
  readonly d: number;
  readonly attributions: Matrix;
  readonly model: Model;
  readonly targets: Int32Array;
  readonly explain: ExplainFn;
}

type Need = 'model' | 'attributions' | 'explain';

function fail(fn: string, arg: string, message: string, value: unknown): never {
  throw new XaiError('BAD_INPUT', message, { fn, arg, value });
}

/** Validates `input` for `fn`; fields not in `needs` are returned as placeholders and must not be read. */
export function prepare(fn: string, input: ExtendedMetricInput, needs: readonly Need[]): Prepared {
  if (input === null || typeof input !== 'object') fail(fn, 'input', `expected an input object {x, attributions, model, ...}, got ${describeValue(input)}`, input);
  assertMatrix(input.x, fn, 'input.x');
  assertFinite(input.x, fn, 'input.x');
  const n = input.x.rows;
  const d = input.x.cols;
  if (n === 0) throw new XaiError('EMPTY', 'no instances to evaluate', { fn, arg: 'input.x', value: 0 });
  let attributions: Matrix = input.x;
  if (needs.includes('attributions')) {
    if (input.attributions === undefined) fail(fn, 'input.attributions', 'this metric needs attributions (n x d)', undefined);
    assertMatrix(input.attributions, fn, 'input.attributions', { rows: n, cols: d });
    assertFinite(input.attributions, fn, 'input.attributions');
    attributions = input.attributions;
  }
  let model = undefined as unknown as Model;
  let targets: Int32Array = new Int32Array(n);
  if (needs.includes('model')) {
    if (input.model === undefined) fail(fn, 'input.model', 'this metric needs a model', undefined);
    model = checkedModel(input.model, fn);
    if (model.inputDim !== d) throw new XaiError('SHAPE_MISMATCH', `model.inputDim is ${model.inputDim} but x has ${d} columns`, { fn, arg: 'input.model', value: model.inputDim });
    if (input.targets !== undefined) {
      if (!(input.targets instanceof Int32Array) || input.targets.length !== n) fail(fn, 'input.targets', `expected an Int32Array of length ${n}, got ${describeValue(input.targets)}`, input.targets);
      for (let i = 0; i < n; i++) {
        const t = input.targets[i]!;
        if (t < 0 || t >= model.classes) throw new XaiError('BAD_INPUT', `target ${t} of row ${i} is outside [0, ${model.classes})`, { fn, arg: 'input.targets', value: t, row: i });
      }
      targets = input.targets;
    } else targets = defaultTargets(model, input.x);
  }
  let explain = undefined as unknown as ExplainFn;
  if (needs.includes('explain')) {
    if (typeof input.explain !== 'function') fail(fn, 'input.explain', 'this metric re-explains: it needs explain(model, x, targets) → n x d', input.explain);
    const raw = input.explain;
    explain = (m, xs, t) => {
      const e = raw(m, xs, t);
      assertMatrix(e, `${fn} → explain`, 'attributions', { rows: xs.rows, cols: d });
      return e;
    };
  }
  return { x: input.x, n, d, attributions, model, targets, explain };
}

/** A positive integer option, with the metric's name in the error. */
export function positiveInt(value: number, fn: string, arg: string): number {
  if (!Number.isInteger(value) || value < 1) throw new XaiError('BAD_OPTION', `expected a positive integer, got ${describeValue(value)}`, { fn, arg, value });
  return value;
}

/** A finite number option >= min (or > min when `strict`). */
export function numberAtLeast(value: number, min: number, fn: string, arg: string, strict = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (strict && value === min)) {
    throw new XaiError('BAD_OPTION', `expected a finite number ${strict ? '>' : '>='} ${min}, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

/** Seed option: a safe integer. */
export function seedOption(value: number, fn: string): number {
  if (!Number.isSafeInteger(value)) throw new XaiError('BAD_OPTION', `seed must be a safe integer, got ${describeValue(value)}`, { fn, arg: 'options.seed', value });
  return value;
}

/** A baseline: a number for every feature or one value per feature. */
export type Baseline = number | ArrayLike<number>;

/** The baseline as a length-d vector. */
export function baselineVector(baseline: Baseline, d: number, fn: string): Float64Array {
  const out = new Float64Array(d);
  if (typeof baseline === 'number') {
    if (!Number.isFinite(baseline)) throw new XaiError('BAD_OPTION', `baseline must be finite, got ${describeValue(baseline)}`, { fn, arg: 'options.baseline', value: baseline });
    return out.fill(baseline);
  }
  if (baseline === null || typeof baseline !== 'object' || baseline.length !== d) {
    throw new XaiError('BAD_OPTION', `baseline must be a number or ${d} values, got ${describeValue(baseline)}`, { fn, arg: 'options.baseline', value: baseline });
  }
  for (let j = 0; j < d; j++) {
    const v = baseline[j]!;
    if (!Number.isFinite(v)) throw new XaiError('BAD_OPTION', `baseline[${j}] is ${describeValue(v)}`, { fn, arg: 'options.baseline', value: v });
    out[j] = v;
  }
  return out;
}

/** The random stream of row i: keyed by its content (and the attribution's), the seed and the metric. */
export function rowRng(x: Matrix, i: number, seed: number, label: string): Rng {
  return substream(seed, hashFloat64(row(x, i)), label);
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

/** Pearson correlation; NaN when either side is constant (undefined, counted by the caller). */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i]!; mb += b[i]!; }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  if (!(saa > 0) || !(sbb > 0)) return Number.NaN;
  return Math.max(-1, Math.min(1, sab / Math.sqrt(saa * sbb)));
}

/** Spearman correlation (Pearson of average ranks, scipy's tie handling); NaN when a side is constant. */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>, ra = new Float64Array(a.length), rb = new Float64Array(b.length)): number {
  averageRanks(a, ra);
  averageRanks(b, rb);
  return pearson(ra, rb);
}

/** |v| into out. */
export function absInto(v: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let j = 0; j < out.length; j++) out[j] = Math.abs(v[j]!);
  return out;
}
