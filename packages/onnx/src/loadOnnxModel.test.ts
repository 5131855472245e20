import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { argmaxRows, isXaiError, row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { onnx } from './internal/proto.js';
import { loadOnnxModel } from './loadOnnxModel.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
interface Ref {
  x: number[][];
  [key: string]: unknown;
}
const ref = (name: string): Ref => JSON.parse(readFileSync(fixture(`${name}.json`), 'utf8')) as Ref;
const mat = (rows: number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });

function expectClose(actual: Matrix, expected: number[][], abs: number, rel = 0): void {
  expect(actual.rows).toBe(expected.length);
  for (let i = 0; i < actual.rows; i++) {
    const r = row(actual, i);
    expected[i]!.forEach((e, j) => {
      const tol = abs + rel * Math.abs(e);
      if (!(Math.abs(r[j]! - e) <= tol)) throw new Error(`(${i}, ${j}): ${r[j]} vs ${e} (tol ${tol})`);
    });
  }
}

/** Throws unless fn throws an XaiError with `code` whose message contains every needle. */
function expectXaiError(fn: () => unknown, code: string, ...needles: string[]): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(isXaiError(caught), `expected an XaiError, got ${String(caught)}`).toBe(true);
  expect((caught as { code: string }).code).toBe(code);
  for (const n of needles) expect((caught as Error).message).toContain(n);
}

describe('loadOnnxModel: torch / sklearn-style fixtures vs their export-time reference outputs', () => {
  it('torch MLP (ReLU, softmax head): pure TS, no session; probabilities ≤ 1e-6, exact gradients match torch autograd', () => {
    const r = ref('mlp_relu');
    const m = loadOnnxModel(fixture('mlp_relu.onnx'));
    expect(m.discovered).toMatchObject({
      input: 'x',
      inputDim: 6,
      outputName: 'probabilities',
      output: 'probabilities',
      head: 'softmax',
      gradientSource: 'autodiff',
      evaluate: 'pure',
    });
    expect(m.backend).toBe('xai-interpreter');
    expect(m.discovered.interpreter).toMatchObject({ runnable: true, exact: true, unsupported: [], noDerivative: [] });
    expect(m.discovered.mlp).toBe('Gemm → Relu → Gemm → Relu → Gemm → Softmax');
    expect(m.classes).toBe(2);
    const x = mat(r.x);
    expectClose(m.predictProba(x), r.probabilities as number[][], 1e-6);
    const targets = r.targets as number[];
    expect(Array.from(argmaxRows(m.predictProba(x)))).toEqual(targets);
    expectClose(m.inputGradient(x, Int32Array.from(targets)), r.gradient as number[][], 1e-6, 1e-5);
    expect(m.hidden!(x).cols).toBe(8);
    expect(m.sessionRuns).toBe(0);
    m.dispose();
  });

  it('torch MLP (tanh, raw logits output): discovered as logits, softmax applied; probability and logit gradients match autograd', () => {
    const r = ref('mlp_tanh');
    const m = loadOnnxModel(fixture('mlp_tanh.onnx'));
    expect(m.discovered).toMatchObject({
      output: 'logits',
      head: 'none',
      mlp: 'Gemm → Tanh → Gemm → Tanh → Gemm',
      gradientSource: 'autodiff',
    });
    const x = mat(r.x);
    expectClose(m.predictProba(x), r.probabilities as number[][], 1e-6);
    expectClose(m.logits!(x), r.logits as number[][], 1e-6);
    const t = Int32Array.from(r.targets as number[]);
    expectClose(m.inputGradient(x, t), r.gradient as number[][], 1e-6, 1e-5);
    expectClose(m.inputGradient(x, t, { output: 'logit' }), r.logitGradient as number[][], 1e-6, 1e-5);
  });

  it('3-class torch MLP: probabilities, gradients vs autograd, and Σ_k ∂p_k/∂x = 0', () => {
    const r = ref('mlp3');
    const m = loadOnnxModel(fixture('mlp3.onnx'));
    expect(m.classes).toBe(3);
    const x = mat(r.x);
    expectClose(m.predictProba(x), r.probabilities as number[][], 1e-6);
    expectClose(m.inputGradient(x, Int32Array.from(r.targets as number[])), r.gradient as number[][], 1e-6, 1e-5);
    const sum = new Float64Array(x.rows * x.cols);
    for (let k = 0; k < 3; k++)
      m.inputGradient(x, new Int32Array(x.rows).fill(k)).data.forEach((v, i) => {
        sum[i]! += v;
      });
    for (const v of sum) expect(Math.abs(v)).toBeLessThan(1e-12);
  });

  it('regression (one raw output): output value, classes 1, gradients of the value vs autograd', () => {
    const r = ref('regression');
    const m = loadOnnxModel(fixture('regression.onnx'));
    expect(m.output).toBe('value');
    expect(m.classes).toBe(1);
    expect(m.discovered.output).toBe('value');
    const x = mat(r.x);
    expectClose(m.predictProba(x), r.value as number[][], 1e-6);
    expectClose(m.inputGradient(x, new Int32Array(x.rows)), r.gradient as number[][], 1e-6, 1e-5);
    expect(m.logits).toBeUndefined();
  });

  it('sklearn-style LR (LinearClassifier LOGISTIC + Normalizer, zipmap=False): interpreted; gradient = p(1−p)·w in closed form', () => {
    const r = ref('lr_sklearn');
    const m = loadOnnxModel(fixture('lr_sklearn.onnx'));
    expect(m.discovered).toMatchObject({
      outputName: 'probabilities',
      head: 'classifier-op',
      mlp: 'LinearClassifier(LOGISTIC) → Normalizer(L1)',
      gradientSource: 'autodiff',
    });
    const x = mat(r.x);
    const p = m.predictProba(x);
    expectClose(p, r.probabilities as number[][], 1e-6);
    const w = r.weight as number[];
    const g = m.inputGradient(x, new Int32Array(x.rows).fill(1));
    const expected = (r.probabilities as number[][]).map((pr) => w.map((wj) => pr[1]! * pr[0]! * wj));
    expectClose(g, expected, 1e-7, 1e-6);
  });

  it("sklearn-onnx's default ZipMap output (seq(map)): the interpreter evaluates the scores it wraps", () => {
    const r = ref('lr_sklearn');
    const m = loadOnnxModel(fixture('lr_zipmap.onnx'));
    expect(m.discovered).toMatchObject({ outputName: 'output_probability', evaluate: 'pure', gradientSource: 'autodiff' });
    expect(m.discovered.outputRule).toContain('zipmap');
    expect(m.backend).toBe('xai-interpreter');
    expectClose(m.predictProba(mat(r.x)), r.probabilities as number[][], 1e-6);
  });

  it('a graph that is no dense chain (x·x → linear → sigmoid): differentiated exactly all the same', () => {
    const r = ref('poly_sigmoid');
    const m = loadOnnxModel(fixture('poly_sigmoid.onnx'));
    expect(m.discovered).toMatchObject({ head: 'sigmoid', width: 1, mlp: null, gradientSource: 'autodiff' });
    expect(m.discovered.notMlpBecause).toContain('Mul');
    const x = mat(r.x);
    const p = m.predictProba(x);
    expectClose(
      p,
      (r.probability as number[][]).map(([q]) => [1 - q!, q!]),
      1e-6,
    );
    expectClose(m.inputGradient(x, new Int32Array(x.rows).fill(1)), r.gradientClass1 as number[][], 1e-6, 1e-5);
    // the session, forced, with finite differences: float32 central differences are good to ~1e-4
    const fd = loadOnnxModel(fixture('poly_sigmoid.onnx'), { evaluate: 'session', gradients: 'finite-differences' });
    expect(fd.discovered).toMatchObject({
      gradientSource: 'finite-differences',
      finiteDifferencesBecause: "gradients: 'finite-differences' was asked for",
    });
    expectClose(fd.inputGradient(x, new Int32Array(x.rows).fill(1)), r.gradientClass1 as number[][], 2e-4, 1e-3);
  });

  it('tree ensemble: the session runs it; every column is reported not differentiable; FD gradient is 0 away from thresholds', () => {
    const r = ref('trees');
    const m = loadOnnxModel(fixture('trees.onnx'));
    expect(m.discovered).toMatchObject({ head: 'classifier-op', gradientSource: 'finite-differences', mlp: null, evaluate: 'session' });
    expect(m.discovered.interpreter.unsupported[0]).toContain('TreeEnsembleClassifier');
    expect(m.nonDifferentiableInputs.map((c) => c.column)).toEqual([0, 1, 2]);
    expect(m.nonDifferentiableInputs[0]!.reason).toContain('TreeEnsembleClassifier');
    const x = mat(r.x);
    expectClose(m.predictProba(x), r.probabilities as number[][], 1e-6);
    const g = m.inputGradient(x, new Int32Array(x.rows).fill(1));
    expect(Array.from(row(g, 0))).toEqual([0, 0, 0]);
  });

  it('the user chooses the output and its kind', () => {
    const m = loadOnnxModel(fixture('mlp_tanh.onnx'), { output: 'value' });
    const r = ref('mlp_tanh');
    expect(m.output).toBe('value');
    expect(m.classes).toBe(2);
    expectClose(m.predictProba(mat(r.x)), r.logits as number[][], 1e-6);
    expect(m.discovered.outputKindRule).toContain("output option 'value'");
    // Forced finite differences on a smooth (tanh) graph agree with autograd to float32 FD accuracy.
    const fd = loadOnnxModel(fixture('mlp_tanh.onnx'), { gradients: 'finite-differences' });
    expect(fd.gradientSource).toBe('finite-differences');
    expectClose(fd.inputGradient(mat(r.x), Int32Array.from(r.targets as number[])), r.gradient as number[][], 2e-4, 1e-3);
    expect(loadOnnxModel(readFileSync(fixture('lr_sklearn.onnx')), { outputName: 'probabilities', name: 'lr.onnx' }).discovered.file).toBe(
      'lr.onnx',
    );
  });
});

describe('loadOnnxModel: batching', () => {
  it('one session call per predictProba batch and per finite-difference gradient batch, never per row', () => {
    const m = loadOnnxModel(fixture('poly_sigmoid.onnx'), { evaluate: 'session', gradients: 'finite-differences' });
    const x = mat(Array.from({ length: 500 }, (_, i) => [i / 500, 0.5 - i / 1000, 0.1]));
    const at = m.sessionRuns;
    m.predictProba(x);
    expect(m.sessionRuns - at).toBe(1);
    m.inputGradient(x, new Int32Array(500).fill(1)); // 500 rows x 2·3 perturbations in one call
    expect(m.sessionRuns - at).toBe(2);
    const small = loadOnnxModel(fixture('poly_sigmoid.onnx'), { evaluate: 'session', gradients: 'finite-differences', maxBatchRows: 600 });
    const s0 = small.sessionRuns;
    small.inputGradient(x, new Int32Array(500).fill(1)); // chunks of 100 rows x 6
    expect(small.sessionRuns - s0).toBe(5);
  });
});

describe('loadOnnxModel: bad input is a typed XaiError naming the file and the problem', () => {
  it('corrupt and truncated files → PARSE_ERROR', () => {
    const bytes = readFileSync(fixture('mlp_relu.onnx'));
    expectXaiError(() => loadOnnxModel(bytes.subarray(0, Math.floor(bytes.length / 2)), { name: 'half.onnx' }), 'PARSE_ERROR', 'half.onnx');
    expectXaiError(() => loadOnnxModel(new Uint8Array([1, 2, 3, 4, 5, 200, 201, 202]), { name: 'junk.onnx' }), 'PARSE_ERROR', 'junk.onnx');
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.json')), 'PARSE_ERROR', 'mlp_relu.json');
    expectXaiError(() => loadOnnxModel(fixture('missing.onnx')), 'NOT_FOUND', 'missing.onnx');
  });

  it('a graph with two inputs → NOT_SUPPORTED naming both', () => {
    expectXaiError(() => loadOnnxModel(fixture('two_inputs.onnx')), 'NOT_SUPPORTED', 'two_inputs.onnx', "'a'", "'b'", '2 inputs');
  });

  it('dynamic feature dimension: needs inputDim; a wrong one is SHAPE_MISMATCH from the probe; a wrong batch width too', () => {
    expectXaiError(() => loadOnnxModel(fixture('dynamic.onnx')), 'NOT_SUPPORTED', 'dynamic.onnx', 'inputDim');
    expectXaiError(() => loadOnnxModel(fixture('dynamic.onnx'), { inputDim: 4 }), 'SHAPE_MISMATCH', 'dynamic.onnx', 'inner dims 4 and 3');
    expectXaiError(
      () => loadOnnxModel(fixture('dynamic.onnx'), { inputDim: 4, evaluate: 'session' }),
      'SHAPE_MISMATCH',
      'dynamic.onnx',
      '1 x 4',
    );
    const m = loadOnnxModel(fixture('dynamic.onnx'), { inputDim: 3 });
    expect(m.predictProba(mat([[0.1, -0.2, 0.3]])).cols).toBe(2);
    expectXaiError(() => m.predictProba(mat([[1, 2]])), 'SHAPE_MISMATCH', 'dynamic.onnx', '3 features');
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.onnx'), { inputDim: 5 }), 'SHAPE_MISMATCH', 'mlp_relu.onnx', 'takes 6');
  });

  it('NaN outputs → NON_FINITE naming the file, the output and the row', () => {
    const m = loadOnnxModel(fixture('nan.onnx'));
    expect(m.output).toBe('value');
    expect(m.predictProba(mat([[4]])).data[0]).toBe(2);
    expectXaiError(() => m.predictProba(mat([[4], [-1]])), 'NON_FINITE', 'nan.onnx', "'value'", 'row 1');
  });

  it('a ZipMap (seq(map)) output on a model that is not importable → NOT_SUPPORTED advising zipmap=False', () => {
    const m = onnx.ModelProto.decode(readFileSync(fixture('trees.onnx')));
    m.graph!.node!.push({
      opType: 'ZipMap',
      domain: 'ai.onnx.ml',
      input: ['probabilities'],
      output: ['output_probability'],
      attribute: [{ name: 'classlabels_int64s', type: 7, ints: [0, 1] }],
    });
    m.graph!.output = [
      m.graph!.output![0]!,
      {
        name: 'output_probability',
        type: { sequenceType: { elemType: { mapType: { keyType: 7, valueType: { tensorType: { elemType: 1 } } } } } },
      },
    ];
    const bytes = onnx.ModelProto.encode(m).finish();
    expectXaiError(() => loadOnnxModel(bytes, { name: 'trees_zipmap.onnx' }), 'NOT_SUPPORTED', 'trees_zipmap.onnx', "'zipmap': False");
  });

  it('unknown options and bad values → BAD_OPTION', () => {
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.onnx'), { thread: 1 } as never), 'BAD_OPTION', "did you mean 'threads'");
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.onnx'), { threads: 0 }), 'BAD_OPTION', 'threads');
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.onnx'), { outputName: 'nope' }), 'NOT_FOUND', 'mlp_relu.onnx', 'nope');
    expectXaiError(
      () => loadOnnxModel(fixture('mlp_relu.onnx'), { inputName: 'features' }),
      'NOT_FOUND',
      'mlp_relu.onnx',
      "'features'",
      'inputs: x',
    );
    expect(loadOnnxModel(fixture('mlp_relu.onnx'), { inputName: 'x' }).discovered.input).toBe('x');
    expectXaiError(
      () => loadOnnxModel(fixture('trees.onnx'), { gradients: 'exact' }),
      'NOT_SUPPORTED',
      'trees.onnx',
      'TreeEnsembleClassifier',
    );
    expectXaiError(
      () => loadOnnxModel(fixture('trees.onnx'), { evaluate: 'pure' }),
      'NOT_SUPPORTED',
      'trees.onnx',
      'TreeEnsembleClassifier',
    );
    expectXaiError(() => loadOnnxModel(fixture('mlp_relu.onnx'), { precision: 'half' as never }), 'BAD_OPTION', 'precision');
  });
});
