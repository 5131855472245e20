// The assembly step: a prepared graph (and, when it needs one, a runtime session) becomes a
// core Model. Feature count, output width and kind, class order, forward passes, gradients,
// the columns that lose their derivative, discovery.
import type { HiddenOptions, Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import { columnBreaks } from '../interp/columns.js';
import type { AssembleOptions } from '../loadOptions.js';
import { DT } from '../proto.js';
import type { Runner } from '../runner.js';
import type { Imported } from '../toNeuralModel.js';
import { toNeuralModel } from '../toNeuralModel.js';
import type { OnnxModel, OnnxNonDifferentiableInput } from '../../types.js';
import type { Assembly } from './assembly.js';
import { classOrder, graphClassLabels } from './classLabels.js';
import { discovery } from './discovery.js';
import type { Evaluators } from './evaluators.js';
import { evaluators } from './evaluators.js';
import type { Gradients } from './gradients.js';
import { gradients } from './gradients.js';
import { inputDim } from './inputDim.js';
import { outputKind } from './outputKind.js';
import { outputWidth } from './outputWidth.js';
import type { Prepared } from './prepare.js';

export interface AssembleInput {
  readonly p: Prepared;
  /** The session, when the prepared graph needs one. */
  readonly runner: Runner | undefined;
  /** Output width measured by an asynchronous probe (browser runtimes). */
  readonly probedWidth?: number;
}

/** The model object: evaluators, gradients, discovery, and hidden when the dense chain has it. */
function modelOf(
  a: Assembly,
  ev: Evaluators,
  grads: Gradients,
  extra: Omit<
    OnnxModel,
    | keyof import('@xai/core').Model
    | 'gradientSource'
    | 'backend'
    | 'inputGradient'
    | 'predictProbaAsync'
    | 'sessionRuns'
    | 'dispose'
    | 'finiteDifferences'
  >,
  mlp: Imported | undefined,
): OnnxModel {
  const model: OnnxModel = {
    inputDim: a.inputDim,
    classes: a.classes,
    output: a.kind === 'value' ? 'value' : 'probabilities',
    ...extra,
    gradientSource: grads.gradientSource,
    backend: a.evaluate === 'pure' ? 'xai-interpreter' : a.backendName,
    ...(grads.finiteDifferences !== undefined ? { finiteDifferences: grads.finiteDifferences } : {}),
    predictProba: ev.predictProba,
    predictProbaAsync: ev.predictProbaAsync,
    inputGradient: grads.inputGradient,
    get sessionRuns(): number {
      return ev.sessionRuns();
    },
    dispose(): void {
      a.runner?.dispose();
      mlp?.model.release();
    },
  };
  if (ev.logits !== undefined) (model as { logits?: OnnxModel['logits'] }).logits = ev.logits;
  const m = mlp?.model;
  if (m?.hidden !== undefined) {
    (model as { hidden?: OnnxModel['hidden'] }).hidden = (x: Matrix, h?: HiddenOptions): Matrix => {
      ev.checkX(`${a.fn} → hidden`, x);
      return m.hidden!(x, h);
    };
  }
  return model;
}

/** The output width: the interpreter on one zero row, else the session's probe (or what the graph declares). */
function widthOf(p: Prepared, runner: Runner | undefined, probedWidth: number | undefined, d: number, fn: string): number {
  if (p.evaluate === 'pure') {
    const r = p.program.run({ rows: 1, cols: d, data: new Float64Array(d) }, [p.info.name])[0]!;
    if (r.dims.length > 2 || r.dims[0] !== 1)
      throw new XaiError(
        'NOT_SUPPORTED',
        `${p.g.file}: output '${p.info.name}' has shape [${r.dims.join(', ')}] for one row; expected [1, k] or [1]`,
        {
          fn,
          arg: 'outputName',
          file: p.g.file,
          value: r.dims,
        },
      );
    return r.dims.length === 1 ? 1 : r.dims[1]!;
  }
  return outputWidth({
    info: p.info,
    runner,
    probedWidth,
    importedWidth: p.chain.ok ? p.chain.mlp.layers.at(-1)?.outDim : undefined,
    inputDim: d,
    file: p.g.file,
    fn,
  });
}

/** Why gradients are finite differences, or undefined when they are exact. */
function finiteDifferenceReason(p: Prepared, o: AssembleOptions): string | undefined {
  if (o.gradients === 'finite-differences') return "gradients: 'finite-differences' was asked for";
  if (!p.program.runnable) return `the interpreter does not run ${p.program.unsupported.map((u) => u.reason).join('; ')}`;
  if (!p.program.exact) return `no derivative is known for ${p.program.noDerivative.map((u) => u.reason).join('; ')}`;
  return undefined;
}

export function assembleModel({ p, runner, probedWidth }: AssembleInput, o: AssembleOptions): OnnxModel {
  const { g } = p;
  const file = g.file === '' ? '<bytes>' : g.file;
  const fn = o.fn;
  // 1. Feature count, output width and kind, and the class order.
  const d = inputDim(g, o.inputDim, p.chain.ok ? p.chain.mlp.layers[0]?.inDim : undefined, file, fn);
  const k = widthOf(p, runner, probedWidth, d, fn);
  const { kind, auto, classes } = outputKind(g, p.info.name, k, p.head.kind, o.output, fn);
  const labels = kind === 'value' ? undefined : graphClassLabels(g, p.info.name);
  const order =
    labels !== undefined && o.classes !== undefined && labels.length === k ? classOrder(labels, o.classes, file, fn) : undefined;
  const classLabels = labels === undefined ? undefined : order === undefined ? labels : Array.from(order, (j) => labels[j]!);
  // 2. Forward passes.
  const a: Assembly = {
    file,
    fn,
    outputName: p.info.name,
    inputDim: d,
    width: k,
    kind,
    classes,
    head: p.head,
    program: p.program,
    runner,
    backendName: runner?.name ?? 'xai-interpreter',
    evaluate: p.evaluate,
    order,
  };
  const ev = evaluators(a);
  // 3. Gradients: exact from the interpreter, else finite differences with a step suited to the arithmetic.
  const because = finiteDifferenceReason(p, o);
  if (o.gradients === 'exact' && because !== undefined)
    throw new XaiError('NOT_SUPPORTED', `${file}: exact gradients were asked for, but ${because}`, { fn, arg: 'gradients', file });
  const float64 = g.input.elemType === DT.DOUBLE;
  const arithmetic64 = p.evaluate === 'pure' ? p.program.precision === 'float64' : float64;
  const fdStep = o.fdStep ?? Math.cbrt(arithmetic64 ? 2 ** -52 : 2 ** -23);
  const grads = gradients(a, ev, { fdStep, maxBatchRows: o.maxBatchRows }, because === undefined);
  // 4. The columns that lose their derivative, the dense chain, and what was found.
  const nonDifferentiable: OnnxNonDifferentiableInput[] = columnBreaks(p.program.plan, d, g.input.elemType).map((b) => ({
    column: b.column,
    reason: b.reason,
  }));
  const mlp = p.chain.ok ? toNeuralModel(p.chain.mlp, kind, k) : undefined;
  const imported = typeof mlp === 'object' ? mlp : undefined;
  const discovered = discovery({
    p,
    a,
    auto,
    outputOption: o.output,
    gradientSource: grads.gradientSource,
    finiteDifferencesBecause: because,
    fdStep,
    float64,
    classLabels,
    nonDifferentiable,
  });
  return modelOf(
    a,
    ev,
    grads,
    {
      discovered,
      nonDifferentiableInputs: nonDifferentiable,
      ...(classLabels !== undefined ? { classLabels } : {}),
      ...(imported !== undefined ? { mlp: imported.model } : {}),
    },
    imported,
  );
}
