// The checks of a job the page sends to the worker, shared by both: the page refuses a bad
// form before starting a worker, the worker refuses a bad message the same way.
import { XaiError } from '@xai/core';
import { EXPLAINERS, TREE_SHAP_ALGORITHMS } from './pipeline-info.js';

/** Bounds of the instances field (the page's <input min max>). */
export const INSTANCE_BOUNDS = { min: 5, max: 1000 };

const KEYS = [
  'source',
  'csvText',
  'fileName',
  'label',
  'ignore',
  'model',
  'explainers',
  'instances',
  'stability',
  'seed',
  'target',
  'kernels',
  'onnxBytes',
  'onnxName',
  'treeShap',
  'missing',
];

function bad(arg, message, value) {
  return new XaiError('BAD_OPTION', message, { fn: 'explorer', arg, value });
}

/** The label column is what the model predicts: leaving it out is refused in one sentence. */
export function checkLabelKept(label, ignore) {
  if (ignore.includes(label))
    throw bad('ignore', `the label “${label}” cannot be left out: untick it under “leave out”, or pick another label`, label);
}

/** Throws a BAD_OPTION naming the form field for the first thing wrong with `spec`. */
export function checkJobSpec(spec) {
  for (const key of Object.keys(spec)) if (!KEYS.includes(key)) throw bad(key, `unknown job field ${JSON.stringify(key)}`, key);
  if (spec.source !== 'synth' && spec.source !== 'csv') throw bad('source', 'pick SynthGauss or your CSV', spec.source);
  if (spec.source === 'csv' && !spec.csvText) throw bad('file', 'drop a CSV file first (or pick SynthGauss)', undefined);
  if (spec.ignore !== undefined && !(Array.isArray(spec.ignore) && spec.ignore.every((n) => typeof n === 'string')))
    throw bad('ignore', 'the columns to leave out must be a list of column names', spec.ignore);
  if (spec.source === 'csv') checkLabelKept(spec.label, spec.ignore ?? []);
  if (spec.model !== 'ann' && spec.model !== 'lr' && spec.model !== 'onnx') throw bad('model', 'pick a model', spec.model);
  if (spec.model === 'onnx' && !(spec.onnxBytes instanceof Uint8Array && spec.onnxBytes.length > 0))
    throw bad('onnx-file', 'choose an .onnx file first (or pick a model to train)', undefined);
  if (spec.model === 'onnx' && spec.source !== 'csv') throw bad('source', 'an ONNX model is explained on your CSV: drop one', spec.source);
  const { min, max } = INSTANCE_BOUNDS;
  const n = spec.instances;
  if (!Number.isInteger(n) || n < min || n > max)
    throw bad('instances', `instances must be a whole number from ${min} to ${max} (got ${Number.isNaN(n) ? 'nothing' : n})`, n);
  const known = EXPLAINERS.map((e) => e.id);
  if (!Array.isArray(spec.explainers) || spec.explainers.length === 0)
    throw bad('explainers', 'pick at least one explainer', spec.explainers);
  for (const id of spec.explainers) if (!known.includes(id)) throw bad('explainers', `unknown explainer ${JSON.stringify(id)}`, id);
  if (spec.target !== undefined && spec.target !== 'predicted' && !(Number.isInteger(spec.target) && spec.target >= 0))
    throw bad('target', 'the class to explain must be a class of the label or "predicted"', spec.target);
  if (spec.treeShap !== undefined && !TREE_SHAP_ALGORITHMS.includes(spec.treeShap))
    throw bad('tree-shap', `TreeSHAP is ${TREE_SHAP_ALGORITHMS.join(' or ')}`, spec.treeShap);
  if (spec.missing !== undefined && spec.missing !== 'error' && spec.missing !== 'nan')
    throw bad('missing', 'missing cells are an error ("error") or kept as NaN for a tree model ("nan")', spec.missing);
  if (spec.missing === 'nan' && spec.model !== 'onnx')
    throw bad('missing', 'missing cells are kept (NaN) only for a tree model file: LR and the ANN need complete rows', spec.missing);
  if (spec.kernels !== undefined && spec.kernels !== 'simd' && spec.kernels !== 'js')
    throw bad('kernels', 'kernels must be "simd" (the default) or "js"', spec.kernels);
  return spec;
}
