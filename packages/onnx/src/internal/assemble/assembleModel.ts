// The assembly step: a parsed graph, its import result and a runner become a core Model.
// Output choice, feature count, output width and kind, who evaluates, gradients, discovery.
import type { HiddenOptions, Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import type { ImportResult } from '../importMlp.js';
import { importMlp } from '../importMlp.js';
import type { AssembleOptions } from '../loadOptions.js';
import { DT } from '../proto.js';
import type { Runner } from '../runner.js';
import type { Imported } from '../toNeuralModel.js';
import { toNeuralModel } from '../toNeuralModel.js';
import type { OnnxModel } from '../../types.js';
import type { Assembly } from './assembly.js';
import { chooseOutput } from './chooseOutput.js';
import { discovery } from './discovery.js';
import { chooseEvaluation } from './evaluation.js';
import type { Evaluators } from './evaluators.js';
import { evaluators } from './evaluators.js';
import { gradients } from './gradients.js';
import { inputDim } from './inputDim.js';
import { outputKind } from './outputKind.js';
import { outputWidth } from './outputWidth.js';

export interface AssembleInput {
  readonly g: GraphIndex;
  readonly runner: Runner | undefined;
  readonly backendName: string;
  /** Output width measured by an asynchronous probe (browser runtimes). */
  readonly probedWidth?: number;
}

/** The import step's result for the chosen output, unless finite differences were asked for. */
function importFor(g: GraphIndex, outputName: string, o: AssembleOptions): ImportResult {
  return o.gradients === 'finite-differences'
    ? { ok: false, reason: "gradients: 'finite-differences' was asked for" }
    : importMlp(g, outputName);
}

/** The model object: evaluators, gradients, discovery, and hidden when the import has it. */
function modelOf(a: Assembly, ev: Evaluators, grads: ReturnType<typeof gradients>, discovered: OnnxModel['discovered']): OnnxModel {
  const { imported, runner } = a;
  const model: OnnxModel = {
    inputDim: a.inputDim,
    classes: a.classes,
    output: a.kind === 'value' ? 'value' : 'probabilities',
    discovered,
    gradientSource: grads.gradientSource,
    backend: a.evaluate === 'session' ? a.backendName : 'imported-mlp',
    ...(imported !== undefined ? { mlp: imported.model } : {}),
    predictProba: ev.predictProba,
    predictProbaAsync: ev.predictProbaAsync,
    inputGradient: grads.inputGradient,
    get sessionRuns(): number {
      return ev.sessionRuns();
    },
    dispose(): void {
      runner?.dispose();
      imported?.model.release();
    },
  };
  if (ev.hasLogits) (model as { logits?: OnnxModel['logits'] }).logits = ev.logits;
  const m = imported?.model;
  if (m?.hidden !== undefined) {
    (model as { hidden?: OnnxModel['hidden'] }).hidden = (x: Matrix, h?: HiddenOptions): Matrix => {
      ev.checkX(`${a.fn} → hidden`, x);
      return m.hidden!(x, h);
    };
  }
  return model;
}

export function assembleModel({ g, runner, backendName, probedWidth }: AssembleInput, o: AssembleOptions): OnnxModel {
  const file = g.file === '' ? '<bytes>' : g.file;
  const fn = o.fn;
  // 1. The output, and the graph imported up to it.
  const { info, rule: outputRule } = chooseOutput(g, o);
  const tryImport = importFor(g, info.name, o);
  const mlp = tryImport.ok ? tryImport.mlp : undefined;
  // 2. Feature count, and an output the session can read or the import can compute.
  const d = inputDim(g, o.inputDim, mlp?.layers[0]?.inDim, file, fn);
  const tensorOut = info.kind === 'tensor';
  if (!tensorOut && !tryImport.ok) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: output '${info.name}' is a ${info.kind}, not a tensor, and the graph is not an importable MLP (${tryImport.reason}); ${outputRule}`,
      { fn, arg: 'outputName', file, value: info.name },
    );
  }
  // 3. Its width and kind.
  const importedWidth = mlp?.layers.at(-1)?.outDim;
  const k = outputWidth({ info, runner, probedWidth, importedWidth, inputDim: d, file, fn });
  const { kind, auto, classes } = outputKind(g, info.name, k, mlp?.head, o.output, fn);
  // 4. The imported MLP as a NeuralModel, and who evaluates.
  let imported: Imported | undefined;
  let importReason: string | undefined;
  if (mlp !== undefined) {
    const r = toNeuralModel(mlp, kind, k);
    if (typeof r === 'string') importReason = r;
    else imported = r;
  } else if (!tryImport.ok) importReason = tryImport.reason;
  const evaluate = chooseEvaluation({ o, tensorOut, runner, imported, importReason, outputName: info.name, outputRule, file, fn });
  const a: Assembly = {
    file,
    fn,
    outputName: info.name,
    inputDim: d,
    width: k,
    kind,
    classes,
    runner,
    backendName,
    imported,
    headed: mlp !== undefined && mlp.head !== 'none',
    importReason,
    evaluate,
  };
  // 5. Methods: forward passes, then gradients with a finite-difference step suited to the
  // graph's float type (cbrt of its machine epsilon).
  const ev = evaluators(a);
  const float64 = g.input.elemType === DT.DOUBLE;
  const fdStep = o.fdStep ?? Math.cbrt(float64 ? 2 ** -52 : 2 ** -23);
  const grads = gradients(a, ev, { fdStep, maxBatchRows: o.maxBatchRows });
  // 6. What was found, and the model.
  const discovered = discovery({
    g,
    a,
    tryImport,
    outputRule,
    auto,
    outputOption: o.output,
    gradientSource: grads.gradientSource,
    fdStep,
    float64,
  });
  return modelOf(a, ev, grads, discovered);
}
