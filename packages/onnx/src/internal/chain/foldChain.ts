// Turns a read chain into dense layers and a head: affine maps fold into the neighbouring
// layer (exact algebra), activations attach to the layer before them, and the steps after
// the last layer must form a head (softmax, sigmoid, [1 − p, p], a no-op L1 normaliser).
import type { GraphIndex } from '../graph.js';
import type { Head, ImportResult } from './importedMlp.js';
import type { AffineStep, ChainStep } from './chainStep.js';
import { refuse } from './chainStep.js';
import type { Affine, MutableLayer } from './foldAffine.js';
import { affineWidth, composeAffine, foldIntoInput, foldIntoOutput } from './foldAffine.js';
import { oppositeRows } from './oppositeRows.js';

type Fail = Extract<ImportResult, { ok: false }>;
const fail = (step: ChainStep, why: string): Fail => ({ ok: false, ...refuse(step.node, why) });

function widthMismatch(step: ChainStep, got: number, want: number, what: string): Fail {
  return fail(step, `${what} ${got} features where the chain carries ${want}`);
}

/** Lists a step's op; a bias Add right after a MatMul reads as one layer, as exporters mean it. */
function pushOp(ops: string[], step: ChainStep): void {
  if (step.op === 'Add' && ops[ops.length - 1] === 'MatMul') ops[ops.length - 1] = 'MatMul+Add';
  else if (step.op !== '') ops.push(step.op);
}

/** Steps up to and including the last dense layer → layers (affine maps folded in). */
function foldBody(steps: readonly ChainStep[], inputWidth: number | undefined, ops: string[]): MutableLayer[] | Fail {
  const layers: MutableLayer[] = [];
  let pending: Affine | undefined; // an affine map waiting for the next layer's input side
  let afterActivation = false;
  const width = (): number | undefined => (layers.length === 0 ? inputWidth : layers[layers.length - 1]!.outDim);
  for (const step of steps) {
    const last = layers[layers.length - 1];
    pushOp(ops, step);
    if (step.kind === 'dense') {
      const { inDim, outDim } = step;
      const layer: MutableLayer = {
        inDim,
        outDim,
        weight: Float64Array.from(step.weight),
        bias: Float64Array.from(step.bias),
        activation: 'none',
      };
      const w = width();
      if (w !== undefined && w !== layer.inDim) return widthMismatch(step, layer.inDim, w, 'takes');
      if (pending !== undefined && !foldIntoInput(layer, pending))
        return widthMismatch(step, affineWidth(pending), layer.inDim, 'follows an affine map of');
      pending = undefined;
      layers.push(layer);
      afterActivation = false;
    } else if (step.kind === 'affine') {
      if (last !== undefined && !afterActivation) {
        if (!foldIntoOutput(last, step)) return widthMismatch(step, affineWidth(step), last.outDim, 'scales');
      } else {
        const composed: Affine | undefined = pending === undefined ? step : composeAffine(pending, step as AffineStep);
        if (composed === undefined) return fail(step, 'its width differs from the affine map before it');
        pending = composed;
      }
    } else if (step.kind === 'activation') {
      if (last === undefined) return fail(step, 'is applied to the input itself, before any affine layer');
      if (afterActivation) return fail(step, 'follows another activation with no affine layer between');
      last.activation = step.activation;
      afterActivation = true;
    } else if (step.kind === 'pass') {
      const w = width();
      if (step.width !== undefined && w !== undefined && step.width !== w) return widthMismatch(step, step.width, w, 'reshapes to');
    } else return fail(step, 'comes before the last affine layer, where only affine maps and activations can be imported');
  }
  return layers;
}

/**
 * Rows [−w, w] with biases [−b, b] (sklearn-onnx's binary LR): σ over them, L1-normalised, is
 * [σ(−z), σ(z)] = softmax([0, z]); the layer is rewritten to rows [0, w] for that softmax.
 */
function binaryLogistic(last: MutableLayer): boolean {
  const { inDim, weight, bias } = last;
  if (!oppositeRows(weight, bias, inDim)) return false;
  last.weight = Float64Array.from([...new Float64Array(inDim), ...weight.subarray(inDim)]);
  last.bias = Float64Array.of(0, bias[1]!);
  return true;
}

/** The steps after the last layer → its head; may rewrite the last layer (folds, [1 − p, p]). */
function foldHead(steps: readonly ChainStep[], last: MutableLayer, ops: string[]): Head | Fail {
  let head: Head = 'none';
  let width = last.outDim;
  for (const step of steps) {
    pushOp(ops, step);
    if (step.kind === 'affine') {
      if (head !== 'none') return fail(step, `rescales the ${head} probabilities`);
      if (!foldIntoOutput(last, step)) return widthMismatch(step, affineWidth(step), last.outDim, 'scales');
    } else if (step.kind === 'softmax' && head === 'none') head = 'softmax';
    else if (step.kind === 'activation' && step.activation === 'sigmoid' && head === 'none') head = 'sigmoid';
    else if (step.kind === 'activation') return fail(step, `is applied to the output layer${head === 'none' ? '' : ` after its ${head}`}`);
    else if (step.kind === 'softmax') return fail(step, `follows a ${head} head`);
    else if (step.kind === 'complement') {
      if (head !== 'sigmoid' || last.outDim !== 1)
        return fail(step, 'pairs a column with 1 minus it, but that column is not one sigmoid output');
      // [1 − σ(z), σ(z)] = softmax([0, z]): a zero row beside the sigmoid's row.
      const zero = new Float64Array(last.inDim);
      last.weight = step.complementFirst ? Float64Array.from([...zero, ...last.weight]) : Float64Array.from([...last.weight, ...zero]);
      last.bias = step.complementFirst ? Float64Array.of(0, last.bias[0]!) : Float64Array.of(last.bias[0]!, 0);
      last.outDim = 2;
      width = 2;
      head = 'softmax';
    } else if (step.kind === 'normalizeL1') {
      if (head === 'sigmoid' && width === 2 && binaryLogistic(last)) head = 'softmax';
      else if (head === 'sigmoid' && width >= 2)
        return fail(step, `normalises ${width} independent sigmoids (one-vs-rest), which is not a softmax`);
      else if (head !== 'softmax')
        return fail(step, `divides ${head === 'none' ? 'raw scores' : 'a sigmoid column'} by their L1 norm, which is not a softmax`);
    } else if (step.kind === 'pass') {
      if (step.width !== undefined && step.width !== width) return widthMismatch(step, step.width, width, 'reshapes to');
    } else return fail(step, 'is not a head op');
  }
  return head;
}

export function foldChain(steps: readonly ChainStep[], g: GraphIndex): ImportResult {
  let lastDense = -1;
  steps.forEach((s, i) => {
    if (s.kind === 'dense') lastDense = i;
  });
  if (lastDense < 0) return { ok: false, reason: 'no affine layer (Gemm, MatMul, LinearClassifier) between input and output' };
  const declared = g.input.shape?.[1];
  const ops: string[] = [];
  const layers = foldBody(steps.slice(0, lastDense + 1), typeof declared === 'number' ? declared : undefined, ops);
  if (!Array.isArray(layers)) return layers;
  const head = foldHead(steps.slice(lastDense + 1), layers[layers.length - 1]!, ops);
  if (typeof head !== 'string') return head;
  return {
    ok: true,
    mlp: {
      layers: layers.map(({ inDim, outDim, weight, bias, activation }) => ({ inDim, outDim, weight, bias, activation })),
      head,
      ops: ops.filter((o) => o !== ''),
    },
  };
}
