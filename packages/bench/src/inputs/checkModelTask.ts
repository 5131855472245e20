import type { Model, Preprocessing } from '@xai/core';
import { XaiError, hasTrees } from '@xai/core';
import type { BenchDataset } from './loadBenchDataset.js';

/** The dataset's class count: the label classes of a user CSV, else the largest label seen + 1. */
export function datasetClasses(ds: BenchDataset): number {
  const named = ds.preprocessing.label?.classes?.length;
  if (named !== undefined && named > 0) return named;
  let top = 0;
  for (const split of [ds.train, ds.test]) for (let i = 0; i < split.y.length; i++) if (split.y[i]! > top) top = split.y[i]!;
  return top + 1;
}

/**
 * True when two lists of class names differ, in names or order; numbers compare as numbers
 * ('1' = '1.0'), as @xai/onnx matches a graph's stored labels.
 * @since 0.4.0
 */
export function classNamesDiffer(a: readonly string[], b: readonly string[]): boolean {
  const key = (c: string): string => (c.trim() !== '' && Number.isFinite(Number(c)) ? String(Number(c)) : c);
  return a.map(key).join('\u0000') !== b.map(key).join('\u0000');
}

/**
 * Model/task compatibility, before any unit runs: the bench scores classifiers, so a value
 * (regression) model is refused; the model's class count must equal the data's; a model that
 * names its label classes must name the data's, in the same order. Each error names both sides.
 * @example checkModelTask(model, ds, 'm.onnx')
 * @since 0.3.0
 */
export function checkModelTask(
  model: Model & { readonly preprocessing?: Preprocessing | undefined },
  ds: BenchDataset,
  path: string,
): void {
  const fn = 'xai bench';
  const classes = datasetClasses(ds);
  if (model.output === 'value')
    throw new XaiError(
      'BAD_INPUT',
      `${path} is a regression (value) model, but the bench scores classifiers: ${ds.id} has ${classes} classes; explain and score it with xai explain / xai evaluate`,
      { fn, arg: '--model', value: path, file: path },
    );
  if (model.classes !== classes)
    throw new XaiError(
      'SHAPE_MISMATCH',
      `${path} predicts ${model.classes} classes but ${ds.id}'s label has ${classes}${ds.preprocessing.label?.classes ? ` (${ds.preprocessing.label.classes.join(', ')})` : ''}; give a model trained on this label`,
      { fn, arg: '--model', value: model.classes, file: path },
    );
  // An xai-model@1 file's label classes, or the labels a tree file stores (ONNX classlabels_*: a tree
  // ensemble's outputs are not reordered by name as @xai/onnx's graphs are, so they must match as they are).
  const own =
    model.preprocessing?.label?.classes ??
    (hasTrees(model) ? (model as { readonly classLabels?: readonly string[] }).classLabels : undefined);
  const data = ds.preprocessing.label?.classes;
  if (own !== undefined && data !== undefined && classNamesDiffer(own, data))
    throw new XaiError(
      'BAD_INPUT',
      `${path} ${model.preprocessing?.label?.classes ? 'was trained on label classes' : 'stores the class labels'} [${own.join(', ')}] but ${ds.id} has [${data.join(', ')}]: outputs would be matched to the wrong classes`,
      { fn, arg: '--model', value: own, file: path },
    );
}
