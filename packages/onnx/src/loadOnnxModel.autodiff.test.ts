// The interpreter on the graphs people export (fixtures/generate_autodiff.py: torch at opsets 13
// and 17, scikit-learn graphs written as skl2onnx writes them): outputs and input gradients vs
// torch autograd in float64 on the graph's own parameters, float32 arithmetic within float32
// rounding, the forward beside ONNX Runtime's, and what each graph reports about itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from './loadOnnxModel.js';

const dir = (name: string): string => fileURLToPath(new URL(`../fixtures/autodiff/${name}`, import.meta.url));
interface Fixture {
  readonly name: string;
  readonly opset: number;
  readonly ops: readonly string[];
  readonly kind: 'probabilities' | 'logits' | 'value';
  readonly width: number;
  readonly output: string;
  readonly x: number[][];
  readonly values: number[][];
  readonly targets: number[];
  readonly gradient: number[][];
  readonly logitGradient?: number[][];
  readonly nonDifferentiable: number[];
  readonly classLabels: string[] | null;
  readonly labels?: string[];
  readonly train?: number[][];
  readonly finiteDifferences?: boolean;
  readonly asLogitsTargets?: number[];
  readonly asLogitsGradient?: number[][];
  readonly asLogitsLogitGradient?: number[][];
}
const INDEX = JSON.parse(readFileSync(dir('index.json'), 'utf8')) as { name: string }[];
const load = (name: string): Fixture => JSON.parse(readFileSync(dir(`${name}.json`), 'utf8')) as Fixture;
const mat = (rows: readonly number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });

/** max over columns of max_i |a_ij − e_ij| / max_i |e_ij|: each column against its own scale (raw units differ by 1e7). */
function columnError(a: Matrix, e: readonly number[][]): number {
  const cols = e[0]!.length;
  expect([a.rows, a.cols]).toEqual([e.length, cols]);
  let worst = 0;
  for (let j = 0; j < cols; j++) {
    const scale = Math.max(...e.map((r) => Math.abs(r[j]!)));
    for (let i = 0; i < e.length; i++) {
      const d = Math.abs(a.data[i * cols + j]! - e[i]![j]!);
      worst = Math.max(worst, scale === 0 ? d : d / scale);
    }
  }
  return worst;
}

/** The model's outputs in the fixture's columns (a single probability p is stored as p). */
function outputs(m: ReturnType<typeof loadOnnxModel>, f: Fixture, x: Matrix): Matrix {
  const p = m.predictProba(x);
  if (f.kind === 'logits') return m.logits!(x);
  if (f.width === 1 && f.kind === 'probabilities') return { rows: p.rows, cols: 1, data: p.data.filter((_, i) => i % 2 === 1) };
  return p;
}

// float64 throughout: ≤ 1e-10 of each column's scale (measured ≤ 4e-15). float32 (each op rounded,
// as ONNX Runtime): ≤ 1e-5 of each column's scale (measured ≤ 1.3e-6, about 20 float32 ulps).
const EXACT = 1e-10;
const FLOAT32 = 1e-5;

describe('fixtures/autodiff: exported graphs vs torch autograd', () => {
  const cases = INDEX.map((e) => load(e.name)).filter((f) => f.finiteDifferences !== true);
  it('cover at least 30 exports and every op of the documented set', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const seen = new Set(cases.flatMap((f) => f.ops.map((o) => o.replace(/^ai\.onnx\.ml\./, ''))));
    const listed = [
      ...'Gemm MatMul Add Sub Mul Div Neg Abs Relu LeakyRelu PRelu Elu Selu Celu Gelu Erf Tanh Sigmoid HardSigmoid HardSwish'.split(' '),
      ...'Softplus Softsign Exp Log Pow Sqrt Reciprocal Softmax LogSoftmax LayerNormalization BatchNormalization'.split(' '),
      ...'ReduceMean ReduceSum ReduceMax Concat Split Slice Gather Reshape Flatten Squeeze Unsqueeze Transpose Identity'.split(' '),
      ...'Dropout Cast Clip Max Min Where Scaler Normalizer ZipMap LinearClassifier LinearRegressor'.split(' '),
    ];
    expect(listed.filter((op) => !seen.has(op))).toEqual([]);
  });

  for (const f of cases) {
    it(`${f.name} (opset ${f.opset}): outputs and gradients ≤ ${EXACT} in float64, ≤ ${FLOAT32} in float32, no runtime`, () => {
      const file = dir(`${f.name}.onnx`);
      const x = mat(f.x);
      const t = Int32Array.from(f.targets);
      const m = loadOnnxModel(file, { gradients: 'exact' });
      expect(m.backend).toBe('xai-interpreter');
      expect(m.discovered).toMatchObject({ output: f.kind, width: f.width, outputName: f.output, gradientSource: 'autodiff' });
      expect(m.nonDifferentiableInputs.map((c) => c.column)).toEqual(f.nonDifferentiable);
      expect(m.classLabels ?? null).toEqual(f.classLabels);
      expect(columnError(outputs(m, f, x), f.values)).toBeLessThanOrEqual(EXACT);
      expect(columnError(m.inputGradient(x, t), f.gradient)).toBeLessThanOrEqual(EXACT);
      if (f.logitGradient !== undefined)
        expect(columnError(m.inputGradient(x, t, { output: 'logit' }), f.logitGradient)).toBeLessThanOrEqual(EXACT);
      expect(m.sessionRuns).toBe(0);
      const m32 = loadOnnxModel(file, { precision: 'float32' });
      expect(m32.discovered.interpreter.precision).toBe('float32');
      expect(columnError(outputs(m32, f, x), f.values)).toBeLessThanOrEqual(FLOAT32);
      expect(columnError(m32.inputGradient(x, t), f.gradient)).toBeLessThanOrEqual(FLOAT32);
    });
  }

  it('the float32 forward is within 1e-6 relative of ONNX Runtime’s on every graph it can read', () => {
    let worst = 0;
    for (const f of cases.filter((c) => !c.output.startsWith('output_probability'))) {
      const file = dir(`${f.name}.onnx`);
      const x = mat(f.x);
      const [pure, ort] = [loadOnnxModel(file, { precision: 'float32' }), loadOnnxModel(file, { evaluate: 'session' })];
      expect(ort.backend).toBe('onnxruntime-node');
      const [a, b] = [pure.predictProba(x), ort.predictProba(x)];
      let scale = 0;
      for (const v of b.data) scale = Math.max(scale, Math.abs(v));
      for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i]! - b.data[i]!) / scale);
      ort.dispose();
    }
    expect(worst).toBeLessThanOrEqual(1e-6);
  });
});

describe('what the graphs report', () => {
  it('an Embedding of a category code: the code column is not differentiable, named with its Cast; its gradient is 0', () => {
    const f = load('embedding_op17');
    const m = loadOnnxModel(dir('embedding_op17.onnx'));
    expect(m.nonDifferentiableInputs).toHaveLength(1);
    expect(m.nonDifferentiableInputs[0]!.column).toBe(5);
    expect(m.nonDifferentiableInputs[0]!.reason).toMatch(/\(Cast\) casts it to an integer or bool/);
    const g = m.inputGradient(mat(f.x), Int32Array.from(f.targets));
    for (let i = 0; i < g.rows; i++) expect(g.data[i * 6 + 5]).toBe(0);
  });

  it('a comparison (torch.where(h > 0, …)) makes every column it reaches not differentiable', () => {
    const m = loadOnnxModel(dir('where.onnx'));
    expect(m.nonDifferentiableInputs.map((c) => c.column)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.nonDifferentiableInputs[0]!.reason).toMatch(/Greater/);
  });

  it('a single raw column is a value by default; declared a logit it is a binary classifier with sigmoid probabilities', () => {
    const f = load('binary_logit');
    const x = mat(f.x);
    const asValue = loadOnnxModel(dir('binary_logit.onnx'));
    expect([asValue.output, asValue.classes]).toEqual(['value', 1]);
    const asLogit = loadOnnxModel(dir('binary_logit.onnx'), { output: 'logits' });
    expect([asLogit.output, asLogit.classes]).toEqual(['probabilities', 2]);
    const t = Int32Array.from(f.asLogitsTargets!);
    expect(columnError(asLogit.inputGradient(x, t), f.asLogitsGradient!)).toBeLessThanOrEqual(EXACT);
    expect(columnError(asLogit.inputGradient(x, t, { output: 'logit' }), f.asLogitsLogitGradient!)).toBeLessThanOrEqual(EXACT);
  });

  it("class labels by name: the data's order reorders the columns; another set of names is an error naming both", () => {
    const f = load('breast_cancer_lr');
    const x = mat(f.x);
    const stored = loadOnnxModel(dir('breast_cancer_lr.onnx'));
    expect(stored.classLabels).toEqual(['malignant', 'benign']);
    // a CSV's labels sort as benign, malignant: column 0 must be benign
    const named = loadOnnxModel(dir('breast_cancer_lr.onnx'), { classes: ['benign', 'malignant'] });
    expect(named.classLabels).toEqual(['benign', 'malignant']);
    const [p, q] = [stored.predictProba(x), named.predictProba(x)];
    for (let i = 0; i < x.rows; i++) expect([q.data[2 * i], q.data[2 * i + 1]]).toEqual([p.data[2 * i + 1], p.data[2 * i]]);
    const t = Int32Array.from(f.targets);
    const swapped = Int32Array.from(t, (v) => 1 - v);
    expect(Array.from(named.inputGradient(x, swapped).data)).toEqual(Array.from(stored.inputGradient(x, t).data));
    // the rows' true labels, matched by name, give sklearn's accuracy
    const predicted = Array.from({ length: x.rows }, (_, i) => (q.data[2 * i + 1]! > q.data[2 * i]! ? 'malignant' : 'benign'));
    const truth = f.labels!;
    expect(predicted.filter((l, i) => l === truth[i]).length).toBeGreaterThanOrEqual(15);
    let caught: unknown;
    try {
      loadOnnxModel(readFileSync(dir('breast_cancer_lr.onnx')), { classes: ['B', 'M'], name: 'bc.onnx' });
    } catch (e) {
      caught = e;
    }
    expect(isXaiError(caught, 'BAD_INPUT')).toBe(true);
    expect((caught as Error).message).toContain('bc.onnx names its classes [malignant, benign] but the data');
    expect((caught as Error).message).toContain('[B, M]');
    // int64 labels match numbers by value
    expect(loadOnnxModel(dir('iris_l2_lr.onnx'), { classes: ['3.0', '5', '7'] }).classLabels).toEqual(['3', '5', '7']);
  });
});

describe('finite differences where no op derivative exists (Atan is outside the op set)', () => {
  const f = load('atan_fd');
  const x = mat(f.x);
  const t = Int32Array.from(f.targets);
  const relError = (g: Matrix): number => {
    let e = 0;
    let s = 0;
    f.gradient.forEach((r, i) => {
      r.forEach((v, j) => {
        e = Math.max(e, Math.abs(g.data[i * 6 + j]! - v));
        s = Math.max(s, Math.abs(v));
      });
    });
    return e / s;
  };

  it('ONNX Runtime runs it, the reason is named, and a step from raw |x| is flagged unreliable by its own estimate', () => {
    const m = loadOnnxModel(dir('atan_fd.onnx'));
    expect([m.backend, m.gradientSource]).toEqual(['onnxruntime-node', 'finite-differences']);
    expect(m.discovered.finiteDifferencesBecause).toMatch(/Atan/);
    const check = m.finiteDifferences!.check(x, t);
    // the income column (≈ 5e4) gets a step of 4.9e-3 · |x| ≈ 250: the estimate says so
    expect(check.relative).toBeGreaterThan(0.01);
    expect(relError(m.inputGradient(x, t))).toBeGreaterThan(0.01);
    expect(() => loadOnnxModel(dir('atan_fd.onnx'), { gradients: 'exact' })).toThrow(/Atan/);
  });

  it('per-column steps from the training spread: the estimate is below 1 % and bounds the true error', () => {
    const m = loadOnnxModel(dir('atan_fd.onnx'));
    const scale = m.finiteDifferences!.fitSteps(mat(f.train!));
    expect(m.finiteDifferences!.columnScale).toBe(scale);
    expect(scale[2]!).toBeLessThan(0.01); // the ratio column's sd ≈ 0.0023
    const check = m.finiteDifferences!.check(x, t);
    const actual = relError(m.inputGradient(x, t));
    expect(check.relative).toBeLessThan(0.01);
    expect(actual).toBeLessThanOrEqual(check.relative);
  });
});
