// Who computes predictProba: the session when it runs synchronously, else the imported MLP
// (synchronous, browser), else the asynchronous session alone (predictProbaAsync only).
import { XaiError } from '@xai/core';
import type { Imported } from '../toNeuralModel.js';
import type { Runner } from '../runner.js';
import type { AssembleOptions } from '../loadOptions.js';
import type { Evaluate } from './assembly.js';

export interface EvaluationInput {
  readonly o: Pick<AssembleOptions, 'evaluate' | 'gradients'>;
  /** The chosen output is a tensor (not sklearn-onnx's ZipMap sequence). */
  readonly tensorOut: boolean;
  readonly runner: Runner | undefined;
  readonly imported: Imported | undefined;
  readonly importReason: string | undefined;
  readonly outputName: string;
  readonly outputRule: string;
  readonly file: string;
  readonly fn: string;
}

/** The evaluation mode; refuses options the graph cannot honour (import asked of a non-MLP). */
export function chooseEvaluation(e: EvaluationInput): Evaluate {
  const { o, tensorOut, runner, imported, importReason, file, fn } = e;
  const evaluate = o.evaluate ?? (tensorOut && (runner?.runSync !== undefined || imported === undefined) ? 'session' : 'imported');
  if (o.gradients === 'import' && imported === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: the graph is not an importable MLP (${importReason ?? '?'}); use gradients: 'auto' for finite differences`,
      { fn, arg: 'gradients', file },
    );
  if (evaluate === 'imported' && imported === undefined) {
    const why = tensorOut ? "evaluate: 'imported' was asked for" : e.outputRule;
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: output '${e.outputName}' cannot be evaluated: the graph is not an importable MLP (${importReason ?? '?'}) and ${why}`,
      { fn, arg: 'pathOrBytes', file },
    );
  }
  return evaluate;
}
