// Readers of the affine layers: Gemm, MatMul, and ai.onnx.ml LinearClassifier (sklearn-onnx's
// logistic regression).
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { attrFloat, attrFloats, attrInt, attrInts, attrString, attribute } from '../proto.js';
import type { ChainStep, DenseStep, NodeRead, NodeRef } from './chainStep.js';
import { refuse } from './chainStep.js';
import { featureVector, graphConstant } from './graphConstant.js';
import { oppositeRows } from './oppositeRows.js';

/** Transposes an in x out (MatMul) weight to out x in, times `scale`. */
function transposed(values: Float64Array, rows: number, cols: number, scale: number): Float64Array {
  const t = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = values[i * cols + j]! * scale;
  return t;
}

export function readGemm(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const ins = node.input ?? [];
  if (attrInt(node, 'transA', 0) !== 0) return refuse(ref, 'transA=1 transposes the batch');
  const w = graphConstant(g, ins[1]);
  if (w === undefined || w.dims.length !== 2) return refuse(ref, 'its weight is not a constant 2-D tensor');
  const transB = attrInt(node, 'transB', 0) === 1;
  const alpha = attrFloat(node, 'alpha', 1);
  const beta = attrFloat(node, 'beta', 1);
  const [r, c] = [w.dims[0]!, w.dims[1]!];
  const [outDim, inDim] = transB ? [r, c] : [c, r];
  const weight = transB ? w.values.map((v) => v * alpha) : transposed(w.values, r, c, alpha);
  const bias = new Float64Array(outDim);
  if (ins[2] !== undefined && ins[2] !== '') {
    const b = graphConstant(g, ins[2]);
    const v = b === undefined ? undefined : featureVector(b);
    if (v === undefined || (v.length !== 1 && v.length !== outDim)) return refuse(ref, `its bias is not a constant of width ${outDim}`);
    for (let i = 0; i < outDim; i++) bias[i] = v[v.length === 1 ? 0 : i]! * beta;
  }
  const step: DenseStep = { kind: 'dense', op: 'Gemm', node: ref, inDim, outDim, weight, bias };
  return { steps: [step], next: ins[0] ?? '' };
}

export function readMatMul(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const ins = node.input ?? [];
  const w = graphConstant(g, ins[1]);
  if (w === undefined || w.dims.length !== 2) return refuse(ref, 'its weight is not a constant 2-D tensor');
  const [inDim, outDim] = [w.dims[0]!, w.dims[1]!];
  const step: DenseStep = {
    kind: 'dense',
    op: 'MatMul',
    node: ref,
    inDim,
    outDim,
    weight: transposed(w.values, inDim, outDim, 1),
    bias: new Float64Array(outDim),
  };
  return { steps: [step], next: ins[0] ?? '' };
}

/**
 * sklearn-onnx's LinearClassifier scores output: SOFTMAX (multinomial) → a softmax layer;
 * binary LOGISTIC [σ(−z), σ(z)] (rows [−w, w], or one row) → the softmax over [0, z].
 */
export function readLinearClassifier(node: NodeProto, _g: GraphIndex, ref: NodeRef, output: string): NodeRead {
  if (node.output?.[1] !== output) return refuse(ref, `output '${output}' is the predicted label, not the scores`);
  const coef = attrFloats(node, 'coefficients');
  const labels = (attrInts(node, 'classlabels_ints') ?? []).length || (attribute(node, 'classlabels_strings')?.strings?.length ?? 0);
  const intercepts = attrFloats(node, 'intercepts') ?? [];
  const rows = intercepts.length > 0 ? intercepts.length : labels;
  if (coef === undefined || rows < 1 || coef.length % rows !== 0)
    return refuse(ref, `${coef?.length ?? 0} coefficients do not split into ${rows} class rows`);
  const inDim = coef.length / rows;
  const post = attrString(node, 'post_transform') ?? 'NONE';
  const next = node.input?.[0] ?? '';
  const dense = (outDim: number, weight: Float64Array, bias: Float64Array, op: string): ChainStep => ({
    kind: 'dense',
    op,
    node: ref,
    inDim,
    outDim,
    weight,
    bias,
  });
  const b = Float64Array.from({ length: rows }, (_, i) => intercepts[i] ?? 0);
  if (post === 'SOFTMAX' && rows >= 2)
    return { steps: [dense(rows, Float64Array.from(coef), b, 'LinearClassifier(SOFTMAX)'), { kind: 'softmax', op: '', node: ref }], next };
  if (post === 'NONE') return { steps: [dense(rows, Float64Array.from(coef), b, 'LinearClassifier(NONE)')], next };
  if (post !== 'LOGISTIC') return refuse(ref, `post_transform ${post} is not imported (SOFTMAX, binary LOGISTIC and NONE are)`);
  const positive = rows === 1 ? 0 : rows === 2 && oppositeRows(coef, intercepts, inDim) ? 1 : undefined;
  if (positive === undefined)
    return refuse(ref, `LOGISTIC over ${rows} independent rows gives one-vs-rest scores σ(z_k), not a softmax MLP`);
  // softmax([0, z]) = [σ(−z), σ(z)]: a zero row for class 0, the positive row for class 1.
  const weight = new Float64Array(2 * inDim);
  weight.set(coef.slice(positive * inDim, (positive + 1) * inDim), inDim);
  const bias = Float64Array.from([0, intercepts[positive] ?? 0]);
  return { steps: [dense(2, weight, bias, 'LinearClassifier(LOGISTIC)'), { kind: 'softmax', op: '', node: ref }], next };
}
