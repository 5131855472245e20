// The op set the interpreter runs, by domain ('' is the default ONNX domain) and type.
import type { OpDef } from './op.js';
import { BINARY_DEFS } from './ops/binary.js';
import { clipDef } from './ops/clip.js';
import { MATMUL_DEFS } from './ops/matmul.js';
import { ML_DEFS } from './ops/ml.js';
import { NORMALIZE_DEFS } from './ops/normalize.js';
import { REDUCE_DEFS } from './ops/reduce.js';
import { SHAPE_DEFS } from './ops/shape.js';
import { UNARY_DEFS } from './ops/unary.js';

const ONNX_OPS: Readonly<Record<string, OpDef>> = {
  ...UNARY_DEFS,
  ...BINARY_DEFS,
  ...MATMUL_DEFS,
  ...NORMALIZE_DEFS,
  ...REDUCE_DEFS,
  ...SHAPE_DEFS,
  Clip: clipDef,
};

/** ai.onnx.ml ops whose inputs lose their derivative (trees, encoders, thresholds): not run here. */
const NON_DIFFERENTIABLE_ML = new Set([
  'TreeEnsembleClassifier',
  'TreeEnsembleRegressor',
  'TreeEnsemble',
  'Binarizer',
  'OneHotEncoder',
  'LabelEncoder',
  'CategoryMapper',
]);

export const ML_DOMAIN = 'ai.onnx.ml';

/** The domain as the registry keys it: '' for ONNX's default domain. */
export function domainOf(domain: string | null | undefined): string {
  return domain === undefined || domain === null || domain === 'ai.onnx' ? '' : domain;
}

export function opDef(domain: string, opType: string): OpDef | undefined {
  if (domain === '') return ONNX_OPS[opType];
  if (domain === ML_DOMAIN) return ML_DEFS[opType];
  return undefined;
}

/** An op the interpreter does not run but knows to be piecewise constant in its inputs (a tree ensemble). */
export function isKnownNonDifferentiable(domain: string, opType: string): boolean {
  return domain === ML_DOMAIN && NON_DIFFERENTIABLE_ML.has(opType);
}

/** The op types the interpreter runs, for documentation and messages: ONNX ones, then ai.onnx.ml ones. */
export function supportedOps(): { readonly onnx: readonly string[]; readonly ml: readonly string[] } {
  return { onnx: Object.keys(ONNX_OPS).sort(), ml: Object.keys(ML_DEFS).sort() };
}
