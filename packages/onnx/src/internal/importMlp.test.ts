// Graphs in the layouts other exporters use, written with onnx-proto; ONNX Runtime's own
// evaluation of each graph is the independent reference for the interpreter, and its
// dense-chain reading (discovered.mlp) names the ops.
import { createRng } from '@xai/core';
import type { Matrix } from '@xai/core';
import type onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from '../loadOnnxModel.js';
import { DT, encodeModel } from './proto.js';

type Node = onnxProto.onnx.INodeProto;
const f32 = (name: string, dims: number[], seed: number): onnxProto.onnx.ITensorProto => {
  const v = new Float32Array(dims.reduce((a, b) => a * b, 1));
  const rng = createRng(seed);
  for (let i = 0; i < v.length; i++) v[i] = rng.uniform() * 2 - 1;
  return { name, dims, dataType: DT.FLOAT, floatData: Array.from(v) };
};
const info = (name: string, cols: number | string): onnxProto.onnx.IValueInfoProto => ({
  name,
  type: {
    tensorType: {
      elemType: DT.FLOAT,
      shape: { dim: [{ dimParam: 'n' }, typeof cols === 'number' ? { dimValue: cols } : { dimParam: cols }] },
    },
  },
});
const int = (name: string, i: number): onnxProto.onnx.IAttributeProto => ({ name, type: 2, i });
const flt = (name: string, f: number): onnxProto.onnx.IAttributeProto => ({ name, type: 1, f });

function graph(
  nodes: Node[],
  inits: onnxProto.onnx.ITensorProto[],
  d: number,
  out: string,
  k: number,
  extraOpsets: { domain: string; version: number }[] = [],
): Uint8Array {
  return encodeModel({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }, ...extraOpsets],
    graph: { name: 'g', node: nodes, initializer: inits, input: [info('x', d)], output: [info(out, k)] },
  });
}

/** sklearn-onnx's linear classifier graph: x (n x d) → LinearClassifier → label, probabilities (n x k). */
function linearClassifier(coef: number[], intercepts: number[], post: 'SOFTMAX' | 'LOGISTIC', d: number, k: number): Uint8Array {
  return encodeModel({
    irVersion: 8,
    opsetImport: [
      { domain: '', version: 13 },
      { domain: 'ai.onnx.ml', version: 1 },
    ],
    graph: {
      name: `lr-${post}`,
      node: [
        {
          opType: 'LinearClassifier',
          domain: 'ai.onnx.ml',
          input: ['x'],
          output: ['label', 'probabilities'],
          attribute: [
            { name: 'coefficients', type: 6, floats: coef },
            { name: 'intercepts', type: 6, floats: intercepts },
            { name: 'classlabels_ints', type: 7, ints: Array.from({ length: k }, (_, i) => i) },
            { name: 'post_transform', type: 3, s: new TextEncoder().encode(post) },
          ],
        },
      ],
      input: [info('x', d)],
      output: [
        { name: 'label', type: { tensorType: { elemType: DT.INT64, shape: { dim: [{ dimParam: 'n' }] } } } },
        info('probabilities', k),
      ],
    },
  });
}

function rows(n: number, d: number, seed: number): Matrix {
  const data = new Float64Array(n * d);
  createRng(seed).fillUniform(data);
  for (let i = 0; i < data.length; i++) data[i] = data[i]! * 4 - 2;
  return { rows: n, cols: d, data };
}

/** The interpreter vs ONNX Runtime on the same graph, probabilities and (FD-checked) gradients. */
function agree(bytes: Uint8Array, expectOps: string, classes: number): void {
  const session = loadOnnxModel(bytes, { name: 'g.onnx', evaluate: 'session' });
  const imported = loadOnnxModel(bytes, { name: 'g.onnx' });
  expect(session.discovered.mlp).toBe(expectOps);
  expect(imported.backend).toBe('xai-interpreter');
  expect(session.classes).toBe(classes);
  const x = rows(64, session.inputDim, 7);
  const a = session.predictProba(x);
  const b = imported.predictProba(x);
  for (let i = 0; i < a.data.length; i++) expect(Math.abs(a.data[i]! - b.data[i]!)).toBeLessThanOrEqual(1e-6);
  const fd = loadOnnxModel(bytes, { gradients: 'finite-differences', evaluate: 'session', name: 'g.onnx' });
  const t = new Int32Array(64).fill(classes - 1);
  const g = session.inputGradient(x, t);
  const h = fd.inputGradient(x, t);
  let scale = 0;
  for (const v of g.data) scale = Math.max(scale, Math.abs(v));
  let bad = 0;
  for (let i = 0; i < g.data.length; i++) if (Math.abs(g.data[i]! - h.data[i]!) > 1e-3 * scale + 1e-4) bad++;
  // ReLU kinks inside a finite-difference step may spoil a few entries; nothing else may.
  expect(bad).toBeLessThanOrEqual(Math.ceil(g.data.length * 0.02));
}

describe('exporter layouts: the interpreter agrees with ONNX Runtime', () => {
  it('MatMul + Add (bias first), sigmoid hidden layer, Identity and Flatten, softmax head', () => {
    agree(
      graph(
        [
          { opType: 'Flatten', input: ['x'], output: ['f'], attribute: [int('axis', 1)] },
          { opType: 'MatMul', input: ['f', 'W0'], output: ['m0'] },
          { opType: 'Add', input: ['b0', 'm0'], output: ['z0'] },
          { opType: 'Sigmoid', input: ['z0'], output: ['a0'] },
          { opType: 'Identity', input: ['a0'], output: ['i0'] },
          { opType: 'MatMul', input: ['i0', 'W1'], output: ['m1'] },
          { opType: 'Add', input: ['m1', 'b1'], output: ['z1'] },
          { opType: 'Softmax', input: ['z1'], output: ['probabilities'], attribute: [int('axis', 1)] },
        ],
        [f32('W0', [5, 7], 1), f32('b0', [7], 2), f32('W1', [7, 3], 3), f32('b1', [1, 3], 4)],
        5,
        'probabilities',
        3,
      ),
      'Flatten → MatMul+Add → Sigmoid → Identity → MatMul+Add → Softmax',
      3,
    );
  });

  it('Cast to float, a constant-first Add and Mul between layers, a Reshape keeping the batch, a sigmoid head', () => {
    const shape: onnxProto.onnx.ITensorProto = { name: 'shape', dims: [2], dataType: DT.INT64, int64Data: [0, -1] };
    agree(
      graph(
        [
          { opType: 'Cast', input: ['x'], output: ['c'], attribute: [int('to', DT.FLOAT)] },
          { opType: 'Gemm', input: ['c', 'W0', 'b0'], output: ['z0'], attribute: [int('transB', 1)] },
          { opType: 'Tanh', input: ['z0'], output: ['a0'] },
          { opType: 'Add', input: ['shift', 'a0'], output: ['s0'] },
          { opType: 'Mul', input: ['scale', 's0'], output: ['m0'] },
          { opType: 'Reshape', input: ['m0', 'shape'], output: ['r0'] },
          { opType: 'Gemm', input: ['r0', 'W1', 'b1'], output: ['z1'], attribute: [int('transB', 1)] },
          { opType: 'Sigmoid', input: ['z1'], output: ['p'] },
        ],
        [
          f32('W0', [5, 4], 11),
          f32('b0', [5], 12),
          f32('shift', [5], 13),
          f32('scale', [1, 5], 14),
          shape,
          f32('W1', [1, 5], 15),
          f32('b1', [1], 16),
        ],
        4,
        'p',
        1,
      ),
      'Cast → Gemm → Tanh → Add → Mul → Reshape → Gemm → Sigmoid',
      2,
    );
  });

  it('Gemm with transB = 0, alpha, beta and a scalar bias; tanh; a single-output sigmoid head', () => {
    agree(
      graph(
        [
          { opType: 'Gemm', input: ['x', 'W0', 'b0'], output: ['z0'], attribute: [flt('alpha', 0.5), flt('beta', 2)] },
          { opType: 'Tanh', input: ['z0'], output: ['a0'] },
          { opType: 'Gemm', input: ['a0', 'W1', 'b1'], output: ['z1'], attribute: [int('transB', 1)] },
          { opType: 'Sigmoid', input: ['z1'], output: ['p'] },
        ],
        [f32('W0', [4, 6], 5), f32('b0', [1], 6), f32('W1', [1, 6], 7), f32('b1', [1], 8)],
        4,
        'p',
        1,
      ),
      'Gemm → Tanh → Gemm → Sigmoid',
      2,
    );
  });

  it('LinearClassifier with SOFTMAX over 3 classes (sklearn multinomial LR)', () => {
    const coef = Array.from({ length: 12 }, (_, i) => Math.sin(i + 1));
    agree(linearClassifier(coef, [0.1, -0.2, 0.3], 'SOFTMAX', 4, 3), 'LinearClassifier(SOFTMAX)', 3);
  });

  it('LinearClassifier(LOGISTIC) with one coefficient row (binary): p1 = σ(w·x + b), gradient ±p(1−p)·w in closed form', () => {
    const w = [0.7, -1.3, 0.25, 2.1];
    const b = -0.4;
    const bytes = linearClassifier(w, [b], 'LOGISTIC', 4, 2);
    const x = rows(32, 4, 9);
    // The closed form in float64, from the weights as float32 stores them.
    const wf = w.map(Math.fround);
    const bf = Math.fround(b);
    const p1 = Array.from({ length: x.rows }, (_, i) => {
      let z = bf;
      for (let j = 0; j < 4; j++) z += wf[j]! * x.data[i * 4 + j]!;
      return 1 / (1 + Math.exp(-z));
    });
    for (const evaluate of ['session', 'pure'] as const) {
      const m = loadOnnxModel(bytes, { name: 'lr1.onnx', evaluate });
      expect(m.discovered).toMatchObject({ mlp: 'LinearClassifier(LOGISTIC)', gradientSource: 'autodiff', evaluate });
      expect(m.classes).toBe(2);
      const p = m.predictProba(x);
      // The session computes in float32 (≈ 1e-7); the interpreter in float64 from float32 weights (≈ 1e-15).
      const tol = evaluate === 'session' ? 1e-6 : 1e-12;
      for (let i = 0; i < x.rows; i++) {
        expect(Math.abs(p.data[2 * i + 1]! - p1[i]!)).toBeLessThanOrEqual(tol);
        expect(Math.abs(p.data[2 * i]! - (1 - p1[i]!))).toBeLessThanOrEqual(tol);
      }
      for (const target of [0, 1]) {
        const g = m.inputGradient(x, new Int32Array(x.rows).fill(target));
        const sign = target === 1 ? 1 : -1;
        for (let i = 0; i < x.rows; i++)
          for (let j = 0; j < 4; j++)
            expect(Math.abs(g.data[i * 4 + j]! - sign * p1[i]! * (1 - p1[i]!) * wf[j]!)).toBeLessThanOrEqual(1e-12);
      }
      m.dispose();
    }
  });

  it('a ReLU on the output layer is no dense chain, but the interpreter differentiates it exactly', () => {
    const bytes = graph(
      [
        { opType: 'Gemm', input: ['x', 'W0', 'b0'], output: ['z0'], attribute: [int('transB', 1)] },
        { opType: 'Relu', input: ['z0'], output: ['logits'] },
      ],
      [f32('W0', [2, 3], 1), f32('b0', [2], 2)],
      3,
      'logits',
      2,
    );
    const reluOut = loadOnnxModel(bytes);
    expect(reluOut.gradientSource).toBe('autodiff');
    expect(reluOut.discovered.notMlpBecause).toContain('output layer');
    const fd = loadOnnxModel(bytes, { gradients: 'finite-differences', evaluate: 'session' });
    const x = rows(16, 3, 5);
    const t = new Int32Array(16).fill(1);
    const [g, h] = [reluOut.inputGradient(x, t, { output: 'logit' }), fd.inputGradient(x, t, { output: 'logit' })];
    for (let i = 0; i < g.data.length; i++) expect(Math.abs(g.data[i]! - h.data[i]!)).toBeLessThanOrEqual(1e-3);
  });

  it('a weight computed from constants (Neg of an initializer) is a constant: imported, and agrees with ONNX Runtime', () => {
    agree(
      graph(
        [
          { opType: 'Neg', input: ['W0'], output: ['nW'] },
          { opType: 'MatMul', input: ['x', 'nW'], output: ['m'] },
          { opType: 'Softmax', input: ['m'], output: ['probabilities'], attribute: [int('axis', 1)] },
        ],
        [f32('W0', [3, 2], 1)],
        3,
        'probabilities',
        2,
      ),
      'MatMul → Softmax',
      2,
    );
  });
});
