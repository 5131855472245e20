import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { isContiguous, row, rowBlock } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { functionModel } from './functionModel.js';
import { errorOf, randomMatrix, relError } from './__fixtures__/reference.js';

describe('functionModel', () => {
  const ann = createAnn(4, { hidden: [6, 5], seed: 3 });
  const x = randomMatrix(7, 6, 4, 0.5);
  const targets = Int32Array.of(0, 1, 1, 0, 1, 0);

  it('wraps a batch function; finite-difference gradients match the analytic ones (rel. error < 1e-6)', () => {
    let calls = 0;
    const model = functionModel((m) => { calls++; return ann.predictProba(m); }, { inputDim: 4, classes: 2 });
    expect(Array.from(model.predictProba(x).data)).toEqual(Array.from(ann.predictProba(x).data));
    calls = 0;
    const g = model.inputGradient(x, targets);
    expect(calls).toBe(1); // all 6 rows × 2·4 perturbations in one call
    const exact = ann.inputGradient(x, targets);
    for (let i = 0; i < 6; i++) expect(relError(row(g, i), row(exact, i))).toBeLessThan(1e-6);
  });

  it('chunks the perturbations when maxBatchRows is small, with the same result', () => {
    let calls = 0;
    const f = (m: Matrix) => { calls++; return ann.predictProba(m); };
    const one = functionModel(f, { inputDim: 4, classes: 2 }).inputGradient(x, targets);
    calls = 0;
    const chunked = functionModel(f, { inputDim: 4, classes: 2, maxBatchRows: 16 }).inputGradient(x, targets);
    expect(calls).toBe(3); // 16 rows = 2 inputs per call
    expect(Array.from(chunked.data)).toEqual(Array.from(one.data));
  });

  it('scales the step with the input: accurate for inputs around 1e6', () => {
    // p1 = sigmoid(1e-6·(x0 − 1e6) + 0.3·x1) → dp1/dx0 = 1e-6·p(1−p)
    const f = (m: Matrix) => Array.from({ length: m.rows }, (_, i) => {
      const z = 1e-6 * (m.data[2 * i]! - 1e6) + 0.3 * m.data[2 * i + 1]!;
      const p = 1 / (1 + Math.exp(-z));
      return [1 - p, p];
    });
    const model = functionModel(f, { inputDim: 2, classes: 2 });
    const big = { rows: 1, cols: 2, data: Float64Array.of(1.2e6, 0.5) };
    const g = model.inputGradient(big, Int32Array.of(1));
    const z = 0.2 + 0.15;
    const p = 1 / (1 + Math.exp(-z));
    expect(relError(g.data, [1e-6 * p * (1 - p), 0.3 * p * (1 - p)])).toBeLessThan(1e-6);
  });

  it('uses the given gradient and logits; logit gradients by differences of the logits', () => {
    const lr = createLogisticRegression(4, { seed: 1 });
    const withGrad = functionModel((m) => lr.predictProba(m), { inputDim: 4, classes: 2, gradient: (m, t, output) => lr.inputGradient(m, t, { output }), logits: (m) => lr.logits(m) });
    expect(Array.from(withGrad.inputGradient(x, targets).data)).toEqual(Array.from(lr.inputGradient(x, targets).data));
    expect(Array.from(withGrad.logits!(x).data)).toEqual(Array.from(lr.logits(x).data));
    const fdLogit = functionModel((m) => lr.predictProba(m), { inputDim: 4, classes: 2, logits: (m) => lr.logits(m) }).inputGradient(x, targets, { output: 'logit' });
    const exact = lr.inputGradient(x, targets, { output: 'logit' });
    expect(relError(fdLogit.data, exact.data)).toBeLessThan(1e-6);
    const out = { rows: 6, cols: 4, data: new Float64Array(24) };
    expect(withGrad.inputGradient(x, targets, { out })).toBe(out);
  });

  it('hands the function a contiguous copy of a strided view', () => {
    const seen: boolean[] = [];
    const model = functionModel((m) => { seen.push(isContiguous(m)); return ann.predictProba(m); }, { inputDim: 4, classes: 2 });
    const view = rowBlock(x, 2, 5);
    expect(Array.from(model.predictProba(view).data)).toEqual(Array.from(ann.predictProba(view).data));
    model.inputGradient(view, Int32Array.of(0, 1, 0));
    expect(seen).toEqual([true, true]);
  });

  it('accepts number[][] and flat Float64Array outputs, and writes into out', () => {
    const rows = functionModel((m) => Array.from({ length: m.rows }, () => [0.25, 0.75]), { inputDim: 4, classes: 2 });
    const flat = functionModel((m) => new Float64Array(m.rows * 2).fill(0.5), { inputDim: 4, classes: 2 });
    expect(Array.from(rows.predictProba(x).data.subarray(0, 2))).toEqual([0.25, 0.75]);
    const out = { rows: 6, cols: 2, data: new Float64Array(12) };
    expect(flat.predictProba(x, out)).toBe(out);
    expect(out.data[11]).toBe(0.5);
  });

  it('passes a hidden representation through, checked', () => {
    const model = functionModel((m) => ann.predictProba(m), { inputDim: 4, classes: 2, hidden: (m, a) => ann.hidden!(m, { activation: a }) });
    expect(Array.from(model.hidden!(x, { activation: 'pre' }).data)).toEqual(Array.from(ann.hidden!(x, { activation: 'pre' }).data));
    const bad = functionModel((m) => ann.predictProba(m), { inputDim: 4, classes: 2, hidden: () => ({ rows: 1, cols: 1, data: Float64Array.of(NaN) }) });
    expect(errorOf(() => bad.hidden!(x)).code).toBe('SHAPE_MISMATCH');
  });

  it('validates outputs with typed errors', () => {
    const wrap = (f: (m: Matrix) => unknown) => functionModel(f as never, { inputDim: 4, classes: 2 });
    expect(errorOf(() => wrap(() => [[0.5, 0.5]]).predictProba(x)).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => wrap((m) => new Float64Array(m.rows * 3)).predictProba(x)).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => wrap((m) => Array.from({ length: m.rows }, () => [NaN, 1])).predictProba(x)).code).toBe('NON_FINITE');
    expect(errorOf(() => wrap((m) => Array.from({ length: m.rows }, () => [0.5, 0.6])).predictProba(x)).code).toBe('NOT_PROBABILITIES');
    expect(errorOf(() => wrap((m) => Array.from({ length: m.rows }, () => [-0.5, 1.5])).predictProba(x)).code).toBe('NOT_PROBABILITIES');
    expect(errorOf(() => wrap(() => 'p').predictProba(x)).code).toBe('BAD_INPUT');
    // the finite-difference path validates too
    expect(errorOf(() => wrap((m) => Array.from({ length: m.rows }, () => [0.5, 0.6])).inputGradient(x, targets)).code).toBe('NOT_PROBABILITIES');
    const badGrad = functionModel((m) => ann.predictProba(m), { inputDim: 4, classes: 2, gradient: (m) => new Float64Array(m.rows * 4).fill(Infinity) });
    expect(errorOf(() => badGrad.inputGradient(x, targets)).code).toBe('NON_FINITE');
    const badLogits = functionModel((m) => ann.predictProba(m), { inputDim: 4, classes: 2, logits: (m) => new Float64Array(m.rows * 2).fill(NaN) });
    expect(errorOf(() => badLogits.logits!(x)).code).toBe('NON_FINITE');
  });

  it('says so when the function is async or returns a Promise (core Model is synchronous)', async () => {
    const sync = (m: Matrix) => ann.predictProba(m);
    const asyncFn = async (m: Matrix) => sync(m);
    const e = errorOf(() => functionModel(asyncFn as never, { inputDim: 4, classes: 2 }));
    expect(e.code).toBe('NOT_SUPPORTED');
    expect(e.message).toMatch(/async function.*Promise.*Model is synchronous/);
    expect(errorOf(() => functionModel(sync, { inputDim: 4, classes: 2, gradient: (async () => null) as never })).message).toMatch(/gradient is an async function/);
    // a plain function that returns a Promise is caught per call, for every wrapped function
    const viaThen = functionModel(((m: Matrix) => Promise.resolve(sync(m))) as never, { inputDim: 4, classes: 2 });
    const p = errorOf(() => viaThen.predictProba(x));
    expect(p.code).toBe('NOT_SUPPORTED');
    expect(p.message).toMatch(/returned a Promise.*Model is synchronous/);
    expect(errorOf(() => viaThen.inputGradient(x, targets)).message).toMatch(/returned a Promise/);
    const rejecting = functionModel((() => Promise.reject(new Error('boom'))) as never, { inputDim: 4, classes: 2 });
    expect(errorOf(() => rejecting.predictProba(x)).code).toBe('NOT_SUPPORTED'); // and no unhandled rejection follows
    const hid = functionModel(sync, { inputDim: 4, classes: 2, hidden: (() => Promise.resolve(x)) as never });
    expect(errorOf(() => hid.hidden!(x)).message).toMatch(/returned a Promise/);
    await new Promise((r) => setTimeout(r, 0));
  });

  it('rejects bad inputs and options', () => {
    const ok = (m: Matrix) => ann.predictProba(m);
    expect(errorOf(() => functionModel('f' as never, { inputDim: 4, classes: 2 })).code).toBe('BAD_INPUT');
    expect(errorOf(() => functionModel(ok, null as never)).code).toBe('BAD_INPUT');
    expect(errorOf(() => functionModel(ok, { inputDim: 0, classes: 2 })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(ok, { inputDim: 4, classes: 1 })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(ok, { inputDim: 4, classes: 2, fdStep: -1 })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(ok, { inputDim: 4, classes: 2, maxBatchRows: 0.5 })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(ok, { inputDim: 4, classes: 2, gradient: 3 as never })).code).toBe('BAD_OPTION');
    const model = functionModel(ok, { inputDim: 4, classes: 2 });
    expect(errorOf(() => model.predictProba(randomMatrix(1, 2, 3))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => model.inputGradient(x, targets, { output: 'logit' })).code).toBe('NOT_SUPPORTED');
    expect(errorOf(() => model.inputGradient(x, targets, { output: 'x' as 'logit' })).code).toBe('BAD_OPTION');
    expect(errorOf(() => model.inputGradient(x, Int32Array.of(0))).code).toBe('SHAPE_MISMATCH');
  });
});
