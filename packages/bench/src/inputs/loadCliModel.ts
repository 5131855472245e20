import type { Model, Preprocessing } from '@xai/core';
import { loadModelSync } from '@xai/models/node';
import type { NeuralModel, Precision } from '@xai/models';
import { withPrecision } from '@xai/models';
import type { OnnxOutputKind } from '@xai/onnx';
import { XaiError } from '@xai/core';
import { classNamesDiffer } from './checkModelTask.js';
import { treeFileKindOf } from './treeModels.js';
import type { ChoiceOf } from '../config/settings.js';
import { choiceSetting } from '../config/settingValues.js';

/** A model file as the CLI loads it: `xai-model@1` JSON, or an ONNX graph. */
export interface CliModel {
  readonly model: Model & { readonly preprocessing?: Preprocessing | undefined };
  /** The @xai/models network (JSON files; an ONNX MLP imported for exact gradients), else null. */
  readonly neural: NeuralModel | null;
  readonly format: 'json' | 'onnx';
  /** True when input gradients are finite differences (an ONNX graph that is not an MLP): reports say approximate. */
  readonly approximateGradients: boolean;
  /** One line for the output: what was loaded and how its gradients are computed. */
  readonly note: string;
  /** Releases a runtime session (ONNX); a no-op for JSON models. */
  dispose(): void;
}

/** What the CLI knows about an ONNX model beside the file (`--output`, the data's label classes). @since 0.3.0 */
export interface CliModelOptions {
  /** What a graph's output holds (`--output probability|logit|value`): ONNX graphs only. */
  readonly output?: OnnxOutputKind;
  /** The data's label classes in its order: a graph that stores class labels is matched to them by name. */
  readonly classes?: readonly string[];
}

/** `--output probability|logit|value` as the loader's output kind. @since 0.3.0 */
export const OUTPUT_FLAG: Readonly<Record<ChoiceOf<'output'>, OnnxOutputKind>> = {
  probability: 'probabilities',
  logit: 'logits',
  value: 'value',
};

/** Checks `--output`. @since 0.3.0 */
export function outputFlag(raw: string | undefined, fn: string): OnnxOutputKind | undefined {
  return raw === undefined ? undefined : OUTPUT_FLAG[choiceSetting('output', raw, { fn, arg: '--output' })];
}

/** True for a path the CLI loads as ONNX (`.onnx`, any case). @since 0.2.0 */
export function isOnnxPath(path: string): boolean {
  return /\.onnx$/i.test(path);
}

/**
 * Loads `--model <file>`: an XGBoost JSON model or an ONNX tree-ensemble graph (judged by the
 * bytes) through `@xai/trees` (pure TypeScript, no gradients: trees are piecewise constant);
 * any other `.onnx` through `@xai/onnx/node`'s `loadOnnxModel` (the interpreter, exact
 * gradients; a graph with an op outside its set on ONNX Runtime, one intra-op thread, with
 * finite differences flagged approximate; `options.output` declares its output, and
 * `options.classes` matches stored class labels by name), anything else as `xai-model@1` JSON
 * — computing in `precision` (float32: `withPrecision`, the released OpenXAI code's torch
 * arithmetic; the interpreter rounds each op of a float32 graph to float32).
 * @example const m = await loadCliModel('m.onnx'); m.approximateGradients
 * @since 0.2.0
 */
export async function loadCliModel(
  path: string,
  precision: Precision = 'float64',
  inputDim?: number,
  options: CliModelOptions = {},
): Promise<CliModel> {
  if (options.output !== undefined && !isOnnxPath(path))
    throw new XaiError('BAD_OPTION', `--output describes an ONNX graph's output; ${path} is not an .onnx file`, {
      fn: 'loadCliModel',
      arg: '--output',
      value: options.output,
    });
  if (treeFileKindOf(path) !== null) {
    const { loadTreeModel } = await import('@xai/trees/node');
    const model = loadTreeModel(path, inputDim !== undefined ? { inputDim } : {});
    // a tree ensemble's outputs are not reordered by name: stored labels must be the data's, in order
    if (model.classLabels !== undefined && options.classes !== undefined && classNamesDiffer(model.classLabels, options.classes))
      throw new XaiError(
        'BAD_INPUT',
        `${path} stores the class labels [${model.classLabels.join(', ')}] but the data's label has [${options.classes.join(', ')}]: outputs would be matched to the wrong classes`,
        { fn: 'loadCliModel', arg: '--model', value: model.classLabels, file: path },
      );
    const format = model.info.format === 'onnx' ? 'onnx' : 'json';
    return {
      model,
      neural: null,
      format,
      approximateGradients: false,
      note: `${model.describe()}; evaluated in TypeScript`,
      dispose: () => {},
    };
  }
  if (!isOnnxPath(path)) {
    const loaded = loadModelSync(path);
    // withPrecision keeps the file's preprocessing block and metadata
    const model = precision === 'float32' ? withPrecision(loaded, 'float32') : loaded;
    return {
      model,
      neural: model,
      format: 'json',
      approximateGradients: false,
      note: `${path}: xai-model@1 ${model.kind}${model.preprocessing ? ' (carries its preprocessing)' : ''}${precision === 'float32' ? ', computing in float32' : ''}`,
      dispose: () => {},
    };
  }
  const { loadOnnxModel } = await import('@xai/onnx/node');
  const model = loadOnnxModel(path, {
    threads: 1,
    precision,
    ...(inputDim !== undefined ? { inputDim } : {}),
    ...(options.output !== undefined ? { output: options.output } : {}),
    ...(options.classes !== undefined ? { classes: options.classes } : {}),
  });
  const d = model.discovered;
  const approximate = model.gradientSource === 'finite-differences';
  const note = `${path}: ONNX, input ${d.input} (${d.inputDim} features, ${d.inputType}), output ${d.outputName} as ${d.output} (${d.outputKindRule}); run by ${model.backend}; gradients ${approximate ? `APPROXIMATE (central finite differences, relative step ${d.fdStep ?? '?'}: ${d.finiteDifferencesBecause ?? ''})` : 'exact (reverse-mode, the interpreter)'}`;
  return { model, neural: model.mlp ?? null, format: 'onnx', approximateGradients: approximate, note, dispose: () => model.dispose() };
}
