// Which graph output a Model reads, and what it holds (probabilities, logits or values),
// from the op producing it, the imported head and its name.
import { XaiError } from '@xai/core';
import type { GraphIndex } from './graph.js';
import type { Head } from './importMlp.js';
import type { AssembleOptions } from './loadOptions.js';
import { DT, elemTypeName } from './proto.js';
import type { OnnxDiscovery, OnnxOutputKind } from '../types.js';

const CLASSIFIER_OP = /Classifier$|^Normalizer$|^ZipMap$/;
const REGRESSOR_OP = /Regressor$/;
// What neuralModelToOnnx names a value model's output (and what regression exporters use).
const VALUE_NAME = /^(values?|predictions?|variable)$/i;

export function chooseOutput(g: GraphIndex, o: AssembleOptions): { info: (typeof g.outputs)[number]; rule: string } {
  const { file, outputs } = g;
  if (o.outputName !== undefined) {
    const info = outputs.find((v) => v.name === o.outputName);
    if (info === undefined)
      throw new XaiError('NOT_FOUND', `${file} has no output named '${o.outputName}' (outputs: ${outputs.map((v) => v.name).join(', ')})`, {
        fn: o.fn,
        arg: 'outputName',
        file,
        value: o.outputName,
      });
    return { info, rule: `outputName option '${o.outputName}'` };
  }
  const floats = outputs.filter((v) => v.kind === 'tensor' && (v.elemType === DT.FLOAT || v.elemType === DT.DOUBLE));
  const prob = floats.find((v) => /prob/i.test(v.name));
  if (prob !== undefined) return { info: prob, rule: `float tensor output named like probabilities ('${prob.name}')` };
  const zip = outputs.find((v) => v.kind !== 'tensor' && /prob/i.test(v.name));
  if (zip !== undefined)
    return {
      info: zip,
      rule: `sklearn-onnx ZipMap output '${zip.name}' (seq(map)); export with options={'zipmap': False} to get a tensor`,
    };
  const first = floats[0];
  if (first === undefined) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file} has no float tensor output (outputs: ${outputs.map((v) => `${v.name}: ${v.kind === 'tensor' ? elemTypeName(v.elemType) : v.kind}`).join(', ')})`,
      { fn: o.fn, arg: 'pathOrBytes', file },
    );
  }
  return {
    info: first,
    rule:
      floats.length === 1
        ? `the only float tensor output '${first.name}'`
        : `the first float tensor output '${first.name}' of ${floats.length}`,
  };
}

export function kindOf(
  g: GraphIndex,
  outputName: string,
  width: number,
  head: Head | undefined,
): { kind: OnnxOutputKind; headName: OnnxDiscovery['head']; rule: string } {
  const op = g.producer.get(outputName)?.opType ?? '';
  if (op === 'Softmax') return { kind: 'probabilities', headName: 'softmax', rule: 'produced by Softmax' };
  if (op === 'Sigmoid') return { kind: 'probabilities', headName: 'sigmoid', rule: 'produced by Sigmoid' };
  if (CLASSIFIER_OP.test(op)) return { kind: 'probabilities', headName: 'classifier-op', rule: `produced by ai.onnx.ml ${op}` };
  if (REGRESSOR_OP.test(op)) return { kind: 'value', headName: 'none', rule: `produced by ai.onnx.ml ${op}` };
  if (head === 'softmax' || head === 'sigmoid') return { kind: 'probabilities', headName: head, rule: `a ${head} head behind ${op}` };
  if (/prob/i.test(outputName)) return { kind: 'probabilities', headName: 'none', rule: 'named like probabilities' };
  if (VALUE_NAME.test(outputName))
    return { kind: 'value', headName: 'none', rule: `raw output named like values ('${outputName}'): a value (regression)` };
  return width === 1
    ? { kind: 'value', headName: 'none', rule: 'a single raw output with no softmax/sigmoid head: a value (regression)' }
    : { kind: 'logits', headName: 'none', rule: `${width} raw outputs with no softmax/sigmoid head: logits (softmax applied)` };
}
