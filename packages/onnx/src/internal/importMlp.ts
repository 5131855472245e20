// Recognises an MLP in an ONNX graph (what torch and sklearn export for dense nets and
// linear models) and reads its weights, walking back from the chosen output to the input.
import type { GraphIndex } from './graph.js';
import type { NodeProto, TensorProto } from './proto.js';
import { attrFloat, attrFloats, attrInt, attrString, tensorDims, tensorValues } from './proto.js';

export type HiddenActivation = 'relu' | 'tanh' | 'sigmoid' | 'none';

/** One affine layer, weight out x in (PyTorch layout), and the activation applied after it. */
export interface ImportedLayer {
  readonly inDim: number;
  readonly outDim: number;
  readonly weight: Float64Array;
  readonly bias: Float64Array;
  activation: HiddenActivation;
}

/** The head applied to the last layer's raw scores in the graph. */
export type Head = 'softmax' | 'sigmoid' | 'none';

export interface ImportedMlp {
  readonly layers: ImportedLayer[];
  readonly head: Head;
  /** Ops seen, input to output (for the `discovered` report). */
  readonly ops: string[];
}

export type ImportResult = { readonly ok: true; readonly mlp: ImportedMlp } | { readonly ok: false; readonly reason: string };

const SKIP = new Set(['Identity', 'Dropout']);
const ACT: Record<string, HiddenActivation> = { Relu: 'relu', Tanh: 'tanh', Sigmoid: 'sigmoid' };

function constant(g: GraphIndex, name: string | undefined): { dims: number[]; values: Float64Array } | undefined {
  if (name === undefined) return undefined;
  const t: TensorProto | undefined = g.constants.get(name);
  if (t === undefined) return undefined;
  const values = tensorValues(t);
  return values === undefined ? undefined : { dims: tensorDims(t), values };
}

function label(node: NodeProto): string {
  return node.name !== undefined && node.name !== null && node.name !== '' ? `${node.opType} '${node.name}'` : `${node.opType ?? '?'}`;
}

/** Bias of length `out` from a constant broadcastable to [out] (shape [out], [1, out] or a scalar). */
function biasOf(c: { dims: number[]; values: Float64Array }, out: number, scale: number): Float64Array | undefined {
  const b = new Float64Array(out);
  if (c.values.length === 1) b.fill(c.values[0]! * scale);
  else if (c.values.length === out && c.dims[c.dims.length - 1] === out) for (let i = 0; i < out; i++) b[i] = c.values[i]! * scale;
  else return undefined;
  return b;
}

/** Transposes an in x out (MatMul) weight to out x in. */
function transposed(values: Float64Array, rows: number, cols: number, scale: number): Float64Array {
  const t = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = values[i * cols + j]! * scale;
  return t;
}

/** sklearn-onnx's LinearClassifier (+ Normalizer L1): a logistic regression, when it is one. */
function linearClassifier(node: NodeProto, g: GraphIndex, normalised: boolean): ImportResult {
  const coef = attrFloats(node, 'coefficients');
  const intercepts = attrFloats(node, 'intercepts') ?? [];
  const post = attrString(node, 'post_transform') ?? 'NONE';
  const inDim = typeof g.input.shape?.[1] === 'number' ? (g.input.shape[1] as number) : undefined;
  if (coef === undefined || inDim === undefined || coef.length % inDim !== 0)
    return { ok: false, reason: `${label(node)}: coefficients do not match the input width` };
  const rows = coef.length / inDim;
  const at = (r: number, j: number): number => coef[r * inDim + j]!;
  if (post === 'SOFTMAX' && rows >= 2) {
    return {
      ok: true,
      mlp: {
        layers: [
          {
            inDim,
            outDim: rows,
            weight: Float64Array.from(coef),
            bias: Float64Array.from({ length: rows }, (_, i) => intercepts[i] ?? 0),
            activation: 'none',
          },
        ],
        head: 'softmax',
        ops: ['LinearClassifier(SOFTMAX)'],
      },
    };
  }
  if (post === 'LOGISTIC') {
    // Binary: scores [σ(−z), σ(z)] (two opposite rows, or one row) = softmax([0, z]).
    let w: Float64Array | undefined;
    let b = 0;
    if (rows === 1) {
      w = Float64Array.from(coef);
      b = intercepts[0] ?? 0;
    } else if (rows === 2) {
      let opposite = Math.abs((intercepts[0] ?? 0) + (intercepts[1] ?? 0)) <= 1e-12 * (1 + Math.abs(intercepts[1] ?? 0));
      for (let j = 0; j < inDim && opposite; j++) opposite = Math.abs(at(0, j) + at(1, j)) <= 1e-12 * (1 + Math.abs(at(1, j)));
      if (opposite) {
        w = Float64Array.from({ length: inDim }, (_, j) => at(1, j));
        b = intercepts[1] ?? 0;
      }
    }
    if (w !== undefined) {
      const weight = new Float64Array(2 * inDim);
      weight.set(w, inDim);
      return {
        ok: true,
        mlp: {
          layers: [{ inDim, outDim: 2, weight, bias: Float64Array.from([0, b]), activation: 'none' }],
          head: 'softmax',
          ops: [`LinearClassifier(LOGISTIC)${normalised ? '+Normalizer' : ''}`],
        },
      };
    }
    return { ok: false, reason: `${label(node)}: one-vs-rest logistic scores (σ(z_k)/Σσ) are not a softmax MLP` };
  }
  return { ok: false, reason: `${label(node)}: post_transform ${post} is not imported` };
}

/**
 * Walks back from `outputName` to the graph input through Gemm / MatMul(+Add) layers,
 * Relu/Tanh/Sigmoid activations and an optional Softmax/Sigmoid head. Anything else (or a
 * weight that is not a constant) → `{ ok: false, reason }`.
 */
export function importMlp(g: GraphIndex, outputName: string): ImportResult {
  let name = outputName;
  let head: Head = 'none';
  const layers: ImportedLayer[] = [];
  const ops: string[] = [];
  let pending: HiddenActivation | undefined; // activation seen above the next affine layer
  let first = true;
  for (let guard = 0; guard < 10_000; guard++) {
    if (name === g.input.name) break;
    const node = g.producer.get(name);
    if (node === undefined) return { ok: false, reason: `tensor '${name}' has no producer and is not the input` };
    const op = node.opType ?? '';
    const ins = node.input ?? [];
    const next = (n: string | undefined): string => n ?? '';
    if (op === 'ZipMap' && first) {
      name = next(ins[0]);
      continue;
    }
    if (op === 'Normalizer' && first && attrString(node, 'norm') === 'L1') {
      const lc = g.producer.get(next(ins[0]));
      if (lc?.opType === 'LinearClassifier' && lc.input?.[0] === g.input.name) return linearClassifier(lc, g, true);
      return { ok: false, reason: `${label(node)} does not follow a LinearClassifier` };
    }
    if (op === 'LinearClassifier' && lc(node, name) && node.input?.[0] === g.input.name) return linearClassifier(node, g, false);
    first = false;
    if (SKIP.has(op) || (op === 'Flatten' && attrInt(node, 'axis', 1) === 1)) {
      ops.unshift(op);
      name = next(ins[0]);
      continue;
    }
    if ((op === 'Softmax' || op === 'Sigmoid') && layers.length === 0 && pending === undefined && head === 'none' && ops.length === 0) {
      if (op === 'Softmax' && ![-1, 1].includes(attrInt(node, 'axis', -1)))
        return { ok: false, reason: `${label(node)} is not over the last axis` };
      head = op === 'Softmax' ? 'softmax' : 'sigmoid';
      ops.unshift(op);
      name = next(ins[0]);
      continue;
    }
    const act = ACT[op];
    if (act !== undefined) {
      if (pending !== undefined || layers.length === 0)
        return { ok: false, reason: `${label(node)} is applied to the output layer or twice in a row` };
      pending = act;
      ops.unshift(op);
      name = next(ins[0]);
      continue;
    }
    let layer: ImportedLayer | undefined;
    if (op === 'Gemm') {
      if (attrInt(node, 'transA', 0) !== 0) return { ok: false, reason: `${label(node)} has transA=1` };
      const w = constant(g, ins[1]);
      if (w === undefined || w.dims.length !== 2) return { ok: false, reason: `${label(node)}: its weight is not a constant 2-D tensor` };
      const transB = attrInt(node, 'transB', 0) === 1;
      const alpha = attrFloat(node, 'alpha', 1);
      const beta = attrFloat(node, 'beta', 1);
      const [r, c] = [w.dims[0]!, w.dims[1]!];
      const [outDim, inDim] = transB ? [r, c] : [c, r];
      const weight = transB ? w.values.map((v) => v * alpha) : transposed(w.values, r, c, alpha);
      let bias: Float64Array = new Float64Array(outDim);
      if (ins[2] !== undefined && ins[2] !== '') {
        const b = constant(g, ins[2]);
        const bb = b === undefined ? undefined : biasOf(b, outDim, beta);
        if (bb === undefined) return { ok: false, reason: `${label(node)}: its bias is not a constant of width ${outDim}` };
        bias = bb;
      }
      layer = { inDim, outDim, weight, bias, activation: 'none' };
      ops.unshift('Gemm');
      name = next(ins[0]);
    } else if (op === 'MatMul' || op === 'Add') {
      let bias: { dims: number[]; values: Float64Array } | undefined;
      let mm: NodeProto | undefined = node;
      if (op === 'Add') {
        const [a, b] = [ins[0], ins[1]];
        const ca = constant(g, a);
        const cb = constant(g, b);
        bias = cb ?? ca;
        const other = cb !== undefined ? a : b;
        mm = other === undefined ? undefined : g.producer.get(other);
        if (bias === undefined || mm?.opType !== 'MatMul') return { ok: false, reason: `${label(node)} is not a bias added to a MatMul` };
      }
      const mins = mm.input ?? [];
      const w = constant(g, mins[1]);
      if (w === undefined || w.dims.length !== 2) return { ok: false, reason: `${label(mm)}: its weight is not a constant 2-D tensor` };
      const [inDim, outDim] = [w.dims[0]!, w.dims[1]!];
      const b = bias === undefined ? new Float64Array(outDim) : biasOf(bias, outDim, 1);
      if (b === undefined) return { ok: false, reason: `${label(node)}: its bias is not a constant of width ${outDim}` };
      layer = { inDim, outDim, weight: transposed(w.values, inDim, outDim, 1), bias: b, activation: 'none' };
      ops.unshift(op === 'Add' ? 'MatMul+Add' : 'MatMul');
      name = next(mins[0]);
    } else {
      return { ok: false, reason: `${label(node)} is not an MLP op (Gemm, MatMul, Add, Relu, Tanh, Sigmoid, Softmax)` };
    }
    layer.activation = pending ?? 'none';
    pending = undefined;
    layers.unshift(layer);
  }
  if (pending !== undefined) return { ok: false, reason: 'an activation is applied to the input itself' };
  if (layers.length === 0) return { ok: false, reason: 'no affine layer between input and output' };
  for (let l = 1; l < layers.length; l++) {
    if (layers[l]!.inDim !== layers[l - 1]!.outDim)
      return { ok: false, reason: `layer ${l} takes ${layers[l]!.inDim} inputs but layer ${l - 1} gives ${layers[l - 1]!.outDim}` };
  }
  return { ok: true, mlp: { layers, head, ops } };
}

function lc(node: NodeProto, name: string): boolean {
  // LinearClassifier's second output is the scores tensor.
  return node.output?.[1] === name;
}
