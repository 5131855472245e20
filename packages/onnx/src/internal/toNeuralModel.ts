// The imported MLP as an @xai/models NeuralModel (JSON round trip through fromModelJson).
import type { NeuralModel } from '@xai/models';
import { ACTIVATIONS, fromModelJson } from '@xai/models';
import type { ImportedMlp } from './importMlp.js';
import type { OnnxOutputKind } from '../types.js';

/** The imported MLP as an @xai/models NeuralModel, plus how its outputs map to ours. */
export interface Imported {
  readonly model: NeuralModel;
  /** Column of the NeuralModel holding our output column 0 (1 when a zero logit was prepended). */
  readonly shift: number;
}

export function toNeuralModel(mlp: ImportedMlp, kind: OnnxOutputKind, width: number): Imported | string {
  const supported = ACTIVATIONS as readonly string[];
  for (const l of mlp.layers)
    if (!supported.includes(l.activation))
      return `hidden activation '${l.activation}' is not in this @xai/models build (supports ${supported.join(', ')})`;
  if (kind === 'probabilities' && mlp.head === 'none')
    return 'the output is declared probabilities but the graph has no softmax/sigmoid head to import';
  if (mlp.head === 'sigmoid' && width !== 1) return `a sigmoid head over ${width} outputs (multi-label) is not a softmax classifier`;
  if (kind !== 'value' && mlp.head === 'softmax' && width < 2) return 'a softmax over one output';
  const last = mlp.layers[mlp.layers.length - 1]!;
  // Raw values (no head) become an identity-head (value) model, output for output. A single
  // score of a classifier (sigmoid head, binary logit) becomes a 2-class softmax over [0, z]:
  // softmax([0, z])[1] = σ(z), and logit column 1 is z itself.
  const identity = kind === 'value' && mlp.head === 'none';
  const pad = !identity && last.outDim === 1;
  const layers = mlp.layers.map((l, i) => {
    const isLast = i === mlp.layers.length - 1;
    const weight: number[][] = [];
    const bias: number[] = [];
    if (isLast && pad) {
      weight.push(new Array<number>(l.inDim).fill(0));
      bias.push(0);
    }
    for (let r = 0; r < l.outDim; r++) {
      weight.push(Array.from(l.weight.subarray(r * l.inDim, (r + 1) * l.inDim)));
      bias.push(l.bias[r]!);
    }
    return { weight, bias, activation: l.activation };
  });
  const classes = pad ? 2 : last.outDim;
  const json = {
    format: 'xai-model@1',
    kind: mlp.layers.length === 1 ? 'lr' : 'mlp',
    inputDim: mlp.layers[0]!.inDim,
    classes,
    layers,
    output: identity ? 'identity' : 'softmax',
  };
  try {
    return { model: fromModelJson(json), shift: pad ? 1 : 0 };
  } catch (e) {
    return `@xai/models refused the imported weights: ${(e as Error).message}`;
  }
}
