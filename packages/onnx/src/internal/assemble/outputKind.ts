// What the chosen output holds (probabilities, logits or values), from the op producing it,
// the imported head and its name, unless the `output` option says.
import { enumOption } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import type { HeadKind } from './head.js';
import type { OnnxDiscovery, OnnxOutputKind } from '../../types.js';

const KINDS: readonly OnnxOutputKind[] = ['probabilities', 'logits', 'value'];
const CLASSIFIER_OP = /Classifier$|^Normalizer$|^ZipMap$/;
const REGRESSOR_OP = /Regressor$/;
// What neuralModelToOnnx names a value model's output (and what regression exporters use).
const VALUE_NAME = /^(values?|predictions?|variable)$/i;

/** The kind discovered from the graph alone, the head that says so, and the rule that fired. */
export interface DiscoveredKind {
  readonly kind: OnnxOutputKind;
  readonly headName: OnnxDiscovery['head'];
  readonly rule: string;
}

export function kindOf(g: GraphIndex, outputName: string, width: number, head: HeadKind): DiscoveredKind {
  const op = g.producer.get(outputName)?.opType ?? '';
  if (op === 'Softmax') return { kind: 'probabilities', headName: 'softmax', rule: 'produced by Softmax' };
  if (op === 'Sigmoid') return { kind: 'probabilities', headName: 'sigmoid', rule: 'produced by Sigmoid' };
  if (op === 'LogSoftmax')
    return { kind: 'logits', headName: 'none', rule: 'produced by LogSoftmax: log-probabilities, whose softmax is the probabilities' };
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

/** The output's kind as the Model reports it, and the class count that follows from it. */
export interface OutputKind {
  readonly kind: OnnxOutputKind;
  readonly auto: DiscoveredKind;
  /** Columns of predictProba: the width, or 2 for a single probability or logit. */
  readonly classes: number;
}

/** The discovered kind, overridden by the `output` option (checked here). */
export function outputKind(
  g: GraphIndex,
  outputName: string,
  width: number,
  head: HeadKind,
  option: OnnxOutputKind | undefined,
  fn: string,
): OutputKind {
  const auto = kindOf(g, outputName, width, head);
  const kind = enumOption(option ?? auto.kind, fn, 'output', { values: KINDS });
  return { kind, auto, classes: kind === 'value' ? width : width === 1 ? 2 : width };
}
