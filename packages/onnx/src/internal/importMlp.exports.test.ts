// Real-world export layouts (fixtures/generate_exact.py): sklearn-onnx pipelines and torch
// graphs with their preprocessing and heads import into the exact-gradient path. References
// are closed forms (sklearn) or torch autograd in float64 on the graph's own parameters.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from '../loadOnnxModel.js';
import type { OnnxModel } from '../types.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
interface Ref {
  readonly x: number[][];
  readonly targets: number[];
  readonly gradient: number[][];
  readonly probabilities?: number[][];
  readonly value?: number[][];
}
const ref = (name: string): Ref => JSON.parse(readFileSync(fixture(`${name}.json`), 'utf8')) as Ref;
const mat = (rows: readonly number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });

/**
 * |a − b| ≤ rel · (largest |b| in b's column): relative to each feature's own scale, since raw
 * columns (age, income) differ by orders of magnitude.
 */
function expectColumnClose(actual: Matrix, expected: readonly number[][], rel: number, sign = 1): void {
  expect(actual.rows).toBe(expected.length);
  const cols = expected[0]!.length;
  for (let j = 0; j < cols; j++) {
    const scale = Math.max(...expected.map((r) => Math.abs(r[j]!)));
    for (let i = 0; i < actual.rows; i++) {
      const [a, b] = [row(actual, i)[j]!, sign * expected[i]![j]!];
      if (!(Math.abs(a - b) <= rel * scale)) throw new Error(`(${i}, ${j}): ${a} vs ${b} (column scale ${scale}, rel ${rel})`);
    }
  }
}

interface Case {
  readonly file: string;
  readonly refName: string;
  readonly ops: string;
  /** Session (ONNX Runtime) outputs vs the reference: float32 graphs compute in float32. */
  readonly sessionTol: number;
}

const CASES: readonly Case[] = [
  {
    file: 'skl_pipeline.onnx',
    refName: 'skl_pipeline',
    ops: 'Scaler → LinearClassifier(LOGISTIC) → Normalizer(L1)',
    sessionTol: 2e-6,
  },
  {
    file: 'skl_pipeline_zipmap.onnx',
    refName: 'skl_pipeline',
    ops: 'Scaler → LinearClassifier(LOGISTIC) → Normalizer(L1) → ZipMap',
    sessionTol: Number.NaN,
  },
  { file: 'skl_pipeline_direct.onnx', refName: 'skl_pipeline', ops: 'Scaler → LinearClassifier(LOGISTIC)', sessionTol: 2e-6 },
  {
    file: 'skl_pipeline_identity.onnx',
    refName: 'skl_pipeline',
    ops: 'Scaler → LinearClassifier(LOGISTIC) → Normalizer(L1) → Identity',
    sessionTol: 2e-6,
  },
  {
    // skl2onnx's float64 path: no ai.onnx.ml op, the Normalizer as Div by ReduceSum(Abs).
    file: 'skl_pipeline_double.onnx',
    refName: 'skl_pipeline_double',
    ops: 'Sub → Div → MatMul+Add → Sigmoid → Div(L1)',
    sessionTol: 1e-12,
  },
  {
    file: 'skl_pipeline3.onnx',
    refName: 'skl_pipeline3',
    ops: 'Scaler → LinearClassifier(SOFTMAX) → Normalizer(L1)',
    sessionTol: 2e-6,
  },
  {
    // Pipeline(StandardScaler, MLPClassifier): skl2onnx's Cast of the input and Concat([Sub(unity, p), p]).
    file: 'skl_mlp.onnx',
    refName: 'skl_mlp',
    ops: 'Scaler → Cast → MatMul+Add → Tanh → MatMul+Add → Tanh → MatMul+Add → Sigmoid → Concat[1−p,p]',
    sessionTol: 2e-6,
  },
  {
    file: 'torch_concat_head.onnx',
    refName: 'torch_concat_head',
    ops: 'Sub → Div → Gemm → Relu → Gemm → Relu → Gemm → Sigmoid → Concat[1−p,p]',
    sessionTol: 1e-12,
  },
  {
    file: 'torch_concat_head_f32.onnx',
    refName: 'torch_concat_head_f32',
    ops: 'Sub → Div → Gemm → Relu → Gemm → Relu → Gemm → Sigmoid → Concat[1−p,p]',
    sessionTol: 2e-6,
  },
  {
    file: 'torch_batchnorm.onnx',
    refName: 'torch_batchnorm',
    ops: 'BatchNormalization → Gemm → BatchNormalization → Relu → Flatten → Gemm → Softmax',
    sessionTol: 1e-12,
  },
  {
    // torch's `(x − mean) * (1 / std)` leaves a Reciprocal of a buffer; `h.view(h.size(0), -1)` a Reshape to a computed shape.
    file: 'torch_view_temperature.onnx',
    refName: 'torch_view_temperature',
    ops: 'Sub → Mul → Gemm → Relu → Reshape → Gemm → Div → Softmax',
    sessionTol: 1e-12,
  },
];

function outputs(r: Ref): number[][] {
  return (r.probabilities ?? r.value)!;
}

function expectExact(m: OnnxModel, c: Case): void {
  expect(m.gradientSource).toBe('autodiff');
  expect(m.discovered).toMatchObject({ mlp: c.ops, gradientSource: 'autodiff' });
  expect(m.discovered.notMlpBecause).toBeUndefined();
  expect(m.discovered.interpreter).toMatchObject({ runnable: true, exact: true });
}

describe('real-world exports: interpreted with exact gradients, and still recognised as dense chains', () => {
  for (const c of CASES) {
    it(`${c.file}: ${c.ops}`, () => {
      const r = ref(c.refName);
      const x = mat(r.x);
      const zipmap = Number.isNaN(c.sessionTol);
      // gradients: 'exact' throws unless the interpreter differentiates the graph.
      const imported = loadOnnxModel(fixture(c.file), { gradients: 'exact' });
      expectExact(imported, c);
      expect(imported.backend).toBe('xai-interpreter');
      // The interpreter computes in float64 on the graph's constants, exactly as the reference.
      expectColumnClose(imported.predictProba(x), outputs(r), 1e-12);
      const targets = Int32Array.from(r.targets);
      expectColumnClose(imported.inputGradient(x, targets), r.gradient, 1e-12);
      if (!zipmap) {
        const session = loadOnnxModel(fixture(c.file), { evaluate: 'session' });
        expectExact(session, c);
        expect(session.discovered.evaluate).toBe('session');
        expectColumnClose(session.predictProba(x), outputs(r), c.sessionTol);
        // The session model's gradients are the interpreter's, whoever evaluates the outputs.
        expectColumnClose(session.inputGradient(x, targets), r.gradient, 1e-12);
        session.dispose();
      }
      if (imported.classes === 2) {
        // Two classes: ∂p₀/∂x = −∂p₁/∂x.
        const other = Int32Array.from(r.targets, (t) => 1 - t);
        expectColumnClose(imported.inputGradient(x, other), r.gradient, 1e-12, -1);
      }
      imported.dispose();
    });
  }

  it('torch regression: standardised input, tanh MLP, de-standardised output reshaped to [n]: a value model', () => {
    const r = ref('torch_scaled_regression');
    const x = mat(r.x);
    const m = loadOnnxModel(fixture('torch_scaled_regression.onnx'), { gradients: 'exact' });
    expect(m.discovered).toMatchObject({
      output: 'value',
      width: 1,
      mlp: 'Sub → Div → Gemm → Tanh → Gemm → Mul → Add → Reshape',
      gradientSource: 'autodiff',
    });
    expect(m.output).toBe('value');
    expectColumnClose(m.predictProba(x), r.value!, 1e-12);
    expectColumnClose(m.inputGradient(x, new Int32Array(x.rows)), r.gradient, 1e-12);
    m.dispose();
  });

  it('the ZipMap pipeline is evaluated by the interpreter (a seq(map) has no tensor to read)', () => {
    const m = loadOnnxModel(fixture('skl_pipeline_zipmap.onnx'));
    expect(m.discovered).toMatchObject({ outputName: 'output_probability', evaluate: 'pure', head: 'classifier-op' });
    m.dispose();
  });
});
