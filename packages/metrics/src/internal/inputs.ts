// Boundary checks on MetricInput fields, shared by the metric wrappers.
import {
  XaiError,
  assertFinite,
  assertMatrix,
  checkedModel,
  describeValue,
  featureUnits,
  hasTrees,
  isValueModel,
  notAModelError,
} from '@xai/core';
import type { Explainer, FeatureGroups, FeatureSchema, Matrix, MetricInput, Model } from '@xai/core';

/** The input object itself. */
export function checkInputObject(fn: string, input: unknown): void {
  if (input === null || typeof input !== 'object') {
    throw new XaiError('BAD_INPUT', `expected a MetricInput object, got ${describeValue(input)}`, { fn, arg: 'input', value: input });
  }
}

/**
 * Attributions n x d, finite, at least one row. When x is given it is checked first and the
 * attributions must match ITS shape: a wrong-width attribution matrix is blamed on
 * `input.attributions`, not on the instances.
 */
export function checkAttributions(fn: string, input: MetricInput): Matrix {
  const e = input.attributions;
  if (e === undefined) throw new XaiError('BAD_INPUT', 'attributions are required', { fn, arg: 'input.attributions', value: e });
  if (input.x !== undefined) {
    // Only x's shape here: the metrics that read x's values check them with checkInstances.
    const x = input.x;
    assertMatrix(x, fn, 'input.x');
    assertMatrix(e, fn, 'input.attributions', { rows: x.rows, cols: x.cols });
  } else {
    assertMatrix(e, fn, 'input.attributions');
  }
  if (e.rows < 1)
    throw new XaiError('EMPTY', 'attributions have no rows (nothing to score)', { fn, arg: 'input.attributions', value: e.rows });
  if (e.cols < 1) throw new XaiError('EMPTY', 'attributions have no features', { fn, arg: 'input.attributions', value: e.cols });
  assertFinite(e, fn, 'input.attributions');
  return e;
}

/**
 * Instances n x d, finite; for a tree model (which sends NaN down each split's missing-value
 * branch) a cell may also be NaN, a missing value the perturbations keep missing.
 */
export function checkInstances(fn: string, input: { readonly x?: Matrix; readonly model?: unknown }): Matrix {
  const x = input.x;
  if (x === undefined) throw new XaiError('BAD_INPUT', 'instances x are required', { fn, arg: 'input.x', value: x });
  assertMatrix(x, fn, 'input.x');
  if (x.rows < 1) throw new XaiError('EMPTY', 'x has no rows (nothing to score)', { fn, arg: 'input.x', value: x.rows });
  if (x.cols < 1) throw new XaiError('EMPTY', 'x has no features', { fn, arg: 'input.x', value: x.cols });
  const m = input.model;
  if (m !== null && typeof m === 'object' && hasTrees(m)) assertNoInfinity(x, fn, 'input.x');
  else assertFinite(x, fn, 'input.x');
  return x;
}

/** NON_FINITE naming the first infinite cell (NaN, a missing value, passes). */
function assertNoInfinity(x: Matrix, fn: string, arg: string): void {
  const s = x.stride ?? x.cols;
  const o = x.offset ?? 0;
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < x.cols; j++) {
      const v = x.data[o + i * s + j]!;
      if (v === Infinity || v === -Infinity)
        throw new XaiError('NON_FINITE', `cell (${i}, ${j}) is ${describeValue(v)}`, { fn, arg, value: v, row: i, col: j });
    }
}

/** Ground truth with n rows (one per instance) or a single row shared by all, d columns. */
export function checkGroundTruth(fn: string, input: MetricInput, n: number, d: number): Matrix {
  const g = input.groundTruth;
  if (g === undefined) {
    throw new XaiError('BAD_INPUT', 'ground truth is required (e.g. LR weights w1 - w0 per row, or SynthGauss masked weights)', {
      fn,
      arg: 'input.groundTruth',
      value: g,
    });
  }
  assertMatrix(g, fn, 'input.groundTruth', { cols: d });
  if (g.rows !== n && g.rows !== 1) {
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} rows (one per instance) or 1 shared row, got ${g.rows}`, {
      fn,
      arg: 'input.groundTruth',
      value: g.rows,
    });
  }
  assertFinite(g, fn, 'input.groundTruth');
  return g;
}

/**
 * A model whose input width is d, wrapped once with core's `checkedModel` (every output a
 * checked Float64 matrix; probabilities validated unless `output: 'value'`).
 */
export function checkModel(fn: string, model: Model | undefined, d: number): Model {
  if (model === undefined || model === null || typeof model !== 'object' || typeof model.predictProba !== 'function') {
    throw notAModelError(model, fn, 'input.model');
  }
  const m = checkedModel(model, fn);
  if (m.inputDim !== d) {
    throw new XaiError('SHAPE_MISMATCH', `model expects ${m.inputDim} features, data has ${d}`, {
      fn,
      arg: 'input.model',
      value: m.inputDim,
    });
  }
  return m;
}

/** Refuses a value (regression) model for a metric that is only defined on probabilities. */
export function requireProbabilities(fn: string, metric: string, model: Model, why: string): void {
  if (isValueModel(model)) {
    throw new XaiError('NOT_SUPPORTED', `${metric} needs class probabilities (${why}); model.output is 'value'`, {
      fn,
      arg: 'input.model',
      value: 'value',
      metric,
    });
  }
}

/**
 * Per-row targets: `targets` (one integer in [0, classes) per row) or `fallback()` (the
 * predicted class; output 0 for a value model).
 */
export function resolveTargets(fn: string, targets: unknown, n: number, classes: number, fallback: () => Int32Array): Int32Array {
  if (targets === undefined) return fallback();
  const t = targets as ArrayLike<unknown> | null;
  if (t === null || typeof t !== 'object' || typeof t.length !== 'number') {
    throw new XaiError('BAD_OPTION', `targets must be an array of class indices, got ${describeValue(targets)}`, {
      fn,
      arg: 'targets',
      value: targets,
    });
  }
  if (t.length !== n)
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} targets (one per instance), got ${t.length}`, {
      fn,
      arg: 'targets',
      value: t.length,
    });
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = t[i];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= classes) {
      throw new XaiError('BAD_OPTION', `targets[${i}] must be an integer in [0, ${classes}), got ${describeValue(c)}`, {
        fn,
        arg: 'targets',
        value: c,
        index: i,
      });
    }
    out[i] = c;
  }
  return out;
}

/** Feature units (groups switched as one, singletons for the rest), or null without groups. */
export function checkGroups(fn: string, groups: FeatureGroups | undefined, d: number): number[][] | null {
  if (groups === undefined) return null;
  if (!Array.isArray(groups))
    throw new XaiError('BAD_OPTION', `groups must be an array of column-index arrays, got ${describeValue(groups)}`, {
      fn,
      arg: 'groups',
      value: groups,
    });
  return featureUnits(d, groups, fn, 'groups');
}

/** An explainer object. */
export function checkExplainer(fn: string, explainer: Explainer | undefined): Explainer {
  if (explainer === undefined || explainer === null || typeof explainer !== 'object' || typeof explainer.explain !== 'function') {
    throw new XaiError('BAD_INPUT', `an explainer with explain() is required, got ${describeValue(explainer)}`, {
      fn,
      arg: 'input.explainer',
      value: explainer,
    });
  }
  return explainer;
}

/** A schema matching d columns; one-hot groups must be disjoint and in range. */
export function checkSchema(fn: string, schema: FeatureSchema | undefined, d: number): FeatureSchema | undefined {
  if (schema === undefined) return undefined;
  if (schema === null || typeof schema !== 'object' || !Array.isArray(schema.kinds) || !Array.isArray(schema.groups)) {
    throw new XaiError('BAD_INPUT', `expected a FeatureSchema {names, kinds, groups}, got ${describeValue(schema)}`, {
      fn,
      arg: 'input.schema',
      value: schema,
    });
  }
  if (schema.kinds.length !== d) {
    throw new XaiError('SHAPE_MISMATCH', `schema has ${schema.kinds.length} kinds for ${d} features`, {
      fn,
      arg: 'input.schema.kinds',
      value: schema.kinds.length,
    });
  }
  for (let j = 0; j < d; j++) {
    const k = schema.kinds[j];
    if (k !== 'continuous' && k !== 'discrete') {
      throw new XaiError('BAD_INPUT', `kind of column ${j} is ${describeValue(k)}, expected 'continuous' | 'discrete'`, {
        fn,
        arg: 'input.schema.kinds',
        value: k,
      });
    }
  }
  const seen = new Uint8Array(d);
  for (let g = 0; g < schema.groups.length; g++) {
    const cols = schema.groups[g]!;
    for (const c of cols) {
      if (!Number.isInteger(c) || c < 0 || c >= d || seen[c] === 1) {
        throw new XaiError('BAD_INPUT', `one-hot group ${g} has column ${describeValue(c)} (out of range or in two groups)`, {
          fn,
          arg: 'input.schema.groups',
          value: c,
        });
      }
      seen[c] = 1;
    }
  }
  checkLevels(fn, schema.levels, d);
  return schema;
}

/** `schema.levels`: absent, or per column null or two finite numbers low <= high. */
function checkLevels(fn: string, levels: FeatureSchema['levels'], d: number): void {
  if (levels == null) return;
  const bad = (j: number | null, value: unknown, what: string) =>
    new XaiError('BAD_INPUT', `schema.levels${j === null ? '' : `[${j}]`} ${what}, got ${describeValue(value)}`, {
      fn,
      arg: 'input.schema.levels',
      value,
    });
  if (!Array.isArray(levels) || levels.length !== d) throw bad(null, levels, `must list ${d} entries (one per column)`);
  for (let j = 0; j < d; j++) {
    const l = levels[j];
    if (l == null) continue;
    if (!Array.isArray(l) || l.length !== 2 || !Number.isFinite(l[0]) || !Number.isFinite(l[1]) || l[0] > l[1])
      throw bad(j, l, 'must be null or [low, high], two finite numbers with low <= high');
  }
}
