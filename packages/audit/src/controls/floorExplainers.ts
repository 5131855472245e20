import type { Explainer, ExplainOptions, Matrix, Model } from '@xai/core';
import {
  XaiError,
  assertFinite,
  assertMatrix,
  describeValue,
  explainTargets,
  hashFloat64,
  predictLabels,
  row,
  selectRows,
  checkOptions,
  notAModelError,
} from '@xai/core';

/** What the floor explainers are fitted on. */
export interface FloorContext {
  readonly train: Matrix;
  readonly model: Model;
}

export interface FloorExplainersOptions {
  /** Train rows used for the mean gradient; larger sets are subsampled by content hash. @defaultValue 5000 */
  readonly maxRows?: number;
  /** Central finite-difference step when the model has no `inputGradient`. @defaultValue 1e-4 */
  readonly step?: number;
}

export const FLOOR_DEFAULTS = { maxRows: 5000, step: 1e-4 } as const;

/**
 * Shortcut explainers that ignore the instance — the *floor* a real explainer must beat:
 * - `floor-global`: for the explained class c (the row's target, by default the model's
 *   predicted class), the mean over train of d p_c / d x. For logistic regression this is
 *   mean(p0·p1)·(w1 − w0), i.e. ∝ w1 − w0 (and its negative for class 0). Uses the model's
 *   `inputGradient` when present, else central finite differences (2·d batched calls).
 * - `floor-variance`: every row gets the train feature variances, a fixed ranking by variance.
 * @example const [global, variance] = floorExplainers({ train: data.train.x, model });
 * @since 0.1.0
 */
export function floorExplainers(context: FloorContext, options: FloorExplainersOptions = {}): Explainer[] {
  const fn = 'floorExplainers';
  checkOptions(options, ['maxRows', 'step'], fn);
  if (context === null || typeof context !== 'object')
    throw new XaiError('BAD_INPUT', `expected { train, model }, got ${describeValue(context)}`, { fn, arg: 'context', value: context });
  const { train, model } = context;
  assertMatrix(train, fn, 'context.train');
  if (train.rows === 0) throw new XaiError('EMPTY', 'train has no rows', { fn, arg: 'context.train', value: 0 });
  assertFinite(train, fn, 'context.train');
  if (model === null || typeof model !== 'object' || typeof model.predictProba !== 'function')
    throw notAModelError(model, fn, 'context.model');
  if (model.inputDim !== train.cols)
    throw new XaiError('SHAPE_MISMATCH', `model.inputDim ${model.inputDim} does not match train's ${train.cols} columns`, {
      fn,
      arg: 'context.model',
      value: model.inputDim,
    });
  const maxRows = options.maxRows ?? FLOOR_DEFAULTS.maxRows;
  const step = options.step ?? FLOOR_DEFAULTS.step;
  if (!Number.isInteger(maxRows) || maxRows < 1)
    throw new XaiError('BAD_OPTION', `maxRows must be a positive integer, got ${describeValue(maxRows)}`, {
      fn,
      arg: 'maxRows',
      value: maxRows,
    });
  if (!(step > 0 && Number.isFinite(step)))
    throw new XaiError('BAD_OPTION', `step must be a positive number, got ${describeValue(step)}`, { fn, arg: 'step', value: step });

  const x = subsample(train, maxRows);
  const global = meanClassGradients(model, x, step); // classes x d
  const variance = columnVariances(train);
  const d = train.cols;

  const checkX = (m: Model, xs: Matrix, id: string): void => {
    assertMatrix(xs, `${id}.explain`, 'x', { cols: d });
    if (m.inputDim !== d)
      throw new XaiError('SHAPE_MISMATCH', `model.inputDim ${m.inputDim} does not match ${d}`, {
        fn: `${id}.explain`,
        arg: 'model',
        value: m.inputDim,
      });
  };
  const floorGlobal: Explainer = {
    id: 'floor-global',
    explain(m: Model, xs: Matrix, opts: ExplainOptions = {}): Matrix {
      checkX(m, xs, 'floor-global');
      const targets = explainTargets(opts, xs.rows, m.classes, 'floor-global.explain') ?? predictLabels(m, xs);
      if (targets.length !== xs.rows)
        throw new XaiError('SHAPE_MISMATCH', `targets has ${targets.length} entries for ${xs.rows} rows`, {
          fn: 'floor-global.explain',
          arg: 'targets',
          value: targets.length,
        });
      const out = new Float64Array(xs.rows * d);
      for (let i = 0; i < xs.rows; i++) {
        const c = targets[i]!;
        if (!Number.isInteger(c) || c < 0 || c >= global.rows)
          throw new XaiError('BAD_INPUT', `target ${describeValue(c)} outside [0, ${global.rows})`, {
            fn: 'floor-global.explain',
            arg: 'targets',
            value: c,
            row: i,
          });
        out.set(row(global, c), i * d);
      }
      return { rows: xs.rows, cols: d, data: out };
    },
  };
  const floorVariance: Explainer = {
    id: 'floor-variance',
    explain(m: Model, xs: Matrix): Matrix {
      checkX(m, xs, 'floor-variance');
      const out = new Float64Array(xs.rows * d);
      for (let i = 0; i < xs.rows; i++) out.set(variance, i * d);
      return { rows: xs.rows, cols: d, data: out };
    },
  };
  return [floorGlobal, floorVariance];
}

/** At most `maxRows` rows, chosen by smallest content hash (deterministic, order-free). */
function subsample(x: Matrix, maxRows: number): Matrix {
  if (x.rows <= maxRows) return x;
  const h = new Float64Array(x.rows);
  for (let i = 0; i < x.rows; i++) h[i] = hashFloat64(row(x, i));
  const idx = Int32Array.from({ length: x.rows }, (_, i) => i).sort((a, b) => h[a]! - h[b]! || a - b);
  return selectRows(x, idx.subarray(0, maxRows).sort());
}

/** classes x d: row c = mean over rows of d p_c / d x. */
function meanClassGradients(model: Model, x: Matrix, step: number): Matrix {
  const n = x.rows;
  const d = x.cols;
  const C = model.classes;
  const out = new Float64Array(C * d);
  if (typeof model.inputGradient === 'function') {
    const targets = new Int32Array(n);
    for (let c = 0; c < C; c++) {
      targets.fill(c);
      const g = model.inputGradient(x, targets, { output: 'probability' });
      assertMatrix(g, 'floorExplainers', 'model.inputGradient', { rows: n, cols: d });
      for (let i = 0; i < n; i++) {
        const r = row(g, i);
        for (let j = 0; j < d; j++) out[c * d + j]! += r[j]! / n;
      }
    }
    return { rows: C, cols: d, data: out };
  }
  // Central differences, one batched call per feature and direction.
  const base = new Float64Array(n * d);
  for (let i = 0; i < n; i++) base.set(row(x, i), i * d);
  const shifted = new Float64Array(n * d);
  for (let j = 0; j < d; j++) {
    const probs: Matrix[] = [];
    for (const sgn of [1, -1]) {
      shifted.set(base);
      for (let i = 0; i < n; i++) shifted[i * d + j]! += sgn * step;
      const p = model.predictProba({ rows: n, cols: d, data: shifted });
      assertMatrix(p, 'floorExplainers', 'model.predictProba', { rows: n, cols: C });
      probs.push({
        rows: p.rows,
        cols: p.cols,
        data: Float64Array.from(p.data),
        ...(p.stride !== undefined ? { stride: p.stride } : {}),
        ...(p.offset !== undefined ? { offset: p.offset } : {}),
      });
    }
    for (let i = 0; i < n; i++) {
      const plus = row(probs[0]!, i);
      const minus = row(probs[1]!, i);
      for (let c = 0; c < C; c++) out[c * d + j]! += (plus[c]! - minus[c]!) / (2 * step * n);
    }
  }
  return { rows: C, cols: d, data: out };
}

/** Population variance of each column. */
function columnVariances(x: Matrix): Float64Array {
  const d = x.cols;
  const mean = new Float64Array(d);
  const v = new Float64Array(d);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    for (let j = 0; j < d; j++) mean[j]! += r[j]! / x.rows;
  }
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    for (let j = 0; j < d; j++) v[j]! += (r[j]! - mean[j]!) ** 2 / x.rows;
  }
  return v;
}
