// The released OpenXAI code's `feature_metadata` as our FeatureSchema: fed the
// released german rows and explanations WITHOUT a schema, PGI/PGU/stability treat every column
// as continuous (+ N(0, sigma^2) on the 52 one-hot columns instead of the released one-hot
// move), which is exactly the measured gap (PGU x 1/1.5, Random RIS 1.4 lower on the ln
// scale). The perturbation itself matches once the released metadata is passed as a schema.
import { XaiError, describeValue } from '@xai/core';
import type { FeatureKind, FeatureSchema } from '@xai/core';

/**
 * What the released loader returns as `feature_metadata`: a list of `'c'` / `'d'` per column
 * (every dataset but german, read by `NormalPerturbation`), or german's
 * `{ feature_types, feature_n_cols }` per feature (read by `NewDiscrete_NormalPerturbation`).
 * @since 0.2.0
 */
export type OpenxaiFeatureMetadata =
  | readonly string[]
  | { readonly feature_types: readonly string[]; readonly feature_n_cols: readonly number[] };

const FN = 'openxaiFeatureSchema';

function kindOf(t: unknown, where: string): FeatureKind {
  if (t === 'c') return 'continuous';
  if (t === 'd') return 'discrete';
  throw new XaiError('BAD_INPUT', `${where} is ${describeValue(t)}, expected 'c' or 'd'`, { fn: FN, arg: 'featureMetadata', value: t });
}

/**
 * Converts the released `feature_metadata` into the schema our perturbation reads, so that
 * `pgi`/`pgu`/`relativeStability` under `preset: 'openxai'` perturb as the released code
 * does: a `'c'` column + N(0, sigma^2), a `'d'` column flipped 0 <-> 1, and a `'d'` feature of
 * n >= 2 columns one one-hot group whose 1 moves (then the per-column mask, as released).
 * `d` (the number of model columns) is checked against the metadata.
 * @example
 * openxaiFeatureSchema({ feature_types: ['c', 'd'], feature_n_cols: [1, 3] }, 4)
 * // { names: ['x0', ..., 'x3'], kinds: ['continuous', 'discrete', 'discrete', 'discrete'], groups: [[1, 2, 3]] }
 * @since 0.2.0
 */
export function openxaiFeatureSchema(featureMetadata: OpenxaiFeatureMetadata, d: number, names?: readonly string[]): FeatureSchema {
  if (!Number.isInteger(d) || d < 1)
    throw new XaiError('BAD_INPUT', `d must be a positive integer, got ${describeValue(d)}`, { fn: FN, arg: 'd', value: d });
  const kinds: FeatureKind[] = [];
  const groups: number[][] = [];
  if (Array.isArray(featureMetadata)) {
    featureMetadata.forEach((t, j) => {
      kinds.push(kindOf(t, `featureMetadata[${j}]`));
    });
  } else if (
    featureMetadata !== null &&
    typeof featureMetadata === 'object' &&
    Array.isArray((featureMetadata as { feature_types?: unknown }).feature_types)
  ) {
    const { feature_types: types, feature_n_cols: widths } = featureMetadata as {
      feature_types: readonly unknown[];
      feature_n_cols: readonly unknown[];
    };
    if (!Array.isArray(widths) || widths.length !== types.length) {
      throw new XaiError(
        'BAD_INPUT',
        `feature_n_cols has ${Array.isArray(widths) ? widths.length : describeValue(widths)} entries for ${types.length} feature_types`,
        { fn: FN, arg: 'featureMetadata.feature_n_cols', value: widths },
      );
    }
    types.forEach((t, f) => {
      const w = widths[f];
      if (typeof w !== 'number' || !Number.isInteger(w) || w < 1) {
        throw new XaiError('BAD_INPUT', `feature_n_cols[${f}] is ${describeValue(w)}, expected a positive integer`, {
          fn: FN,
          arg: 'featureMetadata.feature_n_cols',
          value: w,
        });
      }
      const kind = kindOf(t, `feature_types[${f}]`);
      // A continuous feature of several columns gets noise on its first column only in the
      // released loop; nothing in the released data has one, so refuse rather than guess.
      if (kind === 'continuous' && w !== 1) {
        throw new XaiError('NOT_SUPPORTED', `feature ${f} is continuous with ${w} columns (the released code perturbs only its first)`, {
          fn: FN,
          arg: 'featureMetadata',
          value: w,
        });
      }
      const first = kinds.length;
      for (let c = 0; c < w; c++) kinds.push(kind);
      if (kind === 'discrete' && w >= 2) groups.push(Array.from({ length: w }, (_, c) => first + c));
    });
  } else {
    throw new XaiError(
      'BAD_INPUT',
      `expected a list of 'c'/'d' or { feature_types, feature_n_cols }, got ${describeValue(featureMetadata)}`,
      { fn: FN, arg: 'featureMetadata', value: featureMetadata },
    );
  }
  if (kinds.length !== d) {
    throw new XaiError('SHAPE_MISMATCH', `the metadata describes ${kinds.length} columns, the model has ${d}`, {
      fn: FN,
      arg: 'featureMetadata',
      value: kinds.length,
    });
  }
  if (names !== undefined && names.length !== d) {
    throw new XaiError('SHAPE_MISMATCH', `${names.length} names for ${d} columns`, { fn: FN, arg: 'names', value: names.length });
  }
  return { names: names ?? Array.from({ length: d }, (_, j) => `x${j}`), kinds, groups };
}
