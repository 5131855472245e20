// Subpath `@xai/models/testing`: a conformance suite any Model (ours or an adapter of
// someone else's) can run. Plain functions returning findings, so it works under any test
// runner (or none): `expect(checkModelConformance(model, x).ok).toBe(true)`.
import type { Matrix, Model } from '@xai/core';
import { XaiError, argmaxRows, assertMatrix, assertProbabilities, describeValue, isXaiError, row, rowBlock, selectRows } from '@xai/core';
import { DEFAULT_FD_STEP, finiteDifferenceGradient } from './internal/finiteDifferences.js';

export interface ConformanceOptions {
  /** Rows used for the row-by-row and finite-difference checks. @defaultValue 8 */
  readonly maxRows?: number;
  /** Largest accepted relative error of inputGradient against central differences. @defaultValue 1e-4 */
  readonly gradientTolerance?: number;
  /** Largest accepted |batch − single row| difference. @defaultValue 1e-12 */
  readonly consistencyTolerance?: number;
  /** Tolerance of the probability checks (row sums). @defaultValue 1e-6 */
  readonly probabilityTolerance?: number;
  /** Relative finite-difference step (h = step · max(1, |x|)). @defaultValue cbrt(ε) */
  readonly fdStep?: number;
}

export const CONFORMANCE_DEFAULTS: Required<ConformanceOptions> = {
  maxRows: 8,
  gradientTolerance: 1e-4,
  consistencyTolerance: 1e-12,
  probabilityTolerance: 1e-6,
  fdStep: DEFAULT_FD_STEP,
};

export interface ConformanceFinding {
  /** e.g. 'probabilities', 'determinism', 'batch-vs-row', 'gradient-probability'. */
  readonly check: string;
  readonly ok: boolean;
  readonly message: string;
  /** The measured error, when the check measures one. */
  readonly value?: number;
}

export interface ConformanceReport {
  readonly ok: boolean;
  readonly findings: readonly ConformanceFinding[];
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
  const out = new Float64Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++) out.set(row(m, i), i * m.cols);
  return { rows: m.rows, cols: m.cols, data: out };
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

/**
 * Runs every check that applies to the model on inputs `x` and returns the findings
 * (never throws for a misbehaving model; throws only for an invalid `x`):
 * probabilities (shape, finite, rows sum to 1), determinism (two calls agree bit for
 * bit), batch-vs-row (each of the first `maxRows` rows alone gives the batch's answer),
 * row-order (a reversed batch gives reversed answers), out-buffer (`out` is honoured),
 * logits-softmax (softmax of `logits` equals `predictProba`), gradient-probability and
 * gradient-logit (`inputGradient` against central differences of the model itself,
 * for each row's predicted class), hidden (shape, finite, batch-vs-row).
 * @example expect(checkModelConformance(functionModel(f, { inputDim: 3, classes: 2 }), x).ok).toBe(true)
 * @since 0.1.0
 */
export function checkModelConformance(model: Model, x: Matrix, options: ConformanceOptions = {}): ConformanceReport {
  const fn = 'checkModelConformance';
  const o = { ...CONFORMANCE_DEFAULTS, ...options };
  const findings: ConformanceFinding[] = [];
  const add = (check: string, ok: boolean, message: string, value?: number): void => {
    findings.push(value === undefined ? { check, ok, message } : { check, ok, message, value });
  };
  const attempt = (check: string, body: () => void): void => {
    try {
      body();
    } catch (e) {
      add(check, false, `threw ${isXaiError(e) ? e.message : String(e)}`);
    }
  };

  if (model === null || typeof model !== 'object' || typeof model.predictProba !== 'function' || !Number.isInteger(model.inputDim) || !Number.isInteger(model.classes)) {
    add('interface', false, `not a Model (needs integer inputDim, classes and predictProba): ${describeValue(model)}`);
    return { ok: false, findings };
  }
  assertMatrix(x, fn, 'x', { cols: model.inputDim });
  if (x.rows === 0) throw new XaiError('EMPTY', 'x needs at least one row', { fn, arg: 'x', value: 0 });
  add('interface', true, `inputDim ${model.inputDim}, classes ${model.classes}; optional: ${['logits', 'inputGradient', 'hidden'].filter((k) => typeof (model as unknown as Record<string, unknown>)[k] === 'function').join(', ') || 'none'}`);
  const n = x.rows;
  const k = Math.min(n, o.maxRows);
  const few = rowBlock(x, 0, k);
  const tol = o.consistencyTolerance;

  // Rows one at a time (the suite may; the toolkit never does) vs the batch.
  const rowByRow = (f: (m: Matrix, i: number) => Matrix, batch: Matrix): number => {
    let worst = 0;
    for (let i = 0; i < k; i++) {
      const single = f(rowBlock(x, i, i + 1), i);
      worst = Math.max(worst, maxDiff(single, rowBlock(batch, i, i + 1)));
    }
    return worst;
  };
  const reversed = selectRows(few, Int32Array.from({ length: k }, (_, i) => k - 1 - i));

  let p: Matrix | null = null;
  attempt('probabilities', () => {
    const out = model.predictProba(x);
    assertProbabilities(out, n, model.classes, 'predictProba', o.probabilityTolerance);
    p = copy(out);
    add('probabilities', true, `${n} x ${model.classes}, finite, rows sum to 1 within ${o.probabilityTolerance}`);
  });
  if (p === null) return { ok: false, findings };
  const probs: Matrix = p;
  const labels = argmaxRows(probs);
  const fewLabels = labels.subarray(0, k);

  attempt('determinism', () => {
    const d = maxDiff(model.predictProba(x), probs);
    add('determinism', d === 0, d === 0 ? 'two predictProba calls agree bit for bit' : `two predictProba calls differ by ${d}`, d);
  });
  attempt('batch-vs-row', () => {
    const d = rowByRow((m) => model.predictProba(m), probs);
    add('batch-vs-row', d <= tol, `predictProba of single rows vs the batch: max |diff| ${d}`, d);
  });
  attempt('row-order', () => {
    const r = model.predictProba(reversed);
    let d = 0;
    for (let i = 0; i < k; i++) d = Math.max(d, maxDiff(rowBlock(r, i, i + 1), rowBlock(probs, k - 1 - i, k - i)));
    add('row-order', d <= tol, `reversed batch vs batch: max |diff| ${d}`, d);
  });
  attempt('out-buffer', () => {
    const out = { rows: n, cols: model.classes, data: new Float64Array(n * model.classes) };
    const r = model.predictProba(x, out);
    const d = maxDiff(out, probs);
    add('out-buffer', r === out && d === 0, r === out ? `predictProba(x, out) fills out (max |diff| ${d})` : 'predictProba(x, out) did not return out', d);
  });

  const logitsFn = model.logits;
  if (typeof logitsFn === 'function') {
    attempt('logits-softmax', () => {
      const z = logitsFn.call(model, x);
      assertMatrix(z, 'logits', 'logits', { rows: n, cols: model.classes });
      let d = 0;
      for (let i = 0; i < n; i++) {
        const r = row(z, i);
        let max = -Infinity;
        for (const v of r) max = Math.max(max, v);
        let s = 0;
        for (const v of r) s += Math.exp(v - max);
        const pr = row(probs, i);
        for (let j = 0; j < r.length; j++) d = Math.max(d, Math.abs(Math.exp(r[j]! - max) / s - pr[j]!));
      }
      add('logits-softmax', d <= 1e-9, `softmax(logits) vs predictProba: max |diff| ${d}`, d);
    });
  }

  const gradFn = model.inputGradient;
  if (typeof gradFn === 'function') {
    const outputs = typeof logitsFn === 'function' ? (['probability', 'logit'] as const) : (['probability'] as const);
    for (const output of outputs) {
      const check = `gradient-${output}`;
      attempt(check, () => {
        const g = copy(gradFn.call(model, few, fewLabels, { output }));
        assertMatrix(g, 'inputGradient', 'gradient', { rows: k, cols: model.inputDim });
        const f = output === 'probability' ? (m: Matrix) => model.predictProba(m) : (m: Matrix) => logitsFn!.call(model, m);
        const fd = { rows: k, cols: model.inputDim, data: new Float64Array(k * model.inputDim) };
        finiteDifferenceGradient(f, few, fewLabels, { step: o.fdStep, scale: 1, maxRows: 65536 }, fd);
        const e = relativeError(g, fd);
        add(check, e <= o.gradientTolerance, `inputGradient (${output}) vs central differences: relative error ${e.toExponential(2)}`, e);
        const again = gradFn.call(model, few, fewLabels, { output });
        const d = maxDiff(again, g);
        add(`${check}-determinism`, d === 0, d === 0 ? 'two inputGradient calls agree bit for bit' : `two inputGradient calls differ by ${d}`, d);
        const single = rowByRow((m, i) => gradFn.call(model, m, labels.subarray(i, i + 1), { output }), g);
        add(`${check}-batch-vs-row`, single <= tol, `inputGradient of single rows vs the batch: max |diff| ${single}`, single);
      });
    }
  }

  const hiddenFn = model.hidden;
  if (typeof hiddenFn === 'function') {
    for (const activation of ['pre', 'post'] as const) {
      attempt(`hidden-${activation}`, () => {
        const h = copy(hiddenFn.call(model, x, { activation }));
        assertMatrix(h, 'hidden', 'hidden', { rows: n });
        let finite = true;
        for (const v of h.data) if (!Number.isFinite(v)) finite = false;
        const d = rowByRow((m) => hiddenFn.call(model, m, { activation }), h);
        const again = maxDiff(hiddenFn.call(model, x, { activation }), h);
        add(`hidden-${activation}`, finite && d <= tol && again === 0, `${n} x ${h.cols}, ${finite ? 'finite' : 'NOT finite'}, single rows vs batch max |diff| ${d}, repeat diff ${again}`, d);
      });
    }
  }
  return { ok: findings.every((f) => f.ok), findings };
}

/**
 * Throws BAD_INPUT listing the failed checks unless the model passes
 * `checkModelConformance`.
 * @since 0.1.0
 */
export function assertModelConformance(model: Model, x: Matrix, options: ConformanceOptions = {}): ConformanceReport {
  const report = checkModelConformance(model, x, options);
  if (!report.ok) {
    const failed = report.findings.filter((f) => !f.ok).map((f) => `${f.check}: ${f.message}`);
    throw new XaiError('BAD_INPUT', `model failed ${failed.length} conformance check(s): ${failed.join('; ')}`, { fn: 'assertModelConformance', arg: 'model', value: failed.length, findings: report.findings });
  }
  return report;
}
