// Subpath `@xai/models/testing`: a conformance suite any Model (ours or an adapter of
// someone else's) can run. Plain functions returning findings, so it works under any test
// runner (or none): `expect(checkModelConformance(model, x).ok).toBe(true)`.
import type { Matrix, Model } from '@xai/core';
import {
  XaiError,
  argmaxRows,
  assertFinite,
  assertMatrix,
  assertProbabilities,
  checkOptions,
  checkedModel,
  describeValue,
  isXaiError,
  row,
  rowBlock,
  selectRows,
} from '@xai/core';
import { finiteDifferenceGradient } from './internal/finiteDifferences.js';
import { definedOptions } from './internal/definedOptions.js';
import { copyRows } from './internal/copyRows.js';

export interface ConformanceOptions {
  /** Rows used for the row-by-row and finite-difference checks. @defaultValue 8 */
  readonly maxRows?: number;
  /** Largest accepted relative error of inputGradient against central differences. @defaultValue 1e-4 (1e-3 for a `precision: 'float32'` model) */
  readonly gradientTolerance?: number;
  /** Largest accepted |batch − single row| difference. @defaultValue 1e-12 */
  readonly consistencyTolerance?: number;
  /** Tolerance of the probability checks (row sums). @defaultValue 1e-6 */
  readonly probabilityTolerance?: number;
  /**
   * Relative step h of the reference gradient (h · max(1, |x|)): Richardson extrapolation
   * of central differences at h and h/2, (4·D(h/2) − D(h)) / 3, error O(h⁴). Deliberately
   * not the adapter's step (cbrt(ε) ≈ 6e-6), so a finite-difference gradient is never
   * compared with itself. @defaultValue 1e-4 (1e-2 for a `precision: 'float32'` model)
   */
  readonly fdStep?: number;
}

export const CONFORMANCE_DEFAULTS: Required<ConformanceOptions> = {
  maxRows: 8,
  gradientTolerance: 1e-4,
  consistencyTolerance: 1e-12,
  probabilityTolerance: 1e-6,
  fdStep: 1e-4,
};

export interface ConformanceFinding {
  /** e.g. 'probabilities', 'determinism', 'batch-vs-row', 'gradient-probability'. */
  readonly check: string;
  /**
   * 'skipped': the check could not say anything (e.g. a gradient that is itself finite
   * differences of the model); it is neither a pass nor a failure.
   */
  readonly status: 'pass' | 'fail' | 'skipped';
  /** status === 'pass'. */
  readonly ok: boolean;
  readonly message: string;
  /** The measured error, when the check measures one. */
  readonly value?: number;
}

export interface ConformanceReport {
  /** No check failed (skipped checks are listed in `skipped`, not counted as passes). */
  readonly ok: boolean;
  readonly findings: readonly ConformanceFinding[];
  /** Names of the checks that were skipped. */
  readonly skipped: readonly string[];
}

/** What a model may declare about its `inputGradient` (functionModel sets it). */
interface GradientSourceTag {
  readonly gradientSource?: unknown;
}

/**
 * Reference input gradient of `f` at each row's target: Richardson extrapolation of
 * central differences at steps h and h/2, (4·D(h/2) − D(h)) / 3.
 */
function richardsonGradient(f: (m: Matrix) => Matrix, x: Matrix, targets: Int32Array, h: number): Matrix {
  const k = x.rows;
  const d = x.cols;
  const coarse = { rows: k, cols: d, data: new Float64Array(k * d) };
  const fine = { rows: k, cols: d, data: new Float64Array(k * d) };
  finiteDifferenceGradient(f, x, targets, { step: h, scale: 1, maxRows: 65536 }, coarse);
  finiteDifferenceGradient(f, x, targets, { step: h / 2, scale: 1, maxRows: 65536 }, fine);
  for (let i = 0; i < k * d; i++) fine.data[i] = (4 * fine.data[i]! - coarse.data[i]!) / 3;
  return fine;
}

/** max |a − b| over two equal-shape matrices (Infinity when shapes differ or NaN appears). */
function maxDiff(a: Matrix, b: Matrix): number {
  if (a.rows !== b.rows || a.cols !== b.cols) return Infinity;
  let m = 0;
  for (let i = 0; i < a.rows; i++) {
    const ra = row(a, i);
    const rb = row(b, i);
    for (let j = 0; j < a.cols; j++) {
      const d = Math.abs(ra[j]! - rb[j]!);
      if (!(d <= m)) m = d; // NaN propagates as "not <=", i.e. becomes the max
    }
  }
  return m;
}

function copy(m: Matrix): Matrix {
  const out = { rows: m.rows, cols: m.cols, data: new Float64Array(m.rows * m.cols) };
  copyRows(m, out);
  return out;
}

/** Largest per-row relative error ‖g − f‖∞ / max(‖g‖∞, ‖f‖∞, 1e-7). */
function relativeError(g: Matrix, f: Matrix): number {
  if (g.rows !== f.rows || g.cols !== f.cols) return Infinity;
  let worst = 0;
  for (let i = 0; i < g.rows; i++) {
    const a = row(g, i);
    const b = row(f, i);
    let diff = 0;
    let scale = 1e-7;
    for (let j = 0; j < g.cols; j++) {
      diff = Math.max(diff, Math.abs(a[j]! - b[j]!));
      scale = Math.max(scale, Math.abs(a[j]!), Math.abs(b[j]!));
    }
    const e = diff / scale;
    if (!(e <= worst)) worst = e;
  }
  return worst;
}

/** Collects findings; `attempt` turns a throwing check into a failed finding. */
interface Recorder {
  readonly findings: ConformanceFinding[];
  record(check: string, status: ConformanceFinding['status'], message: string, value?: number): void;
  add(check: string, ok: boolean, message: string, value?: number): void;
  attempt(check: string, body: () => void): void;
  done(): ConformanceReport;
}

function recorder(): Recorder {
  const findings: ConformanceFinding[] = [];
  const record = (check: string, status: ConformanceFinding['status'], message: string, value?: number): void => {
    const ok = status === 'pass';
    findings.push(value === undefined ? { check, status, ok, message } : { check, status, ok, message, value });
  };
  const add = (check: string, ok: boolean, message: string, value?: number): void => record(check, ok ? 'pass' : 'fail', message, value);
  const done = (): ConformanceReport => ({
    ok: findings.every((f) => f.status !== 'fail'),
    findings,
    skipped: findings.filter((f) => f.status === 'skipped').map((f) => f.check),
  });
  const attempt = (check: string, body: () => void): void => {
    try {
      body();
    } catch (e) {
      add(check, false, `threw ${isXaiError(e) ? e.message : String(e)}`);
    }
  };
  return { findings, record, add, attempt, done };
}

/** What every check after the first two reads: the model, the inputs and its outputs on them. */
interface Suite {
  readonly model: Model;
  readonly x: Matrix;
  readonly n: number;
  /** Rows used for the row-by-row and finite-difference checks. */
  readonly k: number;
  readonly few: Matrix;
  readonly o: Required<ConformanceOptions>;
  readonly softmaxTolerance: number;
  /** predictProba(x), copied. */
  readonly probs: Matrix;
  /** The output each row's gradient is checked for. */
  readonly labels: Int32Array;
  readonly fewLabels: Int32Array;
  readonly value: boolean;
  readonly r: Recorder;
  /** Rows one at a time (the suite may; the toolkit never does) vs the batch. */
  rowByRow(f: (m: Matrix, i: number) => Matrix, batch: Matrix): number;
}

/** 1. The interface: integer inputDim and classes, a predictProba (false: not a Model). */
function checkInterface(model: Model, x: Matrix, r: Recorder, fn: string): boolean {
  if (
    model === null ||
    typeof model !== 'object' ||
    typeof model.predictProba !== 'function' ||
    !Number.isInteger(model.inputDim) ||
    !Number.isInteger(model.classes)
  ) {
    r.add('interface', false, `not a Model (needs integer inputDim, classes and predictProba): ${describeValue(model)}`);
    return false;
  }
  assertMatrix(x, fn, 'x', { cols: model.inputDim });
  if (x.rows === 0) throw new XaiError('EMPTY', 'x needs at least one row', { fn, arg: 'x', value: 0 });
  r.add(
    'interface',
    true,
    `inputDim ${model.inputDim}, classes ${model.classes}; optional: ${['logits', 'inputGradient', 'hidden'].filter((k) => typeof (model as unknown as Record<string, unknown>)[k] === 'function').join(', ') || 'none'}`,
  );
  return true;
}

/** 2. The outputs: probabilities (or finite values for a value model), copied; null when they fail. */
function checkOutputs(model: Model, x: Matrix, r: Recorder, o: Required<ConformanceOptions>): Matrix | null {
  const n = x.rows;
  let p: Matrix | null = null;
  if (model.output === 'value') {
    r.attempt('values', () => {
      const out = model.predictProba(x);
      assertMatrix(out, 'predictProba', 'values', { rows: n, cols: model.classes });
      assertFinite(out, 'predictProba', 'values');
      p = copy(out);
      r.add('values', true, `${n} x ${model.classes}, finite (output: 'value')`);
    });
  } else {
    r.attempt('probabilities', () => {
      const out = model.predictProba(x);
      assertProbabilities(out, n, model.classes, 'predictProba', o.probabilityTolerance);
      p = copy(out);
      r.add('probabilities', true, `${n} x ${model.classes}, finite, rows sum to 1 within ${o.probabilityTolerance}`);
    });
  }
  return p;
}

/** 3. predictProba is deterministic, row-independent, order-independent and fills `out`. */
function checkConsistency(s: Suite): void {
  const { model, x, n, k, few, probs, r } = s;
  const tol = s.o.consistencyTolerance;
  const reversed = selectRows(
    few,
    Int32Array.from({ length: k }, (_, i) => k - 1 - i),
  );
  r.attempt('determinism', () => {
    const d = maxDiff(model.predictProba(x), probs);
    r.add('determinism', d === 0, d === 0 ? 'two predictProba calls agree bit for bit' : `two predictProba calls differ by ${d}`, d);
  });
  r.attempt('batch-vs-row', () => {
    const d = s.rowByRow((m) => model.predictProba(m), probs);
    r.add('batch-vs-row', d <= tol, `predictProba of single rows vs the batch: max |diff| ${d}`, d);
  });
  r.attempt('row-order', () => {
    const rev = model.predictProba(reversed);
    let d = 0;
    for (let i = 0; i < k; i++) d = Math.max(d, maxDiff(rowBlock(rev, i, i + 1), rowBlock(probs, k - 1 - i, k - i)));
    r.add('row-order', d <= tol, `reversed batch vs batch: max |diff| ${d}`, d);
  });
  r.attempt('out-buffer', () => {
    const out = { rows: n, cols: model.classes, data: new Float64Array(n * model.classes) };
    const got = model.predictProba(x, out);
    const d = maxDiff(out, probs);
    r.add(
      'out-buffer',
      got === out && d === 0,
      got === out ? `predictProba(x, out) fills out (max |diff| ${d})` : 'predictProba(x, out) did not return out',
      d,
    );
  });
}

/** 4. logits: a value model's are its outputs; a classifier's softmax is predictProba. */
function checkLogits(s: Suite, logitsFn: NonNullable<Model['logits']>): void {
  const { model, x, n, probs, r } = s;
  if (s.value) {
    r.attempt('logits-values', () => {
      const d = maxDiff(logitsFn.call(model, x), probs);
      r.add('logits-values', d === 0, `a value model's logits are its outputs: max |diff| ${d}`, d);
    });
    return;
  }
  r.attempt('logits-softmax', () => {
    const z = logitsFn.call(model, x);
    assertMatrix(z, 'logits', 'logits', { rows: n, cols: model.classes });
    let d = 0;
    for (let i = 0; i < n; i++) {
      const zi = row(z, i);
      let max = -Infinity;
      for (const v of zi) max = Math.max(max, v);
      let sum = 0;
      for (const v of zi) sum += Math.exp(v - max);
      const pr = row(probs, i);
      for (let j = 0; j < zi.length; j++) d = Math.max(d, Math.abs(Math.exp(zi[j]! - max) / sum - pr[j]!));
    }
    r.add('logits-softmax', d <= s.softmaxTolerance, `softmax(logits) vs predictProba: max |diff| ${d}`, d);
  });
}

/** 5. inputGradient per output space against a Richardson reference; determinism; batch vs row. */
function checkGradients(s: Suite, gradFn: NonNullable<Model['inputGradient']>): void {
  const { model, k, few, fewLabels, labels, o, r } = s;
  const logitsFn = model.logits;
  const tol = o.consistencyTolerance;
  // A gradient that is finite differences of predictProba/logits agrees with a difference
  // quotient by construction: measuring it says nothing about correctness.
  const fdGradient = (model as unknown as GradientSourceTag).gradientSource === 'finite-differences';
  const outputs = typeof logitsFn === 'function' ? (['probability', 'logit'] as const) : (['probability'] as const);
  for (const output of outputs) {
    const check = `gradient-${output}`;
    r.attempt(check, () => {
      const g = copy(gradFn.call(model, few, fewLabels, { output }));
      assertMatrix(g, 'inputGradient', 'gradient', { rows: k, cols: model.inputDim });
      const f = output === 'probability' ? (m: Matrix) => model.predictProba(m) : (m: Matrix) => logitsFn!.call(model, m);
      const e = relativeError(g, richardsonGradient(f, few, fewLabels, o.fdStep));
      if (fdGradient) {
        r.record(
          check,
          'skipped',
          `skipped (gradient is finite differences; differs from the Richardson estimate by ${e.toExponential(2)}, which measures the step, not correctness)`,
          e,
        );
      } else {
        r.add(
          check,
          e <= o.gradientTolerance,
          `inputGradient (${output}) vs Richardson-extrapolated central differences (h ${o.fdStep}): relative error ${e.toExponential(2)}`,
          e,
        );
      }
      const again = gradFn.call(model, few, fewLabels, { output });
      const d = maxDiff(again, g);
      r.add(
        `${check}-determinism`,
        d === 0,
        d === 0 ? 'two inputGradient calls agree bit for bit' : `two inputGradient calls differ by ${d}`,
        d,
      );
      const single = s.rowByRow((m, i) => gradFn.call(model, m, labels.subarray(i, i + 1), { output }), g);
      r.add(`${check}-batch-vs-row`, single <= tol, `inputGradient of single rows vs the batch: max |diff| ${single}`, single);
    });
  }
}

/**
 * 6. Every explainer and metric sees the model through core's boundary (checkedModel): a model
 * that passes the checks above but breaks there (a classifier with one class, an unknown
 * `output`, state the wrapper cannot reach, outputs the boundary refuses) would crash them.
 */
function checkBoundary(s: Suite, fn: string): void {
  const { model, x, few, fewLabels, probs, r } = s;
  const logitsFn = model.logits;
  const gradFn = model.inputGradient;
  r.attempt('checked-model', () => {
    const cm = checkedModel(model, fn);
    const diffs: string[] = [];
    if (cm.inputDim !== model.inputDim || cm.classes !== model.classes) diffs.push('inputDim/classes differ');
    const dp = maxDiff(cm.predictProba(x), probs);
    if (dp !== 0) diffs.push(`predictProba differs by ${dp}`);
    if (typeof logitsFn === 'function') {
      const dz = maxDiff(cm.logits!(x), copy(logitsFn.call(model, x)));
      if (dz !== 0) diffs.push(`logits differ by ${dz}`);
    }
    if (typeof gradFn === 'function') {
      const dg = maxDiff(cm.inputGradient!(few, fewLabels), copy(gradFn.call(model, few, fewLabels)));
      if (dg !== 0) diffs.push(`inputGradient differs by ${dg}`);
    }
    if (typeof model.hidden === 'function') {
      const dh = maxDiff(cm.hidden!(x), copy(model.hidden.call(model, x)));
      if (dh !== 0) diffs.push(`hidden differs by ${dh}`);
    }
    r.add(
      'checked-model',
      diffs.length === 0,
      diffs.length === 0
        ? "through @xai/core's checkedModel (what explainers and metrics call), every method gives the same values"
        : `through @xai/core's checkedModel: ${diffs.join('; ')}`,
    );
  });
}

/** 7. hidden, pre and post activation: shape, finite, batch vs row, repeatable. */
function checkHidden(s: Suite, hiddenFn: NonNullable<Model['hidden']>): void {
  const { model, x, n, r } = s;
  const tol = s.o.consistencyTolerance;
  for (const activation of ['pre', 'post'] as const) {
    r.attempt(`hidden-${activation}`, () => {
      const h = copy(hiddenFn.call(model, x, { activation }));
      assertMatrix(h, 'hidden', 'hidden', { rows: n });
      let finite = true;
      for (const v of h.data) if (!Number.isFinite(v)) finite = false;
      const d = s.rowByRow((m) => hiddenFn.call(model, m, { activation }), h);
      const again = maxDiff(hiddenFn.call(model, x, { activation }), h);
      r.add(
        `hidden-${activation}`,
        finite && d <= tol && again === 0,
        `${n} x ${h.cols}, ${finite ? 'finite' : 'NOT finite'}, single rows vs batch max |diff| ${d}, repeat diff ${again}`,
        d,
      );
    });
  }
}

/**
 * Runs every check that applies to the model on inputs `x` and returns the findings
 * (never throws for a misbehaving model; throws only for an invalid `x`):
 * probabilities (shape, finite, rows sum to 1; for an `output: 'value'` model 'values':
 * shape and finite, and gradients checked for output i mod k on row i), determinism (two calls agree bit for
 * bit), batch-vs-row (each of the first `maxRows` rows alone gives the batch's answer),
 * row-order (a reversed batch gives reversed answers), out-buffer (`out` is honoured),
 * logits-softmax (softmax of `logits` equals `predictProba`; 'logits-values' for a value
 * model: logits equal the outputs), gradient-probability and
 * gradient-logit (`inputGradient` against a Richardson-extrapolated central difference
 * of the model itself at a step of its own, for each row's predicted class; 'skipped'
 * when the model declares `gradientSource: 'finite-differences'`, as `functionModel`
 * without a gradient does), hidden (shape, finite, batch-vs-row), checked-model (the model
 * through `@xai/core`'s `checkedModel`, the boundary every explainer and metric uses, is
 * accepted and gives the same values from every method).
 * @example expect(checkModelConformance(functionModel(f, { inputDim: 3, classes: 2 }), x).ok).toBe(true)
 * @since 0.1.0
 */
export function checkModelConformance(model: Model, x: Matrix, options: ConformanceOptions = {}): ConformanceReport {
  const fn = 'checkModelConformance';
  checkOptions(options, Object.keys(CONFORMANCE_DEFAULTS), fn);
  // A float32 model (precision 'float32') rounds at ~6e-8: a difference quotient needs a
  // wider step to rise above that noise, and its softmax agrees with a float64 one to ~1e-7.
  const float32 = (model as { precision?: unknown } | null)?.precision === 'float32';
  const o = { ...CONFORMANCE_DEFAULTS, ...(float32 ? { fdStep: 1e-2, gradientTolerance: 1e-3 } : {}), ...definedOptions(options) };
  const r = recorder();
  if (!checkInterface(model, x, r, fn)) return r.done();
  const probs = checkOutputs(model, x, r, o);
  if (probs === null) return r.done();
  const n = x.rows;
  const k = Math.min(n, o.maxRows);
  const value = model.output === 'value';
  // a value model is checked on every output in turn; a classifier on its predicted class
  const labels = value ? Int32Array.from({ length: n }, (_, i) => i % model.classes) : argmaxRows(probs);
  const s: Suite = {
    model,
    x,
    n,
    k,
    few: rowBlock(x, 0, k),
    o,
    softmaxTolerance: float32 ? 1e-6 : 1e-9,
    probs,
    labels,
    fewLabels: labels.subarray(0, k),
    value,
    r,
    rowByRow(f, batch) {
      let worst = 0;
      for (let i = 0; i < k; i++) {
        const single = f(rowBlock(x, i, i + 1), i);
        worst = Math.max(worst, maxDiff(single, rowBlock(batch, i, i + 1)));
      }
      return worst;
    },
  };
  checkConsistency(s);
  if (typeof model.logits === 'function') checkLogits(s, model.logits);
  if (typeof model.inputGradient === 'function') checkGradients(s, model.inputGradient);
  checkBoundary(s, fn);
  if (typeof model.hidden === 'function') checkHidden(s, model.hidden);
  return r.done();
}

/**
 * Throws BAD_INPUT listing the failed checks unless the model passes
 * `checkModelConformance`.
 * @since 0.1.0
 */
export function assertModelConformance(model: Model, x: Matrix, options: ConformanceOptions = {}): ConformanceReport {
  checkOptions(options, Object.keys(CONFORMANCE_DEFAULTS), 'assertModelConformance');
  const report = checkModelConformance(model, x, options);
  if (!report.ok) {
    const failed = report.findings.filter((f) => f.status === 'fail').map((f) => `${f.check}: ${f.message}`);
    throw new XaiError('BAD_INPUT', `model failed ${failed.length} conformance check(s): ${failed.join('; ')}`, {
      fn: 'assertModelConformance',
      arg: 'model',
      value: failed.length,
      findings: report.findings,
    });
  }
  return report;
}
