// The Model's forward methods over the assembly: the interpreter (pure TS) or the session
// (counted, checked); a runtime that runs only asynchronously refuses the synchronous ones.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import { checkFeatures } from '../matrixChecks.js';
import type { RunOutput } from '../runner.js';
import type { Assembly } from './assembly.js';
import type { OutputSpace } from './sessionOutput.js';
import { sessionOutput } from './sessionOutput.js';

export interface Evaluators {
  readonly predictProba: (x: Matrix, out?: Matrix) => Matrix;
  /** Present when the Model has logits: the output is logits, or the head's input is known. */
  readonly logits: ((x: Matrix, out?: Matrix) => Matrix) | undefined;
  readonly predictProbaAsync: (x: Matrix) => Promise<Matrix>;
  /** Forward passes run synchronously (the interpreter, or onnxruntime-node). */
  readonly sync: boolean;
  /** Checks x has the graph's feature count (`name` is the method, for the message). */
  readonly checkX: (name: string, x: Matrix) => void;
  /** The error of a synchronous method on an asynchronous-only runtime. */
  readonly asyncOnly: (name: string) => XaiError;
  readonly sessionRuns: () => number;
}

/** The head's logits as the Model's logits: softmax columns as they are, a sigmoid's z as [0, z]. */
function headLogits(a: Assembly, raw: RunOutput, rows: number): RunOutput {
  if (a.head.kind === 'softmax') return raw;
  const z = new Float64Array(rows * 2);
  for (let i = 0; i < rows; i++) z[2 * i + 1] = raw.data[i]!;
  return { data: z, dims: [rows, 2] };
}

export function evaluators(a: Assembly): Evaluators {
  const { file, fn, kind, evaluate, runner, program } = a;
  let sessionRuns = 0;
  const pure = evaluate === 'pure';
  const rawRun = runner?.runSync;
  const run = (x: Matrix, fetch: string): RunOutput | undefined => {
    if (pure) return program.run(x, [fetch])[0]!;
    if (rawRun === undefined) return undefined;
    sessionRuns++;
    return rawRun(x, [fetch])[0]!;
  };
  const checkX = (name: string, x: Matrix): void => checkFeatures(name, x, a.inputDim, file);
  const asyncOnly = (name: string): XaiError =>
    new XaiError(
      'NOT_SUPPORTED',
      `${file}: the interpreter does not run this graph (${program.unsupported.map((u) => u.reason).join('; ')}) and this runtime (${a.backendName}) runs only asynchronously: use predictProbaAsync, or load it with @xai/onnx/node's loadOnnxModel for a synchronous session`,
      { fn: name, arg: 'model', file },
    );
  const forward = (method: string, x: Matrix, space: OutputSpace, out: Matrix | undefined): Matrix => {
    const name = `${fn} → ${method}`;
    checkX(name, x);
    const raw = run(x, a.outputName);
    if (raw === undefined) throw asyncOnly(name);
    return sessionOutput(a, name, raw, x.rows, space, out);
  };
  const logitName = a.head.logits;
  const fromHead =
    kind === 'probabilities' && logitName !== undefined && (a.head.kind === 'softmax' || a.head.kind === 'sigmoid')
      ? (x: Matrix, out?: Matrix): Matrix => {
          const name = `${fn} → logits`;
          checkX(name, x);
          const raw = run(x, logitName);
          if (raw === undefined) throw asyncOnly(name);
          const shaped = headLogits(a, raw, x.rows);
          const width = shaped.data.length / Math.max(x.rows, 1);
          return sessionOutput({ ...a, kind: 'logits', width, classes: width }, name, shaped, x.rows, 'logit', out);
        }
      : undefined;
  return {
    predictProba: (x, out) => forward('predictProba', x, 'proba', out),
    logits: kind === 'logits' ? (x, out) => forward('logits', x, 'logit', out) : fromHead,
    predictProbaAsync: async (x) => {
      const name = `${fn} → predictProbaAsync`;
      checkX(name, x);
      if (pure || runner === undefined) return forward('predictProbaAsync', x, 'proba', undefined);
      sessionRuns++;
      const raw = (await runner.runAsync(x, [a.outputName]))[0]!;
      return sessionOutput(a, name, raw, x.rows, 'proba', undefined);
    },
    sync: pure || rawRun !== undefined,
    checkX,
    asyncOnly,
    sessionRuns: () => sessionRuns,
  };
}
