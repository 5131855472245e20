// A float32 torch export (fixtures/generate_f32.py: LayerNorm/GELU/residual MLP, net.float(),
// opset 17) against torch autograd in float32 and in float64 on the same float32 parameters:
// the interpreter's float64 gradients are the graph's exact derivative; torch's own float32
// autograd is off by about 1e-3 of the largest gradient, and so is the interpreter's float32.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from './loadOnnxModel.js';

const file = fileURLToPath(new URL('../fixtures/f32/ln_gelu_residual.onnx', import.meta.url));
const f = JSON.parse(readFileSync(file.replace(/\.onnx$/, '.json'), 'utf8')) as {
  x: number[][];
  targets: number[];
  probabilities32: number[][];
  probabilities64: number[][];
  gradientTorch32: number[][];
  gradient64: number[][];
  torch32Error: number;
};
const x: Matrix = { rows: f.x.length, cols: f.x[0]!.length, data: Float64Array.from(f.x.flat()) };
const t = Int32Array.from(f.targets);

/** max |a − e| / max |e| over the whole matrix. */
function relError(a: Matrix, e: readonly number[][]): number {
  let [d, s] = [0, 0];
  e.flat().forEach((v, i) => {
    d = Math.max(d, Math.abs(a.data[i]! - v));
    s = Math.max(s, Math.abs(v));
  });
  return d / s;
}

describe('fixtures/f32: float32 weights, float32 and float64 arithmetic', () => {
  it('float64 (the default) over the float32 weights equals float64 autograd on them to 1e-10', () => {
    const m = loadOnnxModel(file);
    expect(m.backend).toBe('xai-interpreter');
    expect(m.discovered.interpreter.precision).toBe('float64');
    expect(relError(m.predictProba(x), f.probabilities64)).toBeLessThanOrEqual(1e-12);
    expect(relError(m.inputGradient(x, t), f.gradient64)).toBeLessThanOrEqual(1e-10);
  });

  it("torch's float32 autograd differs from that exact derivative by its own rounding (≈ 1e-3), as does float32 here", () => {
    const torch32 = f.torch32Error;
    expect(torch32).toBeGreaterThan(1e-4);
    expect(torch32).toBeLessThan(1e-2);
    const m32 = loadOnnxModel(file, { precision: 'float32' });
    const ours32 = relError(m32.inputGradient(x, t), f.gradient64);
    // same order as torch's float32 error, far above float64's
    expect(ours32).toBeGreaterThan(1e-6);
    expect(ours32).toBeLessThan(10 * torch32);
    expect(relError(m32.predictProba(x), f.probabilities32)).toBeLessThanOrEqual(1e-6);
  });

  it('reports the Sub/Div at its input (raw columns expected); a graph that picks columns and goes to its layer, none', () => {
    expect(loadOnnxModel(file).discovered.inputScaling).toBe('Sub');
    // an Embedding's code column goes through Gather/Cast, the others through x[:, cols] (Gather) then Sub
    const autodiff = (name: string): string => fileURLToPath(new URL(`../fixtures/autodiff/${name}.onnx`, import.meta.url));
    expect(loadOnnxModel(autodiff('embedding_op17')).discovered.inputScaling).toBe('Sub');
    // ArrayFeatureExtractor then LinearClassifier; an L2 Normalizer (not a constant scale)
    expect(loadOnnxModel(autodiff('iris_select_lr')).discovered.inputScaling).toBeNull();
    expect(loadOnnxModel(autodiff('iris_l2_lr')).discovered.inputScaling).toBeNull();
  });

  it('the float32 forward agrees with ONNX Runtime’s to 1e-6, the float64 forward to float32 rounding', () => {
    const ort = loadOnnxModel(file, { evaluate: 'session' });
    expect(ort.backend).toBe('onnxruntime-node');
    const p = ort.predictProba(x);
    const rows = (m: Matrix): number[][] =>
      Array.from({ length: m.rows }, (_, i) => Array.from(m.data.slice(i * m.cols, (i + 1) * m.cols)));
    expect(relError(loadOnnxModel(file, { precision: 'float32' }).predictProba(x), rows(p))).toBeLessThanOrEqual(1e-6);
    expect(relError(loadOnnxModel(file).predictProba(x), rows(p))).toBeLessThanOrEqual(1e-6);
    ort.dispose();
  });
});
