import { XaiError, checkOptions, describeValue } from '@xai/core';
import { version } from '../package.json';
import type { NeuralModel } from '@xai/models';
import type onnxProto from 'onnx-proto';
import { forwardGraph, matrixType } from './internal/forwardGraph.js';
import { encodeModel } from './internal/proto.js';

/** Options of neuralModelToOnnx. @since 0.2.0 */
export interface NeuralModelToOnnxOptions {
  /** Tensor type of the graph (weights, input, outputs). @defaultValue 'float32' */
  readonly dtype?: 'float32' | 'float64';
}

/**
 * Writes an @xai/models LR/MLP as an ONNX graph (opset 17): `x` (n x inputDim) →
 * Gemm(transB) [+ Relu/Tanh/Sigmoid] … → outputs `logits`, `probabilities` (Softmax) — or,
 * for a value (regression, `output: 'value'`) model, `value` (the raw last layer, no
 * Softmax, `classes` columns) — and, for a model with a hidden layer, `hidden` (first
 * hidden layer after its activation, what RRS reads) and `hidden_pre` (before it). Weights keep the out x in layout (Gemm transB=1).
 * Browser-safe; the result loads back with loadOnnxModel as an importable MLP (a value
 * model as a value model: `discovered.output === 'value'`).
 * @example writeFileSync('ann.onnx', neuralModelToOnnx(createMlp(20, { hidden: [100, 100] })));
 * @since 0.2.0
 */
export function neuralModelToOnnx(model: NeuralModel, options?: NeuralModelToOnnxOptions): Uint8Array {
  const fn = 'neuralModelToOnnx';
  const { dtype = 'float32' } = checkOptions(options, ['dtype'], fn);
  if (dtype !== 'float32' && dtype !== 'float64')
    throw new XaiError('BAD_OPTION', `dtype must be 'float32' or 'float64', got ${describeValue(dtype)}`, {
      fn,
      arg: 'dtype',
      value: dtype,
    });
  const { initializer, node, elemType } = forwardGraph(model, dtype === 'float64', fn);
  // A value (regression) model's last layer is its output: no softmax, and a name that is
  // not 'prob…' so that loadOnnxModel discovers it as values.
  const value = model.output === 'value';
  const shape = (cols: number): onnxProto.onnx.ITypeProto => matrixType(elemType, cols);
  const output: onnxProto.onnx.IValueInfoProto[] = value
    ? [{ name: 'value', type: shape(model.classes) }]
    : [
        { name: 'probabilities', type: shape(model.classes) },
        { name: 'logits', type: shape(model.classes) },
      ];
  if (model.layers.length > 1) {
    const width = model.layers[0]!.outputDim;
    output.push({ name: 'hidden', type: shape(width) }, { name: 'hidden_pre', type: shape(width) });
  }
  return encodeModel({
    irVersion: 8,
    producerName: '@xai/onnx',
    producerVersion: version,
    opsetImport: [{ domain: '', version: 17 }],
    graph: { name: `xai-${model.kind}`, input: [{ name: 'x', type: shape(model.inputDim) }], output, initializer, node },
  });
}
