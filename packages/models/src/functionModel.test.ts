import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { isContiguous, row, rowBlock } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { finiteDifferenceScale, functionModel } from './functionModel.js';
import { errorOf, randomMatrix, relError } from './__fixtures__/reference.js';

describe('functionModel', () => {
  const ann = createAnn(4, { hidden: [6, 5], seed: 3 });
  const x = randomMatrix(7, 6, 4, 0.5);
  const targets = Int32Array.of(0, 1, 1, 0, 1, 0);

  it('wraps a batch function; finite-difference gradients match the analytic ones (rel. error < 1e-6)', () => {
    let calls = 0;
    const model = functionModel(
      (m) => {
        calls++;
        return ann.predictProba(m);
      },
      { inputDim: 4, classes: 2 },
    );
    expect(Array.from(model.predictProba(x).data)).toEqual(Array.from(ann.predictProba(x).data));
    calls = 0;
    const g = model.inputGradient(x, targets);
    expect(calls).toBe(1); // all 6 rows × 2·4 perturbations in one call
    const exact = ann.inputGradient(x, targets);
    for (let i = 0; i < 6; i++) expect(relError(row(g, i), row(exact, i))).toBeLessThan(1e-6);
  });

  it('chunks the perturbations when maxBatchRows is small, with the same result', () => {
    let calls = 0;
    const f = (m: Matrix) => {
      calls++;
      return ann.predictProba(m);
    };
    const one = functionModel(f, { inputDim: 4, classes: 2 }).inputGradient(x, targets);
    calls = 0;
    const chunked = functionModel(f, { inputDim: 4, classes: 2, maxBatchRows: 16 }).inputGradient(x, targets);
    expect(calls).toBe(3); // 16 rows = 2 inputs per call
    expect(Array.from(chunked.data)).toEqual(Array.from(one.data));
  });

  it('scales the step with the input: accurate for inputs around 1e6', () => {
    // p1 = sigmoid(1e-6·(x0 − 1e6) + 0.3·x1) → dp1/dx0 = 1e-6·p(1−p)
    const f = (m: Matrix) =>
      Array.from({ length: m.rows }, (_, i) => {
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
    const withGrad = functionModel((m) => lr.predictProba(m), {
      inputDim: 4,
      classes: 2,
      gradient: (m, t, output) => lr.inputGradient(m, t, { output }),
      logits: (m) => lr.logits(m),
    });
    expect(Array.from(withGrad.inputGradient(x, targets).data)).toEqual(Array.from(lr.inputGradient(x, targets).data));
    expect(Array.from(withGrad.logits!(x).data)).toEqual(Array.from(lr.logits(x).data));
    const fdLogit = functionModel((m) => lr.predictProba(m), { inputDim: 4, classes: 2, logits: (m) => lr.logits(m) }).inputGradient(
      x,
      targets,
      { output: 'logit' },
    );
    const exact = lr.inputGradient(x, targets, { output: 'logit' });
    expect(relError(fdLogit.data, exact.data)).toBeLessThan(1e-6);
    const out = { rows: 6, cols: 4, data: new Float64Array(24) };
    expect(withGrad.inputGradient(x, targets, { out })).toBe(out);
  });

  it('hands the function a contiguous copy of a strided view', () => {
    const seen: boolean[] = [];
    const model = functionModel(
      (m) => {
        seen.push(isContiguous(m));
        return ann.predictProba(m);
      },
      { inputDim: 4, classes: 2 },
    );
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
    const model = functionModel((m) => ann.predictProba(m), {
      inputDim: 4,
      classes: 2,
      hidden: (m, a) => ann.hidden!(m, { activation: a }),
    });
    expect(Array.from(model.hidden!(x, { activation: 'pre' }).data)).toEqual(Array.from(ann.hidden!(x, { activation: 'pre' }).data));
    const bad = functionModel((m) => ann.predictProba(m), {
      inputDim: 4,
      classes: 2,
      hidden: () => ({ rows: 1, cols: 1, data: Float64Array.of(NaN) }),
    });
    expect(errorOf(() => bad.hidden!(x)).code).toBe('SHAPE_MISMATCH');
  });

  it("checks hidden's activation before calling the function; gradient gets an Int32Array whatever targets were passed", () => {
    const seen: unknown[] = [];
    const half = (x: Matrix): Float64Array => new Float64Array(x.rows * 2).fill(0.5);
    const fm = functionModel(half, {
      inputDim: 2,
      classes: 2,
      hidden: (x, a) => {
        seen.push(a);
        return { rows: x.rows, cols: 1, data: new Float64Array(x.rows) };
      },
      gradient: (x, t) => {
        seen.push(t);
        // d output_t / d x_ij := t_i + j, so the result shows which targets arrived
        return Float64Array.from({ length: x.rows * 2 }, (_, k) => t[Math.floor(k / 2)]! + (k % 2));
      },
    });
    const x = randomMatrix(1, 3, 2);
    const e = errorOf(() => fm.hidden!(x, { activation: 'bogus' as 'pre' }));
    expect(e.code).toBe('BAD_OPTION');
    expect(e.message).toMatch(/functionModel\.hidden: activation: activation must be 'pre' or 'post', got "bogus"/);
    expect(seen).toEqual([]); // the user's function never saw the bad value
    fm.hidden!(x, { activation: 'pre' });
    expect(seen).toEqual(['pre']);
    const g = fm.inputGradient(x, [1, 0, 1] as unknown as Int32Array);
    expect(seen[1]).toBeInstanceOf(Int32Array);
    expect(Array.from(seen[1] as Int32Array)).toEqual([1, 0, 1]);
    expect(Array.from(g.data)).toEqual([1, 2, 0, 1, 1, 2]);
    const t = Int32Array.of(0, 1, 1);
    fm.inputGradient(x, t);
    expect(seen[2]).toBe(t); // an Int32Array is passed as is (no copy)
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
    expect(errorOf(() => wrap((m) => Array.from({ length: m.rows }, () => [0.5, 0.6])).inputGradient(x, targets)).code).toBe(
      'NOT_PROBABILITIES',
    );
    const badGrad = functionModel((m) => ann.predictProba(m), {
      inputDim: 4,
      classes: 2,
      gradient: (m) => new Float64Array(m.rows * 4).fill(Infinity),
    });
    expect(errorOf(() => badGrad.inputGradient(x, targets)).code).toBe('NON_FINITE');
    const badLogits = functionModel((m) => ann.predictProba(m), {
      inputDim: 4,
      classes: 2,
      logits: (m) => new Float64Array(m.rows * 2).fill(NaN),
    });
    expect(errorOf(() => badLogits.logits!(x)).code).toBe('NON_FINITE');
  });

  it('says so when the function is async or returns a Promise (core Model is synchronous)', async () => {
    const sync = (m: Matrix) => ann.predictProba(m);
    const asyncFn = async (m: Matrix) => sync(m);
    const e = errorOf(() => functionModel(asyncFn as never, { inputDim: 4, classes: 2 }));
    expect(e.code).toBe('NOT_SUPPORTED');
    expect(e.message).toMatch(/async function.*Promise.*Model is synchronous/);
    expect(errorOf(() => functionModel(sync, { inputDim: 4, classes: 2, gradient: (async () => null) as never })).message).toMatch(
      /gradient is an async function/,
    );
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

  it('accepts Float32Array outputs (ONNX Runtime, tfjs), as a flat array or a Matrix, converted once', () => {
    const p64 = ann.predictProba(x);
    const f32 = Float32Array.from(p64.data);
    const flat = functionModel(() => f32, { inputDim: 4, classes: 2, tolerance: 1e-5 });
    const mat = functionModel((m) => ({ rows: m.rows, cols: 2, data: Float32Array.from(ann.predictProba(m).data) }), {
      inputDim: 4,
      classes: 2,
      tolerance: 1e-5,
    });
    const got = flat.predictProba(x);
    expect(got.data).toBeInstanceOf(Float64Array);
    expect(Array.from(got.data)).toEqual(Array.from(f32)); // exactly the float32 values
    expect(Array.from(mat.predictProba(x).data)).toEqual(Array.from(f32));
    // finite differences through a float32 model still track the gradient (step is float32-sized)
    const coarse = functionModel((m) => ({ rows: m.rows, cols: 2, data: Float32Array.from(ann.predictProba(m).data) }), {
      inputDim: 4,
      classes: 2,
      tolerance: 1e-5,
      fdStep: 1e-3,
    });
    const g = coarse.inputGradient(x, targets);
    expect(relError(g.data, ann.inputGradient(x, targets).data)).toBeLessThan(1e-2);
  });

  it('says what came back when the shape is wrong ("returned Float32Array 6x3, expected 6x2")', () => {
    const wrong = functionModel((m) => ({ rows: m.rows, cols: 3, data: new Float32Array(m.rows * 3) }), { inputDim: 4, classes: 2 });
    const e = errorOf(() => wrong.predictProba(x));
    expect(e.code).toBe('SHAPE_MISMATCH');
    expect(e.message).toMatch(/functionModel\.predictProba: probabilities: returned Float32Array 6x3, expected 6x2/);
    const short = functionModel(() => new Float32Array(5), { inputDim: 4, classes: 2 });
    expect(errorOf(() => short.predictProba(x)).message).toMatch(/returned Float32Array of length 5, expected 6x2/);
    const bigint = functionModel(() => new BigInt64Array(12) as never, { inputDim: 4, classes: 2 });
    expect(errorOf(() => bigint.predictProba(x)).code).toBe('BAD_INPUT');
  });

  it('a function written for number[][] gets a typed error naming it, and works with input: "rows"', () => {
    const byRows = (rows: number[][]) =>
      rows.map((r) => Array.from(ann.predictProba({ rows: 1, cols: 4, data: Float64Array.from(r) }).data));
    const wrong = functionModel(byRows as never, { inputDim: 4, classes: 2 });
    const e = errorOf(() => wrong.predictProba(x));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toMatch(
      /^\[BAD_INPUT\] functionModel\.predictProba: probabilities: the wrapped function threw TypeError: .*not number\[\]\[\].*input: 'rows'/,
    );
    expect(errorOf(() => wrong.inputGradient(x, targets)).code).toBe('BAD_INPUT');
    const right = functionModel(byRows, { inputDim: 4, classes: 2, input: 'rows' });
    expect(Array.from(right.predictProba(x).data)).toEqual(Array.from(ann.predictProba(x).data));
    const g = right.inputGradient(x, targets);
    expect(relError(g.data, ann.inputGradient(x, targets).data)).toBeLessThan(1e-6);
    // any other exception is typed too, with the original kept as the cause
    const boom = new RangeError('out of memory');
    const thrower = functionModel(
      () => {
        throw boom;
      },
      { inputDim: 4, classes: 2 },
    );
    const t = errorOf(() => thrower.predictProba(x)) as { code: string; message: string; details: { cause: unknown } };
    expect(t.code).toBe('BAD_INPUT');
    expect(t.message).toMatch(/threw RangeError: out of memory$/);
    expect(t.details.cause).toBe(boom);
  });

  it("output: 'value' (regression): finite outputs of any scale, k ≥ 1, exact closed-form gradients by differences", () => {
    // f(x) = [3·x0 − 2·x1² + 100, x2·x3]: two outputs; df0/dx = (3, −4·x1, 0, 0), df1/dx = (0, 0, x3, x2)
    const f = (m: Matrix) =>
      Array.from({ length: m.rows }, (_, i) => {
        const r = row(m, i);
        return [3 * r[0]! - 2 * r[1]! ** 2 + 100, r[2]! * r[3]!];
      });
    const model = functionModel(f, { inputDim: 4, classes: 2, output: 'value' });
    expect(model.output).toBe('value');
    const v = model.predictProba(x);
    expect(v.data[0]).toBeCloseTo(3 * x.data[0]! - 2 * x.data[1]! ** 2 + 100, 12);
    for (const t of [0, 1]) {
      const g = model.inputGradient(x, new Int32Array(6).fill(t));
      for (let i = 0; i < 6; i++) {
        const r = row(x, i);
        const expected = t === 0 ? [3, -4 * r[1]!, 0, 0] : [0, 0, r[3]!, r[2]!];
        expect(relError(row(g, i), expected)).toBeLessThan(1e-8);
      }
      // 'logit' means the same raw output for a value model
      expect(Array.from(model.inputGradient(x, new Int32Array(6).fill(t), { output: 'logit' }).data)).toEqual(Array.from(g.data));
    }
    // scalar regression with a given gradient
    const scalar = functionModel((m) => Float32Array.from({ length: m.rows }, (_, i) => 2 * m.data[4 * i]!), {
      inputDim: 4,
      classes: 1,
      output: 'value',
      gradient: (m) => Array.from({ length: m.rows }, () => [2, 0, 0, 0]),
    });
    expect(scalar.predictProba(x).cols).toBe(1);
    expect(Array.from(row(scalar.inputGradient(x, new Int32Array(6)), 5))).toEqual([2, 0, 0, 0]);
    expect(errorOf(() => scalar.inputGradient(x, new Int32Array(6).fill(1))).code).toBe('BAD_INPUT'); // target outside [0, 1)
    const nan = functionModel((m) => new Float64Array(m.rows).fill(NaN), { inputDim: 4, classes: 1, output: 'value' });
    expect(errorOf(() => nan.predictProba(x)).code).toBe('NON_FINITE');
    expect(errorOf(() => functionModel(f, { inputDim: 4, classes: 0, output: 'value' })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(f, { inputDim: 4, classes: 1, output: 'value', logits: f })).code).toBe('BAD_OPTION');
    expect(errorOf(() => functionModel(f, { inputDim: 4, classes: 1, output: 'values' as 'value' })).code).toBe('BAD_OPTION');
  });

  it('unknown option keys are BAD_OPTION with a did-you-mean (constructor, inputGradient, hidden)', () => {
    const ok = (m: Matrix) => ann.predictProba(m);
    const e = errorOf(() => functionModel(ok, { inputDim: 4, classes: 2, fdstep: 1e-3 } as never));
    expect(e.code).toBe('BAD_OPTION');
    expect(e.message).toMatch(/fdstep.*did you mean 'fdStep'/);
    const model = functionModel(ok, { inputDim: 4, classes: 2, hidden: (m, a) => ann.hidden!(m, { activation: a }) });
    expect(errorOf(() => model.inputGradient(x, targets, { outptu: 'logit' } as never)).code).toBe('BAD_OPTION');
    expect(errorOf(() => model.hidden!(x, { activaton: 'pre' } as never)).code).toBe('BAD_OPTION');
  });

  it('per-column steps (fdScale as a list) and checkFiniteDifferences: the two steps disagree by exactly the truncation error', () => {
    // f = 1e-6·x0³ + 1e3·x1: central differences of x³ with step h are 3x² + h², so D(h) − D(2h) = −3h² · 1e-6.
    const f = (m: Matrix): Matrix => ({
      rows: m.rows,
      cols: 1,
      data: Float64Array.from({ length: m.rows }, (_, i) => 1e-6 * row(m, i)[0]! ** 3 + 1e3 * row(m, i)[1]!),
    });
    const x = { rows: 1, cols: 2, data: Float64Array.of(50, 0.002) };
    const model = functionModel(f, { inputDim: 2, classes: 1, output: 'value', fdStep: 1e-3, fdScale: [10, 0.001] });
    const h = 1e-3 * 10;
    const g = model.inputGradient(x, new Int32Array(1));
    expect(Math.abs(g.data[0]! - (3e-6 * 2500 + 1e-6 * h * h))).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(g.data[1]! - 1e3)).toBeLessThanOrEqual(1e-6);
    const c = model.checkFiniteDifferences!(x, [0]);
    expect(Math.abs(c.columnError[0]! - 3e-6 * h * h) / (3e-6 * h * h)).toBeLessThanOrEqual(0.05);
    expect(c.maxGradient).toBeCloseTo(1e3, 6);
    expect(c.relative).toBe(c.maxError / c.maxGradient);
    expect(c.step).toBe(1e-3);
    // a model with its own gradient function has nothing to check
    expect(functionModel(f, { inputDim: 2, classes: 1, output: 'value', gradient: () => [[0, 0]] }).checkFiniteDifferences).toBeUndefined();
    expect(() => functionModel(f, { inputDim: 2, classes: 1, output: 'value', fdScale: [1] })).toThrow(/2 per-column scales/);
    expect(() => functionModel(f, { inputDim: 2, classes: 1, output: 'value', fdScale: [1, -1] })).toThrow(/fdScale\[1\]/);
  });

  it('finiteDifferenceScale: each column’s sd, else its range, else 0 (the step then follows |x|, or 1 at 0)', () => {
    const train = { rows: 3, cols: 3, data: Float64Array.of(1, 5, 2, 3, 5, 2, 5, 5, 2) };
    expect(Array.from(finiteDifferenceScale(train))).toEqual([2, 0, 0]);
    expect(Array.from(finiteDifferenceScale({ rows: 2, cols: 2, data: Float64Array.of(1, 4, 1, 4) }))).toEqual([0, 0]);
    // scale 0: h = fdStep·|x| (x = 4 → 4e-3), and fdStep where x = 0
    const f = (m: Matrix): Matrix => ({
      rows: m.rows,
      cols: 1,
      data: Float64Array.from({ length: m.rows }, (_, i) => row(m, i)[0]! ** 3 + row(m, i)[1]! ** 3),
    });
    const model = functionModel(f, { inputDim: 2, classes: 1, output: 'value', fdStep: 1e-3, fdScale: [0, 0] });
    const g = model.inputGradient({ rows: 1, cols: 2, data: Float64Array.of(4, 0) }, new Int32Array(1));
    expect(g.data[0]).toBeCloseTo(48 + 16e-6, 9);
    expect(g.data[1]).toBeCloseTo(1e-6, 12);
  });
});
