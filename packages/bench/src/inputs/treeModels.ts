// Tree ensembles in the CLI: which files are trees, which methods apply to them, and TreeSHAP's
// flag. One place, read by explain, evaluate and bench.
import { closeSync, openSync, readFileSync } from 'node:fs';
import type { Model } from '@xai/core';
import { XaiError, hasTrees, systemError } from '@xai/core';
import type { TreeShapAlgorithm } from '@xai/explainers';
import { ALL_EXPLAINER_IDS, EXPLAINER_INFO, explainerModels, isExplainerId } from '@xai/explainers';
import { choiceSetting } from '../config/settingValues.js';
import type { TreeFileKind } from '@xai/trees';
import { treeFileKind } from '@xai/trees';
import { RANDOM_CONTROL } from '../report/controlLift.js';

/** The explainers a tree model runs by default: OpenXAI's that apply to any model, and the tree ones. @since 0.3.0 */
export const TREE_DEFAULT_EXPLAINERS: readonly string[] = ALL_EXPLAINER_IDS.filter(
  (id) => (EXPLAINER_INFO[id].openxai && explainerModels(id) === 'any') || explainerModels(id) === 'trees',
);

/** What applies to a tree ensemble instead of a gradient method: the tree explainers, then the model-agnostic ones (the random control aside). */
const TREE_METHODS = ((): string => {
  const of = (models: string) => ALL_EXPLAINER_IDS.filter((id) => explainerModels(id) === models && id !== RANDOM_CONTROL);
  return `${of('trees')
    .map((id) => `${id} (exact)`)
    .join(', ')}, or ${of('any').join(', ')}`;
})();

/**
 * BAD_OPTION for `--interactions` where it cannot apply: a method other than treeshap, the
 * interventional algorithm, or a CSV output (the matrices go to JSON).
 * @since 0.3.0
 */
export function checkInteractionsFlag(method: string, algorithm: string | undefined, out: string, fn: string): void {
  const bad = (message: string, value: unknown): XaiError => new XaiError('BAD_OPTION', message, { fn, arg: '--interactions', value });
  if (method !== 'treeshap') throw bad(`--interactions is computed by --method treeshap (not ${method})`, method);
  if (algorithm !== undefined && algorithm !== 'path-dependent')
    throw bad(`--interactions is computed by path-dependent TreeSHAP; drop --tree-shap ${algorithm}`, algorithm);
  if (out.toLowerCase().endsWith('.csv'))
    throw bad(`--interactions writes a matrix per row, to a JSON output: give --out ending in .json (not ${out})`, out);
}

/** A model file's tree kind by its bytes (null: not a tree model, or unreadable: the loader reports that). @since 0.3.0 */
export function treeFileKindOf(path: string): TreeFileKind {
  try {
    return treeFileKind(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * NOT_SUPPORTED for a method that reads gradients or dense layers on a tree ensemble (piecewise
 * constant: its gradient is 0 almost everywhere), naming the methods to use; and for treeshap on a
 * model without trees.
 * @since 0.3.0
 */
export function checkMethodForModel(method: string, model: Model, file: string, fn: string): void {
  if (!isExplainerId(method)) return;
  const needs = EXPLAINER_INFO[method].needs;
  const trees = hasTrees(model);
  if (trees && (needs === 'gradients' || needs === 'layers'))
    throw new XaiError(
      'NOT_SUPPORTED',
      `${method} reads ${needs === 'gradients' ? 'input gradients' : 'dense layers'}, and ${file} is a tree ensemble: piecewise constant, its gradient is 0 almost everywhere (finite differences give zeros and spikes); use ${TREE_METHODS}`,
      { fn, arg: '--method', value: method, file },
    );
  if (!trees && needs === 'trees')
    throw new XaiError(
      'NOT_SUPPORTED',
      `${method} reads a tree ensemble (an XGBoost JSON model or an ONNX TreeEnsemble graph), and ${file} is not one; use shap, shapley or permshap`,
      { fn, arg: '--method', value: method, file },
    );
}

/** True for a binary tree model with one raw score (class 1's margin): TreeSHAP explains class 1 on every row. @since 0.3.0 */
export function explainsClassOne(model: Model): boolean {
  return hasTrees(model) && model.classes === 2 && model.trees().columns === 1;
}

/** NOT_FOUND / IO_ERROR naming `--model` when the file cannot be read. */
function readableModelFile(path: string): void {
  try {
    closeSync(openSync(path, 'r'));
  } catch (e) {
    throw systemError(e, { fn: 'xai bench', path, action: 'read model file', arg: '--model' });
  }
}

/**
 * The explainers of a run, given its tree model files: all tree models and no `--explainers` →
 * {@link TREE_DEFAULT_EXPLAINERS}; a gradient or layer method beside a tree model, treeshap beside a
 * model without trees, or tree and other models with the default set → BAD_OPTION saying why.
 * @since 0.3.0
 */
export function runExplainers<E extends string>(
  explainers: readonly E[],
  defaulted: boolean,
  trained: readonly string[],
  files: readonly { readonly id: string; readonly path: string }[],
): readonly E[] {
  // an unreadable file is reported as such here, not as "not a tree ensemble"
  for (const f of files) readableModelFile(f.path);
  const trees = files.filter((f) => treeFileKindOf(f.path) !== null);
  const others = [...trained, ...files.filter((f) => !trees.includes(f)).map((f) => f.id)];
  const bad = (message: string, value: unknown) => new XaiError('BAD_OPTION', message, { fn: 'xai bench', arg: '--explainers', value });
  if (trees.length === 0) {
    if (explainers.includes('treeshap' as E) && files.length + trained.length > 0)
      throw bad(
        `treeshap reads tree ensembles (XGBoost JSON, ONNX TreeEnsemble), and no model of the run is one (${others.join(', ')})`,
        'treeshap',
      );
    return explainers;
  }
  if (defaulted) {
    if (others.length === 0) return TREE_DEFAULT_EXPLAINERS as readonly E[];
    throw bad(
      `the run has tree models (${trees.map((f) => f.id).join(', ')}) and others (${others.join(', ')}): gradient methods do not apply to trees and treeshap applies only to them; give --explainers (e.g. control,shap,lime)`,
      undefined,
    );
  }
  const gradient = explainers.filter((e) => explainerModels(e) === 'differentiable');
  if (gradient.length > 0)
    throw bad(
      `${gradient.join(', ')} read${gradient.length === 1 ? 's' : ''} gradients or dense layers, and ${trees.map((f) => f.path).join(', ')} ${trees.length === 1 ? 'is a tree ensemble' : 'are tree ensembles'}: piecewise constant, the gradient is 0 almost everywhere; use ${TREE_METHODS}`,
      gradient,
    );
  if (explainers.includes('treeshap' as E) && others.length > 0)
    throw bad(`treeshap reads tree ensembles, and ${others.join(', ')} ${others.length === 1 ? 'is not one' : 'are not'}`, 'treeshap');
  return explainers;
}

/**
 * The missing-cell policy of a `--data` CSV: the user's `--missing`, else `nan` when every model
 * of the run is a tree file (a missing cell goes down each split's missing-value branch, as in
 * XGBoost), else the loader's default (an error naming the cell). Models that cannot take NaN
 * (trained LR/ANN, ONNX graphs, JSON networks) never get `nan`.
 * @since 0.3.0
 */
export function dataMissingPolicy<S extends { readonly missing?: 'error' | 'drop-rows' | 'nan' }>(
  spec: S,
  trained: readonly string[],
  files: readonly string[],
): S {
  if (spec.missing !== undefined || trained.length > 0 || files.length === 0) return spec;
  return files.every((f) => treeFileKindOf(f) !== null) ? { ...spec, missing: 'nan' } : spec;
}

/** Checks `--tree-shap`. @since 0.3.0 */
export function treeShapAlgorithm(raw: string | undefined, fn: string): TreeShapAlgorithm | undefined {
  return raw === undefined ? undefined : choiceSetting('treeShap', raw, { fn, arg: '--tree-shap' });
}
