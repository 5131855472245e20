// Turns a parsed graph + a runner into a core Model: discovery of the probability output,
// MLP import for exact gradients, batched finite differences otherwise.
import type { HiddenOptions, InputGradientOptions, Matrix, ModelOutput } from '@xai/core';
import { XaiError, describeValue, row } from '@xai/core';
import { functionModel } from '@xai/models';
import type { GraphIndex } from './graph.js';
import type { ImportResult } from './importMlp.js';
import { importMlp } from './importMlp.js';
import { chooseOutput, kindOf } from './outputDiscovery.js';
import type { Imported } from './toNeuralModel.js';
import { toNeuralModel } from './toNeuralModel.js';
import type { RunOutput, Runner } from './runner.js';
import { DT } from './proto.js';
import { checkFeatures, outBuffer } from './matrixChecks.js';
import type { OnnxDiscovery, OnnxModel, OnnxOutputKind } from '../types.js';
import type { AssembleOptions } from './loadOptions.js';

function softmaxInto(src: ArrayLike<number>, at: number, k: number, dst: Float64Array, to: number): void {
  let m = -Infinity;
  for (let j = 0; j < k; j++) m = Math.max(m, src[at + j]!);
  let s = 0;
  for (let j = 0; j < k; j++) {
    const e = Math.exp(src[at + j]! - m);
    dst[to + j] = e;
    s += e;
  }
  for (let j = 0; j < k; j++) dst[to + j]! /= s;
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export interface AssembleInput {
  readonly g: GraphIndex;
  readonly runner: Runner | undefined;
  readonly backendName: string;
  /** Output width measured by an asynchronous probe (browser runtimes). */
  readonly probedWidth?: number;
}

export function assembleModel({ g, runner, backendName, probedWidth }: AssembleInput, o: AssembleOptions): OnnxModel {
  const { file, fn } = g.file === '' ? { file: '<bytes>', fn: o.fn } : { file: g.file, fn: o.fn };
  const { info, rule: outputRule } = chooseOutput(g, o);
  const tryImport: ImportResult =
    o.gradients === 'finite-differences' ? { ok: false, reason: "gradients: 'finite-differences' was asked for" } : importMlp(g, info.name);
  const declared = g.input.shape?.[1];
  let inputDim = typeof declared === 'number' ? declared : undefined;
  const importedDim = tryImport.ok ? tryImport.mlp.layers[0]!.inDim : undefined;
  if (o.inputDim !== undefined) {
    if (!Number.isInteger(o.inputDim) || o.inputDim < 1)
      throw new XaiError('BAD_OPTION', `inputDim must be a positive integer, got ${describeValue(o.inputDim)}`, {
        fn,
        arg: 'inputDim',
        value: o.inputDim,
      });
    const known = inputDim ?? importedDim;
    if (known !== undefined && known !== o.inputDim)
      throw new XaiError('SHAPE_MISMATCH', `${file}: inputDim ${o.inputDim} given but the graph takes ${known} features`, {
        fn,
        arg: 'inputDim',
        file,
        value: o.inputDim,
      });
    inputDim = o.inputDim;
  }
  inputDim ??= importedDim;
  if (inputDim === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: input '${g.input.name}' has a dynamic feature dimension (${String(g.input.shape?.[1])}); pass the feature count as the inputDim option`,
      { fn, arg: 'inputDim', file },
    );
  const d = inputDim;
  const tensorOut = info.kind === 'tensor';
  if (!tensorOut && !tryImport.ok) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: output '${info.name}' is a ${info.kind}, not a tensor, and the graph is not an importable MLP (${tryImport.reason}); ${outputRule}`,
      { fn, arg: 'outputName', file, value: info.name },
    );
  }

  // Width of the chosen output: declared, else a one-row probe (which also validates the
  // feature count against a dynamic graph), else the imported layers.
  let width: number | undefined;
  if (tensorOut && runner?.runSync !== undefined) {
    const probe = runner.runSync({ rows: 1, cols: d, data: new Float64Array(d) }, [info.name])[0]!;
    width = probe.dims.length === 1 ? 1 : probe.dims[1];
    if (probe.dims.length > 2 || width === undefined || probe.dims[0] !== 1)
      throw new XaiError(
        'NOT_SUPPORTED',
        `${file}: output '${info.name}' has shape [${probe.dims.join(', ')}] for one row; expected [1, k] or [1]`,
        { fn, arg: 'outputName', file, value: probe.dims },
      );
  } else if (tensorOut && probedWidth !== undefined) width = probedWidth;
  else if (tensorOut && typeof info.shape?.[1] === 'number') width = info.shape[1];
  else if (tensorOut && info.shape?.length === 1) width = 1;
  if (width === undefined && tryImport.ok) width = tryImport.mlp.layers[tryImport.mlp.layers.length - 1]!.outDim;
  if (width === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: cannot tell the width of output '${info.name}' without running it; use loadOnnxModelAsync`,
      { fn, arg: 'outputName', file },
    );
  const k = width;

  const auto = kindOf(g, info.name, k, tryImport.ok ? tryImport.mlp.head : undefined);
  const kind: OnnxOutputKind = o.output ?? auto.kind;
  if (!['probabilities', 'logits', 'value'].includes(kind))
    throw new XaiError('BAD_OPTION', `output must be 'probabilities', 'logits' or 'value', got ${describeValue(kind)}`, {
      fn,
      arg: 'output',
      value: kind,
    });
  const classes = kind === 'value' ? k : k === 1 ? 2 : k;
  const modelOutput: ModelOutput = kind === 'value' ? 'value' : 'probabilities';

  let imported: Imported | undefined;
  let importReason: string | undefined;
  if (tryImport.ok) {
    const r = toNeuralModel(tryImport.mlp, kind, k);
    if (typeof r === 'string') importReason = r;
    else imported = r;
  } else importReason = tryImport.reason;
  // The session when it runs synchronously; else the imported MLP (sync, browser); else the
  // asynchronous session alone (predictProbaAsync only).
  const evaluate = o.evaluate ?? (tensorOut && (runner?.runSync !== undefined || imported === undefined) ? 'session' : 'imported');
  if (o.gradients === 'import' && imported === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: the graph is not an importable MLP (${importReason ?? '?'}); use gradients: 'auto' for finite differences`,
      { fn, arg: 'gradients', file },
    );
  if (evaluate === 'imported' && imported === undefined) {
    const why = tensorOut ? "evaluate: 'imported' was asked for" : outputRule;
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: output '${info.name}' cannot be evaluated: the graph is not an importable MLP (${importReason ?? '?'}) and ${why}`,
      { fn, arg: 'pathOrBytes', file },
    );
  }

  const checkX = (name: string, x: Matrix): void => checkFeatures(name, x, d, file);
  const checkFinite = (name: string, out: RunOutput, rows: number): void => {
    const { data } = out;
    for (let i = 0; i < data.length; i++) {
      if (!Number.isFinite(data[i]!)) {
        const r = Math.floor(i / k);
        throw new XaiError(
          'NON_FINITE',
          `${file}: output '${info.name}' is ${describeValue(data[i])} at row ${r} column ${i % k} (of ${rows} rows)`,
          { fn: name, arg: info.name, file, row: r, value: data[i] },
        );
      }
    }
  };
  /** Raw session output → our n x classes matrix. */
  const transform = (name: string, raw: RunOutput, rows: number, space: 'proba' | 'logit', out: Matrix | undefined): Matrix => {
    checkFinite(name, raw, rows);
    const dst = outBuffer(name, rows, classes, out);
    const os = dst.stride ?? dst.cols;
    const oo = dst.offset ?? 0;
    const src = raw.data;
    for (let i = 0; i < rows; i++) {
      const to = oo + i * os;
      if (kind === 'value') for (let j = 0; j < k; j++) dst.data[to + j] = src[i * k + j]!;
      else if (k === 1) {
        const v = src[i]!;
        const p = kind === 'logits' ? sigmoid(v) : v;
        if (space === 'logit') {
          dst.data[to] = 0;
          dst.data[to + 1] = v;
        } else {
          dst.data[to] = 1 - p;
          dst.data[to + 1] = p;
        }
      } else if (kind === 'logits' && space === 'proba') softmaxInto(src, i * k, k, dst.data, to);
      else for (let j = 0; j < k; j++) dst.data[to + j] = src[i * k + j]!;
    }
    return dst;
  };
  const fromImported = (name: string, x: Matrix, space: 'proba' | 'logit', out: Matrix | undefined): Matrix => {
    const m = imported!.model;
    const headed = tryImport.ok && tryImport.mlp.head !== 'none';
    const full = kind === 'value' ? (headed ? m.predictProba(x) : m.logits(x)) : space === 'proba' ? m.predictProba(x) : m.logits(x);
    const dst = outBuffer(name, x.rows, classes, out);
    const os = dst.stride ?? dst.cols;
    const oo = dst.offset ?? 0;
    const shift = kind === 'value' ? imported!.shift : 0;
    for (let i = 0; i < x.rows; i++) {
      const r = row(full, i);
      for (let j = 0; j < classes; j++) dst.data[oo + i * os + j] = r[j + shift]!;
    }
    return dst;
  };
  let sessionRuns = 0;
  const rawRun = runner?.runSync;
  const runSync =
    rawRun === undefined
      ? undefined
      : (x: Matrix, fetch: readonly string[]): RunOutput[] => {
          sessionRuns++;
          return rawRun(x, fetch);
        };
  const asyncOnly = (name: string): XaiError =>
    new XaiError(
      'NOT_SUPPORTED',
      `${file} is not an importable MLP (${importReason ?? '?'}) and this runtime (${backendName}) runs only asynchronously: use predictProbaAsync, or load it with @xai/onnx/node's loadOnnxModel for a synchronous session`,
      { fn: name, arg: 'model', file },
    );
  const predictProba = (x: Matrix, out?: Matrix): Matrix => {
    const name = `${fn} → predictProba`;
    checkX(name, x);
    if (evaluate === 'imported') return fromImported(name, x, 'proba', out);
    if (runSync === undefined) throw asyncOnly(name);
    return transform(name, runSync(x, [info.name])[0]!, x.rows, 'proba', out);
  };
  const hasLogits = kind === 'logits' || (imported !== undefined && kind !== 'value');
  const logits = (x: Matrix, out?: Matrix): Matrix => {
    const name = `${fn} → logits`;
    checkX(name, x);
    if (kind === 'logits' && evaluate === 'session') {
      if (runSync === undefined) throw asyncOnly(name);
      return transform(name, runSync(x, [info.name])[0]!, x.rows, 'logit', out);
    }
    return fromImported(name, x, 'logit', out);
  };

  // Gradients: the imported MLP's exact backprop, else batched central finite differences
  // with a step suited to the graph's float type (cbrt of its machine epsilon).
  const float64 = g.input.elemType === DT.DOUBLE;
  const fdStep = o.fdStep ?? Math.cbrt(float64 ? 2 ** -52 : 2 ** -23);
  let inputGradient: OnnxModel['inputGradient'];
  let gradientSource: OnnxModel['gradientSource'];
  if (imported !== undefined) {
    gradientSource = 'mlp-import';
    const m = imported.model;
    const headed = tryImport.ok && tryImport.mlp.head !== 'none';
    inputGradient = (x: Matrix, targets: Int32Array | ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
      checkX(`${fn} → inputGradient`, x);
      if (kind === 'value') {
        const t = Int32Array.from(targets as ArrayLike<number>, (v) => v + imported!.shift);
        return m.inputGradient(x, t, { ...gOptions, output: headed ? 'probability' : 'logit' });
      }
      return m.inputGradient(x, targets, gOptions);
    };
  } else {
    gradientSource = 'finite-differences';
    const fdOptions = { fdStep, ...(o.maxBatchRows !== undefined ? { maxBatchRows: o.maxBatchRows } : {}) };
    let fm: ReturnType<typeof functionModel>;
    let shift = 0;
    if (kind === 'value') {
      // functionModel differentiates logits exactly like probabilities: hand it the values as
      // logits (padded to two columns for a single output).
      shift = k === 1 ? 1 : 0;
      const c = k + shift;
      const values = (x: Matrix): Matrix => {
        const v = predictProba(x);
        if (shift === 0) return v;
        const p = new Float64Array(x.rows * 2);
        for (let i = 0; i < x.rows; i++) p[2 * i + 1] = v.data[i]!;
        return { rows: x.rows, cols: 2, data: p };
      };
      const soft = (x: Matrix): Matrix => {
        const z = values(x);
        const p = new Float64Array(z.rows * c);
        for (let i = 0; i < z.rows; i++) softmaxInto(z.data, i * c, c, p, i * c);
        return { rows: z.rows, cols: c, data: p };
      };
      fm = functionModel(soft, { inputDim: d, classes: c, logits: values, ...fdOptions });
    } else {
      fm = functionModel((x) => predictProba(x), {
        inputDim: d,
        classes,
        ...(hasLogits ? { logits: (x: Matrix) => logits(x) } : {}),
        ...fdOptions,
      });
    }
    inputGradient = (x: Matrix, targets: Int32Array | ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
      checkX(`${fn} → inputGradient`, x);
      if (runSync === undefined && evaluate !== 'imported') throw asyncOnly(`${fn} → inputGradient`);
      const t = Int32Array.from(targets as ArrayLike<number>, (v) => v + shift);
      return fm.inputGradient(x, t, kind === 'value' ? { ...gOptions, output: 'logit' } : gOptions);
    };
  }

  const discovered: OnnxDiscovery = {
    file,
    input: g.input.name,
    inputDim: d,
    inputType: float64 ? 'float64' : 'float32',
    inputs: [g.input.name],
    outputs: g.outputs.map((v) => v.name),
    outputName: info.name,
    outputRule,
    output: kind,
    outputKindRule: o.output !== undefined ? `output option '${o.output}' (auto: ${auto.kind}, ${auto.rule})` : auto.rule,
    head: auto.headName,
    width: k,
    mlp: tryImport.ok ? tryImport.mlp.ops.join(' → ') : null,
    mlpImported: imported !== undefined,
    ...(importReason !== undefined ? { notImportedBecause: importReason } : {}),
    ...(!tryImport.ok && tryImport.node !== undefined ? { notImportedAt: tryImport.node } : {}),
    gradientSource,
    ...(gradientSource === 'finite-differences' ? { fdStep } : {}),
    evaluate,
    producer: g.producerName,
  };

  const model: OnnxModel = {
    inputDim: d,
    classes,
    output: modelOutput,
    discovered,
    gradientSource,
    backend: evaluate === 'session' ? backendName : 'imported-mlp',
    ...(imported !== undefined ? { mlp: imported.model } : {}),
    predictProba,
    async predictProbaAsync(x: Matrix): Promise<Matrix> {
      const name = `${fn} → predictProbaAsync`;
      checkX(name, x);
      if (evaluate === 'imported' || runner === undefined) return fromImported(name, x, 'proba', undefined);
      sessionRuns++;
      const raw = (await runner.runAsync(x, [info.name]))[0]!;
      return transform(name, raw, x.rows, 'proba', undefined);
    },
    inputGradient,
    get sessionRuns(): number {
      return sessionRuns;
    },
    dispose(): void {
      runner?.dispose();
      imported?.model.release();
    },
  };
  if (hasLogits) (model as { logits?: OnnxModel['logits'] }).logits = logits;
  const hidden = imported?.model.hidden;
  if (hidden !== undefined && imported !== undefined) {
    const m = imported.model;
    (model as { hidden?: OnnxModel['hidden'] }).hidden = (x: Matrix, h?: HiddenOptions): Matrix => {
      checkX(`${fn} → hidden`, x);
      return m.hidden!(x, h);
    };
  }
  return model;
}
