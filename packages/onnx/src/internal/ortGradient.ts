// ortModel's input gradients: the model's backward pass written as ONNX nodes
// (inputGradientGraph), one session per output space, opened on first use.
import type { InputGradientOptions, Matrix } from '@xai/core';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import type { GradientOutput } from './inputGradientGraph.js';
import { inputGradientGraph } from './inputGradientGraph.js';
import { checkFeatures, checkTargets, outBuffer } from './matrixChecks.js';
import { nodeRunner } from './nodeRunner.js';
import type { Runner } from './runner.js';

export interface OrtGradientSettings {
  readonly threads: number;
  readonly float64: boolean;
  /** The model's name in messages. */
  readonly file: string;
  readonly fn: string;
}

export interface OrtGradient {
  readonly inputGradient: (x: Matrix, targets: ArrayLike<number>, options?: InputGradientOptions) => Matrix;
  dispose(): void;
}

export function ortGradient(reference: NeuralModel, s: OrtGradientSettings): OrtGradient {
  const { fn, file } = s;
  const d = reference.inputDim;
  const c = reference.classes;
  const value = reference.output === 'value';
  const runners = new Map<GradientOutput, Runner>();
  const runnerFor = (space: GradientOutput): Runner => {
    let r = runners.get(space);
    if (r === undefined) {
      const graph = inputGradientGraph(reference, s.float64, space, fn);
      r = nodeRunner(graph, { threads: s.threads, float64: s.float64, file: `${file} input gradient`, fn, inputName: 'x' });
      runners.set(space, r);
    }
    return r;
  };
  const inputGradient = (x: Matrix, targets: ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
    const name = 'ortModel.inputGradient';
    checkOptions(gOptions, ['output', 'out'], name);
    const space = gOptions.output ?? 'probability';
    if (space !== 'probability' && space !== 'logit')
      throw new XaiError('BAD_OPTION', `output must be 'probability' or 'logit', got ${describeValue(space)}`, {
        fn: name,
        arg: 'output',
        value: space,
      });
    checkFeatures(name, x, d, file);
    checkTargets(name, targets, x.rows, c);
    const dst = outBuffer(name, x.rows, d, gOptions.out);
    if (x.rows === 0) return dst;
    const onehot = new Float64Array(x.rows * c);
    for (let i = 0; i < x.rows; i++) onehot[i * c + targets[i]!] = 1;
    // a value model has no softmax: both output spaces differentiate its raw output
    const runner = runnerFor(value ? 'logit' : space);
    const src = runner.runSync!(x, ['input_gradient'], { target: { rows: x.rows, cols: c, data: onehot } })[0]!.data;
    const os = dst.stride ?? dst.cols;
    const oo = dst.offset ?? 0;
    for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) dst.data[oo + i * os + j] = src[i * d + j]!;
    return dst;
  };
  return {
    inputGradient,
    dispose: () => {
      for (const r of runners.values()) r.dispose();
    },
  };
}
