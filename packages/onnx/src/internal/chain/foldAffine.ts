// Exact algebra of per-feature affine maps around a dense layer: composing two maps, and
// folding one into a layer's input side (W diag(s), b + W t) or output side (diag(s) W, s ⊙ b + t).
import type { AffineStep } from './chainStep.js';

/** A dense layer being assembled: weight out x in, bias, activation after it. */
export interface MutableLayer {
  inDim: number;
  outDim: number;
  weight: Float64Array;
  bias: Float64Array;
  activation: 'relu' | 'tanh' | 'sigmoid' | 'none';
}

export interface Affine {
  readonly scale: Float64Array;
  readonly shift: Float64Array;
}

const at = (v: Float64Array, j: number): number => v[v.length === 1 ? 0 : j]!;

/** The width an affine map fixes (1 when it broadcasts a scalar). */
export function affineWidth(a: Affine): number {
  return Math.max(a.scale.length, a.shift.length);
}

/** second ∘ first, or undefined when their widths disagree. */
export function composeAffine(first: Affine, second: AffineStep): Affine | undefined {
  const [w1, w2] = [affineWidth(first), affineWidth(second)];
  if (w1 !== 1 && w2 !== 1 && w1 !== w2) return undefined;
  const w = Math.max(w1, w2);
  const scale = Float64Array.from({ length: w }, (_, j) => at(second.scale, j) * at(first.scale, j));
  const shift = Float64Array.from({ length: w }, (_, j) => at(second.scale, j) * at(first.shift, j) + at(second.shift, j));
  return { scale, shift };
}

/** layer(a(x)): W diag(s), b + W t. False when a's width is not the layer's input width. */
export function foldIntoInput(layer: MutableLayer, a: Affine): boolean {
  const w = affineWidth(a);
  if (w !== 1 && w !== layer.inDim) return false;
  const { inDim, outDim, weight, bias } = layer;
  for (let r = 0; r < outDim; r++) {
    let add = 0;
    for (let j = 0; j < inDim; j++) {
      const wrj = weight[r * inDim + j]!;
      add += wrj * at(a.shift, j);
      weight[r * inDim + j] = wrj * at(a.scale, j);
    }
    bias[r] = bias[r]! + add;
  }
  return true;
}

/** a(layer(x)): diag(s) W, s ⊙ b + t. False when a's width is not the layer's output width. */
export function foldIntoOutput(layer: MutableLayer, a: Affine): boolean {
  const w = affineWidth(a);
  if (w !== 1 && w !== layer.outDim) return false;
  const { inDim, outDim, weight, bias } = layer;
  for (let r = 0; r < outDim; r++) {
    const s = at(a.scale, r);
    for (let j = 0; j < inDim; j++) weight[r * inDim + j] = weight[r * inDim + j]! * s;
    bias[r] = s * bias[r]! + at(a.shift, r);
  }
  return true;
}
