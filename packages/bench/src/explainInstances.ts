import type { Matrix } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import { readFeatureCsvSync } from '@xai/data/node';
import { createExplainer, isExplainerId, EXPLAINER_IDS } from '@xai/explainers';
import { loadModelSync } from '@xai/models/node';
import type { NeuralModel } from '@xai/models/node';
import type { PresetName } from './ids';

export interface ExplainInstancesOptions {
  readonly model: string;
  readonly instances: string;
  readonly method: string;
  /** Training features (IG baseline, KernelSHAP background). */
  readonly train?: string;
  /** A column to drop from the CSVs (e.g. the label). */
  readonly label?: string;
  readonly preset: PresetName;
  readonly seed: number;
}

/** Reads a feature CSV for a model: drops `label`, checks the width. @since 0.1.0 */
export function readModelInputs(path: string, model: NeuralModel, label: string | undefined, what: string): { x: Matrix; names: readonly string[] } {
  const t = readFeatureCsvSync(path, { drop: label ? [label] : [] });
  if (t.x.cols !== model.inputDim) {
    throw new XaiError('SHAPE_MISMATCH', `${path} has ${t.x.cols} feature columns (${t.names.slice(0, 6).join(', ')}${t.names.length > 6 ? ', …' : ''}) but the model takes ${model.inputDim}${label ? '' : '; drop a label column with --label <name>'}`, { fn: `xai ${what}`, arg: path, value: t.x.cols });
  }
  return { x: t.x, names: t.names };
}

/**
 * `xai explain`: a model file + a CSV of instances + a method → attributions (the predicted
 * class of each row is explained).
 * @since 0.1.0
 */
export function explainInstances(options: ExplainInstancesOptions): { model: NeuralModel; x: Matrix; names: readonly string[]; attributions: Matrix } {
  checkOptions(options, ['model', 'instances', 'method', 'train', 'label', 'preset', 'seed'], 'explainInstances');
  if (!isExplainerId(options.method)) {
    throw new XaiError('BAD_OPTION', `unknown method ${JSON.stringify(options.method)} (choose from ${EXPLAINER_IDS.join(', ')})`, { fn: 'xai explain', arg: '--method', value: options.method });
  }
  const model = loadModelSync(options.model);
  const { x, names } = readModelInputs(options.instances, model, options.label, 'explain');
  const train = options.train === undefined ? undefined : readModelInputs(options.train, model, options.label, 'explain').x;
  const explainer = createExplainer(options.method, { preset: options.preset, seed: options.seed, ...(train ? { train } : {}) });
  return { model, x, names, attributions: explainer.explain(model, x) };
}
