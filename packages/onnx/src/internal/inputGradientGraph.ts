// The input gradient of an @xai/models LR/MLP as one ONNX graph: the forward pass, then the
// backward pass written out by hand (an MLP's is short), so ONNX Runtime's GEMMs compute
// gradients as well as probabilities.
import type { NeuralModel } from '@xai/models';
import type onnxProto from 'onnx-proto';
import { version } from '../../package.json';
import { forwardGraph, matrixType, tensor } from './forwardGraph.js';
import { DT, encodeModel } from './proto.js';

/** Which output is differentiated: the class probability (OpenXAI) or the logit / raw value. */
export type GradientOutput = 'probability' | 'logit';

/**
 * Inputs `x` (n x d) and `target` (n x classes, row i the one-hot of its target class);
 * output `input_gradient` (n x d) = d out_i[t_i] / d x_i. The backward pass follows torch's
 * autograd order, so a float32 graph rounds where the released OpenXAI code does:
 * softmax backward dz = p ⊙ (g − Σ_k g_k p_k) with g = target, then per layer the
 * activation's backward (relu: × sign(a), a = relu(z) ≥ 0 so sign is the z > 0 mask;
 * tanh: × (1 − a·a); sigmoid: × (1 − a) × a) and dA = dZ · W (W stored out x in).
 * 'logit' (and every value model) seeds dz = target.
 */
export function inputGradientGraph(model: NeuralModel, float64: boolean, output: GradientOutput, fn: string): Uint8Array {
  const { initializer, node, post, probabilities, elemType } = forwardGraph(model, float64, fn);
  const push = (opType: string, input: string[], out: string): string => {
    node.push({ opType, name: out, input, output: [out] });
    return out;
  };
  initializer.push(tensor('one', [], [1], float64), {
    name: 'class_axis',
    dims: [1],
    dataType: DT.INT64,
    rawData: new Uint8Array(BigInt64Array.of(1n).buffer),
  });
  let g = 'target';
  if (output === 'probability' && probabilities !== null) {
    const gp = push('Mul', ['target', probabilities], 'g_times_p');
    node.push({
      opType: 'ReduceSum',
      name: 'g_dot_p',
      input: [gp, 'class_axis'],
      output: ['g_dot_p'],
      attribute: [{ name: 'keepdims', type: 2, i: 1 }],
    });
    g = push('Mul', [probabilities, push('Sub', ['target', 'g_dot_p'], 'g_minus_dot')], 'd_logits');
  }
  for (let l = model.layers.length - 1; l >= 0; l--) {
    const { activation, name: a } = post[l]!;
    // the last layer's activation is not part of the logits (forwardGraph's Softmax reads its Gemm)
    if (a !== null && l < model.layers.length - 1) {
      if (activation === 'relu') g = push('Mul', [g, push('Sign', [a], `mask${l}`)], `dz${l}`);
      else if (activation === 'tanh') g = push('Mul', [g, push('Sub', ['one', push('Mul', [a, a], `a2_${l}`)], `dtanh${l}`)], `dz${l}`);
      else g = push('Mul', [push('Mul', [g, push('Sub', ['one', a], `one_minus_a${l}`)], `ga${l}`), a], `dz${l}`);
    }
    g = push('MatMul', [g, `W${l}`], l === 0 ? 'input_gradient' : `da${l - 1}`);
  }
  const graph: onnxProto.onnx.IGraphProto = {
    name: `xai-${model.kind}-input-gradient-${output}`,
    input: [
      { name: 'x', type: matrixType(elemType, model.inputDim) },
      { name: 'target', type: matrixType(elemType, model.classes) },
    ],
    output: [{ name: 'input_gradient', type: matrixType(elemType, model.inputDim) }],
    initializer,
    node,
  };
  return encodeModel({
    irVersion: 8,
    producerName: '@xai/onnx',
    producerVersion: version,
    opsetImport: [{ domain: '', version: 17 }],
    graph,
  });
}
