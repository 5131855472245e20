// The Model's forward methods over the assembly: the session (counted, checked), else the
// imported MLP; a runtime that runs only asynchronously refuses the synchronous ones.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import { checkFeatures } from '../matrixChecks.js';
import type { RunOutput } from '../runner.js';
import type { Assembly } from './assembly.js';
import { importedOutput } from './importedOutput.js';
import type { OutputSpace } from './sessionOutput.js';
import { sessionOutput } from './sessionOutput.js';

export interface Evaluators {
  readonly predictProba: (x: Matrix, out?: Matrix) => Matrix;
  readonly logits: (x: Matrix, out?: Matrix) => Matrix;
  readonly predictProbaAsync: (x: Matrix) => Promise<Matrix>;
  /** The Model has logits: the output is logits, or an imported classifier. */
  readonly hasLogits: boolean;
  /** The session runs synchronously. */
  readonly syncSession: boolean;
  /** Checks x has the graph's feature count (`name` is the method, for the message). */
  readonly checkX: (name: string, x: Matrix) => void;
  /** The error of a synchronous method on an asynchronous-only runtime. */
  readonly asyncOnly: (name: string) => XaiError;
  readonly sessionRuns: () => number;
}

export function evaluators(a: Assembly): Evaluators {
  const { file, fn, kind, evaluate, imported, runner } = a;
  let sessionRuns = 0;
  const rawRun = runner?.runSync;
  const runSync =
    rawRun === undefined
      ? undefined
      : (x: Matrix, fetch: readonly string[]): RunOutput[] => {
          sessionRuns++;
          return rawRun(x, fetch);
        };
  const checkX = (name: string, x: Matrix): void => checkFeatures(name, x, a.inputDim, file);
  const fromImported = (name: string, x: Matrix, space: OutputSpace, out: Matrix | undefined): Matrix =>
    importedOutput(a, imported!, name, x, space, out);
  const asyncOnly = (name: string): XaiError =>
    new XaiError(
      'NOT_SUPPORTED',
      `${file} is not an importable MLP (${a.importReason ?? '?'}) and this runtime (${a.backendName}) runs only asynchronously: use predictProbaAsync, or load it with @xai/onnx/node's loadOnnxModel for a synchronous session`,
      { fn: name, arg: 'model', file },
    );
  const predictProba = (x: Matrix, out?: Matrix): Matrix => {
    const name = `${fn} → predictProba`;
    checkX(name, x);
    if (evaluate === 'imported') return fromImported(name, x, 'proba', out);
    if (runSync === undefined) throw asyncOnly(name);
    return sessionOutput(a, name, runSync(x, [a.outputName])[0]!, x.rows, 'proba', out);
  };
  const logits = (x: Matrix, out?: Matrix): Matrix => {
    const name = `${fn} → logits`;
    checkX(name, x);
    if (kind === 'logits' && evaluate === 'session') {
      if (runSync === undefined) throw asyncOnly(name);
      return sessionOutput(a, name, runSync(x, [a.outputName])[0]!, x.rows, 'logit', out);
    }
    return fromImported(name, x, 'logit', out);
  };
  const predictProbaAsync = async (x: Matrix): Promise<Matrix> => {
    const name = `${fn} → predictProbaAsync`;
    checkX(name, x);
    if (evaluate === 'imported' || runner === undefined) return fromImported(name, x, 'proba', undefined);
    sessionRuns++;
    const raw = (await runner.runAsync(x, [a.outputName]))[0]!;
    return sessionOutput(a, name, raw, x.rows, 'proba', undefined);
  };
  return {
    predictProba,
    logits,
    predictProbaAsync,
    hasLogits: kind === 'logits' || (imported !== undefined && kind !== 'value'),
    syncSession: runSync !== undefined,
    checkX,
    asyncOnly,
    sessionRuns: () => sessionRuns,
  };
}
