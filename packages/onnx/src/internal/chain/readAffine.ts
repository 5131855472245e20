// Readers of per-feature affine maps: Sub/Div/Mul/Add with one constant operand (torch's
// `(x − mean) / std`, a bias add), BatchNormalization in inference mode, ai.onnx.ml Scaler.
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { attrFloat, attrFloats, attrInt } from '../proto.js';
import type { AffineStep, NodeRead, NodeRef } from './chainStep.js';
import { refuse } from './chainStep.js';
import type { GraphConstant } from './graphConstant.js';
import { featureVector, graphConstant } from './graphConstant.js';
import { isL1NormOf, readL1Division } from './readHead.js';

function affine(ref: NodeRef, scale: Float64Array, shift: Float64Array, next: string): NodeRead {
  const step: AffineStep = { kind: 'affine', op: ref.opType, node: ref, scale, shift };
  return { steps: [step], next };
}

const ONE = Float64Array.of(1);
const ZERO = Float64Array.of(0);

/** Sub, Div, Mul or Add of the walked tensor and a constant broadcast per feature (either side). */
export function readElementwise(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const [a, b] = node.input ?? [];
  const ca = graphConstant(g, a);
  const cb = graphConstant(g, b);
  if (ca === undefined && cb === undefined && ref.opType === 'Div' && isL1NormOf(g, a ?? '', b ?? '')) return readL1Division(node, ref);
  if (ca === undefined && cb === undefined)
    return refuse(ref, 'both operands are computed tensors (a product or quotient of two tensors is not an affine map)');
  if (ca !== undefined && cb !== undefined) return refuse(ref, 'both operands are constants');
  const tensorFirst = cb !== undefined;
  const c = (cb ?? ca) as GraphConstant;
  const v = featureVector(c);
  if (v === undefined)
    return refuse(ref, `its constant has shape [${c.dims.join(', ')}], which broadcasts over the batch, not per feature`);
  const next = (tensorFirst ? a : b) ?? '';
  switch (ref.opType) {
    case 'Add':
      return affine(ref, ONE, v, next);
    case 'Sub':
      return tensorFirst
        ? affine(
            ref,
            ONE,
            v.map((t) => -t),
            next,
          )
        : affine(ref, Float64Array.of(-1), v, next);
    case 'Mul':
      return affine(ref, v, ZERO, next);
    default: {
      if (!tensorFirst) return refuse(ref, 'divides a constant by the tensor (c / x is not affine)');
      if (v.some((s) => s === 0)) return refuse(ref, 'divides by a constant holding 0');
      return affine(
        ref,
        v.map((s) => 1 / s),
        ZERO,
        next,
      );
    }
  }
}

/** BatchNormalization (inference): y = γ (x − μ) / √(σ² + ε) + β per feature of an n x C input. */
export function readBatchNorm(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const [x, ...params] = node.input ?? [];
  if (attrInt(node, 'training_mode', 0) !== 0 || (node.output ?? []).filter((o) => o !== '').length > 1)
    return refuse(ref, 'runs in training mode (batch statistics)');
  const vs = params.map((p) => graphConstant(g, p));
  const [gamma, beta, mean, variance] = vs.map((c) => (c === undefined || c.dims.length !== 1 ? undefined : c.values));
  if (gamma === undefined || beta === undefined || mean === undefined || variance === undefined)
    return refuse(ref, 'its scale, bias, mean and variance are not constant vectors');
  const eps = attrFloat(node, 'epsilon', 1e-5);
  const scale = gamma.map((s, i) => s / Math.sqrt(variance[i]! + eps));
  const shift = beta.map((t, i) => t - mean[i]! * scale[i]!);
  return affine(ref, scale, shift, x ?? '');
}

/** ai.onnx.ml Scaler: y = (x − offset) ⊙ scale (sklearn-onnx's StandardScaler, RobustScaler, MaxAbsScaler). */
export function readScaler(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  const offset = Float64Array.from(attrFloats(node, 'offset') ?? [0]);
  const scale = Float64Array.from(attrFloats(node, 'scale') ?? [1]);
  if (offset.length !== scale.length && offset.length !== 1 && scale.length !== 1)
    return refuse(ref, `offset (${offset.length}) and scale (${scale.length}) have different widths`);
  const w = Math.max(offset.length, scale.length);
  const at = (v: Float64Array, j: number): number => v[v.length === 1 ? 0 : j]!;
  const s = Float64Array.from({ length: w }, (_, j) => at(scale, j));
  const t = Float64Array.from({ length: w }, (_, j) => -at(offset, j) * at(scale, j));
  return affine(ref, s, t, node.input?.[0] ?? '');
}
