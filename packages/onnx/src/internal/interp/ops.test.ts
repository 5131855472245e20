// The ops the export fixtures do not reach, each in a small graph written with onnx-proto:
// the interpreter's forward against ONNX Runtime's (the reference), and its reverse-mode
// gradient against central finite differences of its own float64 forward.
import { createRng } from '@xai/core';
import type { Matrix } from '@xai/core';
import type onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from '../../loadOnnxModel.js';
import { DT, encodeModel } from '../proto.js';

type Node = onnxProto.onnx.INodeProto;
type Attr = onnxProto.onnx.IAttributeProto;
const int = (name: string, i: number): Attr => ({ name, type: 2, i });
const ints = (name: string, v: number[]): Attr => ({ name, type: 7, ints: v });
const flt = (name: string, f: number): Attr => ({ name, type: 1, f });
const str = (name: string, s: string): Attr => ({ name, type: 3, s: new TextEncoder().encode(s) });
const i64 = (name: string, v: number[], dims = [v.length]): onnxProto.onnx.ITensorProto => ({
  name,
  dims,
  dataType: DT.INT64,
  int64Data: v,
});
const f32 = (name: string, v: number[], dims = [v.length]): onnxProto.onnx.ITensorProto => ({
  name,
  dims,
  dataType: DT.FLOAT,
  floatData: v,
});

interface Case {
  readonly name: string;
  readonly d: number;
  readonly nodes: Node[];
  readonly inits?: onnxProto.onnx.ITensorProto[];
  readonly opset?: number;
  /** Inputs spread: rows drawn from [lo, hi]. */
  readonly range?: [number, number];
  /** Columns expected to reach a break. */
  readonly nonDifferentiable?: number[];
}

function bytes(c: Case): Uint8Array {
  const info = (name: string, d: number | string): onnxProto.onnx.IValueInfoProto => ({
    name,
    type: {
      tensorType: { elemType: DT.FLOAT, shape: { dim: [{ dimParam: 'n' }, typeof d === 'number' ? { dimValue: d } : { dimParam: d }] } },
    },
  });
  return encodeModel({
    irVersion: 8,
    opsetImport: [{ domain: '', version: c.opset ?? 17 }],
    graph: { name: c.name, node: c.nodes, initializer: c.inits ?? [], input: [info('x', c.d)], output: [info('y', 'k')] },
  });
}

function rows(n: number, d: number, [lo, hi]: [number, number], seed: number): Matrix {
  const data = new Float64Array(n * d);
  createRng(seed).fillUniform(data);
  for (let i = 0; i < data.length; i++) data[i] = Math.fround(lo + (hi - lo) * data[i]!);
  return { rows: n, cols: d, data };
}

const CASES: Case[] = [
  {
    name: 'Unsqueeze → Expand → Tile → Flatten',
    d: 3,
    nodes: [
      { opType: 'Unsqueeze', input: ['x', 'ax1'], output: ['u'] },
      { opType: 'Expand', input: ['u', 'shape'], output: ['e'] },
      { opType: 'Tile', input: ['e', 'reps'], output: ['t'] },
      { opType: 'Mul', input: ['t', 't'], output: ['sq'] },
      { opType: 'Flatten', input: ['sq'], output: ['y'] },
    ],
    inits: [i64('ax1', [1]), i64('shape', [1, 2, 3], [3]), i64('reps', [1, 1, 2])],
  },
  {
    name: 'Sum, Mean, Max, Min of three broadcast inputs (ties share the gradient)',
    d: 4,
    nodes: [
      { opType: 'Mul', input: ['x', 'two'], output: ['a'] },
      { opType: 'Sum', input: ['x', 'a', 'row'], output: ['s'] },
      { opType: 'Mean', input: ['x', 'row', 's'], output: ['m'] },
      { opType: 'Max', input: ['x', 'row', 'm'], output: ['mx'] },
      { opType: 'Min', input: ['mx', 'a'], output: ['mn'] },
      { opType: 'Concat', input: ['s', 'm', 'mx', 'mn'], output: ['y'], attribute: [int('axis', 1)] },
    ],
    inits: [f32('two', [2], []), f32('row', [0.1, -0.3, 0.25, 0.05], [1, 4])],
  },
  {
    name: 'ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSumExp, ReduceMin over a [n, 2, 3] view',
    d: 6,
    range: [0.2, 1.5],
    nodes: [
      { opType: 'Reshape', input: ['x', 'shape'], output: ['v'] },
      { opType: 'ReduceL1', input: ['v'], output: ['r1'], attribute: [ints('axes', [2]), int('keepdims', 0)] },
      { opType: 'ReduceL2', input: ['v'], output: ['r2'], attribute: [ints('axes', [1]), int('keepdims', 0)] },
      { opType: 'ReduceSumSquare', input: ['v'], output: ['r3'], attribute: [ints('axes', [-1]), int('keepdims', 0)] },
      { opType: 'ReduceLogSumExp', input: ['v'], output: ['r4'], attribute: [ints('axes', [1, 2]), int('keepdims', 0)] },
      { opType: 'Unsqueeze', input: ['r4', 'ax1'], output: ['r4u'] },
      { opType: 'ReduceMin', input: ['v'], output: ['r5'], attribute: [ints('axes', [2]), int('keepdims', 0)] },
      { opType: 'Concat', input: ['r1', 'r2', 'r3', 'r4u', 'r5'], output: ['y'], attribute: [int('axis', 1)] },
    ],
    inits: [i64('shape', [-1, 2, 3]), i64('ax1', [1])],
  },
  {
    name: 'Sin, Cos, Log, Exp and Pow with a computed exponent',
    d: 3,
    range: [0.3, 1.7],
    nodes: [
      { opType: 'Sin', input: ['x'], output: ['s'] },
      { opType: 'Cos', input: ['x'], output: ['c'] },
      { opType: 'Exp', input: ['s'], output: ['e'] },
      { opType: 'Log', input: ['x'], output: ['l'] },
      { opType: 'Pow', input: ['x', 'c'], output: ['p'] },
      { opType: 'Concat', input: ['e', 'l', 'p'], output: ['y'], attribute: [int('axis', 1)] },
    ],
  },
  {
    name: 'Softmax over axis 1 of [n, 2, 3], a Transpose with perm, LogSoftmax at opset 11 (2-D coercion)',
    d: 6,
    opset: 11,
    nodes: [
      { opType: 'Reshape', input: ['x', 'shape'], output: ['v'] },
      { opType: 'Softmax', input: ['v'], output: ['s'], attribute: [int('axis', 1)] },
      { opType: 'Transpose', input: ['s'], output: ['t'], attribute: [ints('perm', [0, 2, 1])] },
      { opType: 'Flatten', input: ['t'], output: ['f'] },
      { opType: 'LogSoftmax', input: ['f'], output: ['y'] },
    ],
    inits: [i64('shape', [-1, 2, 3])],
  },
  {
    name: 'Slice with negative and stepped ranges, Gather with negative indices, uneven Split, Concat on axis −1',
    d: 6,
    nodes: [
      { opType: 'Slice', input: ['x', 'st', 'en', 'ax', 'sp'], output: ['rev'] },
      { opType: 'Gather', input: ['x', 'idx'], output: ['g'], attribute: [int('axis', 1)] },
      { opType: 'Split', input: ['x', 'sizes'], output: ['a', 'b'], attribute: [int('axis', 1)] },
      { opType: 'Mul', input: ['a', 'a'], output: ['a2'] },
      { opType: 'Concat', input: ['rev', 'g', 'a2', 'b'], output: ['y'], attribute: [int('axis', -1)] },
    ],
    inits: [i64('st', [-1]), i64('en', [-100]), i64('ax', [1]), i64('sp', [-2]), i64('idx', [-1, 0, 2, -1]), i64('sizes', [2, 4])],
  },
  {
    name: 'Shape, ConstantOfShape, Range, CastLike and Where with a broadcast condition',
    d: 4,
    nodes: [
      { opType: 'Shape', input: ['x'], output: ['shp'] },
      {
        opType: 'ConstantOfShape',
        input: ['shp'],
        output: ['zeros'],
        attribute: [{ name: 'value', type: 4, t: f32('v', [0.5], [1]) }],
      },
      { opType: 'Range', input: ['r0', 'r1', 'r2'], output: ['rg'] },
      { opType: 'CastLike', input: ['rg', 'x'], output: ['rgf'] },
      { opType: 'Where', input: ['mask', 'x', 'zeros'], output: ['w'] },
      { opType: 'Mul', input: ['w', 'rgf'], output: ['y'] },
    ],
    inits: [
      i64('r0', [1], []),
      i64('r1', [9], []),
      i64('r2', [2], []),
      { name: 'mask', dims: [1, 4], dataType: 9, int32Data: [1, 0, 1, 1] },
    ],
  },
  {
    name: 'MatMul of two computed tensors ([n, 2, 3] · [n, 3, 2]) and Gemm with transA',
    d: 6,
    nodes: [
      { opType: 'Reshape', input: ['x', 's23'], output: ['a'] },
      { opType: 'Transpose', input: ['a'], output: ['at'], attribute: [ints('perm', [0, 2, 1])] },
      { opType: 'Tanh', input: ['at'], output: ['b'] },
      { opType: 'MatMul', input: ['a', 'b'], output: ['ab'] },
      { opType: 'Flatten', input: ['ab'], output: ['f'] },
      { opType: 'Transpose', input: ['f'], output: ['ft'] },
      { opType: 'Gemm', input: ['ft', 'W', 'c'], output: ['y'], attribute: [int('transA', 1), flt('alpha', 0.5), flt('beta', 2)] },
    ],
    inits: [i64('s23', [-1, 2, 3]), f32('W', [0.3, -0.2, 0.5, 0.1, 0.7, -0.4, 0.2, 0.2], [4, 2]), f32('c', [0.1, -0.1], [2])],
  },
  {
    name: 'BatchNormalization on [n, 2, 3] and LayerNormalization over the last two axes',
    d: 6,
    nodes: [
      { opType: 'Reshape', input: ['x', 's23'], output: ['v'] },
      { opType: 'BatchNormalization', input: ['v', 'sc', 'bi', 'mu', 'var'], output: ['bn'], attribute: [flt('epsilon', 1e-3)] },
      { opType: 'LayerNormalization', input: ['bn', 'lsc', 'lbi'], output: ['ln'], attribute: [int('axis', -2)] },
      { opType: 'Flatten', input: ['ln'], output: ['y'] },
    ],
    inits: [
      i64('s23', [-1, 2, 3]),
      f32('sc', [1.5, 0.5]),
      f32('bi', [0.1, -0.2]),
      f32('mu', [0.2, -0.1]),
      f32('var', [0.8, 1.3]),
      f32('lsc', [1, 2, 0.5, 1, 1.5, 0.7], [2, 3]),
      f32('lbi', [0, 0.1, 0, -0.1, 0, 0.2], [2, 3]),
    ],
  },
  {
    name: 'Clip with bounds as inputs, Gelu with tanh and exact forms at opset 20',
    d: 4,
    range: [-2, 2],
    opset: 20,
    nodes: [
      { opType: 'Clip', input: ['x', 'lo', 'hi'], output: ['c'] },
      { opType: 'Gelu', input: ['c'], output: ['g1'], attribute: [str('approximate', 'tanh')] },
      { opType: 'Gelu', input: ['x'], output: ['g2'] },
      { opType: 'Concat', input: ['g1', 'g2'], output: ['y'], attribute: [int('axis', 1)] },
    ],
    inits: [f32('lo', [-1], []), f32('hi', [1.2], [])],
  },
  {
    name: 'Floor, Ceil, Round, Sign, ArgMax and And/Or/Not: outputs match, the columns they read are not differentiable',
    d: 4,
    range: [-3, 3],
    nonDifferentiable: [0, 1, 2, 3],
    nodes: [
      { opType: 'Floor', input: ['x'], output: ['fl'] },
      { opType: 'Ceil', input: ['x'], output: ['ce'] },
      { opType: 'Round', input: ['x'], output: ['ro'] },
      { opType: 'Sign', input: ['x'], output: ['sg'] },
      { opType: 'ArgMax', input: ['x'], output: ['am'], attribute: [int('axis', 1)] },
      { opType: 'Cast', input: ['am'], output: ['amf'], attribute: [int('to', DT.FLOAT)] },
      { opType: 'Less', input: ['x', 'zero'], output: ['neg'] },
      { opType: 'Not', input: ['neg'], output: ['pos'] },
      { opType: 'Or', input: ['neg', 'pos'], output: ['all'] },
      { opType: 'And', input: ['all', 'pos'], output: ['pos2'] },
      { opType: 'Cast', input: ['pos2'], output: ['posf'], attribute: [int('to', DT.FLOAT)] },
      { opType: 'Concat', input: ['fl', 'ce', 'ro', 'sg', 'amf', 'posf', 'x'], output: ['y'], attribute: [int('axis', 1)] },
    ],
    inits: [f32('zero', [0], [])],
  },
  {
    name: 'opset 10: Clip bounds, Dropout ratio, Unsqueeze/Squeeze axes, Split sizes and ReduceSum axes as attributes',
    d: 4,
    opset: 10,
    nodes: [
      { opType: 'Clip', input: ['x'], output: ['c'], attribute: [flt('min', -0.8), flt('max', 1.1)] },
      { opType: 'Dropout', input: ['c'], output: ['dr'], attribute: [flt('ratio', 0.3)] },
      { opType: 'Unsqueeze', input: ['dr'], output: ['u'], attribute: [ints('axes', [2])] },
      { opType: 'Split', input: ['u'], output: ['a', 'b'], attribute: [int('axis', 1), ints('split', [1, 3])] },
      { opType: 'ReduceSum', input: ['b'], output: ['rs'], attribute: [ints('axes', [1]), int('keepdims', 1)] },
      { opType: 'Concat', input: ['a', 'rs', 'b'], output: ['cc'], attribute: [int('axis', 1)] },
      { opType: 'Squeeze', input: ['cc'], output: ['sq'], attribute: [ints('axes', [2])] },
      { opType: 'Softsign', input: ['sq'], output: ['y'] },
    ],
  },
];

describe('the interpreter on single ops: forward = ONNX Runtime, gradient = central differences', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const b = bytes(c);
      const pure = loadOnnxModel(b, { name: `${c.name}.onnx`, output: 'value' });
      expect(pure.backend).toBe('xai-interpreter');
      const ort = loadOnnxModel(b, { name: `${c.name}.onnx`, output: 'value', evaluate: 'session' });
      const x = rows(12, c.d, c.range ?? [-1.5, 1.5], 3);
      const [a, r] = [pure.predictProba(x), ort.predictProba(x)];
      expect([a.rows, a.cols]).toEqual([r.rows, r.cols]);
      let scale = 0;
      for (const v of r.data) scale = Math.max(scale, Math.abs(v));
      for (let i = 0; i < a.data.length; i++) expect(Math.abs(a.data[i]! - r.data[i]!)).toBeLessThanOrEqual(1e-5 * scale);
      expect(pure.nonDifferentiableInputs.map((n) => n.column)).toEqual(c.nonDifferentiable ?? []);
      const fd = loadOnnxModel(b, { name: `${c.name}.onnx`, output: 'value', gradients: 'finite-differences' });
      for (const target of [0, a.cols - 1]) {
        const t = new Int32Array(x.rows).fill(target);
        const [g, h] = [pure.inputGradient(x, t), fd.inputGradient(x, t)];
        let gs = 0;
        for (const v of h.data) gs = Math.max(gs, Math.abs(v));
        for (let i = 0; i < g.data.length; i++) expect(Math.abs(g.data[i]! - h.data[i]!)).toBeLessThanOrEqual(1e-6 * Math.max(gs, 1));
      }
      ort.dispose();
    });
  }
});
