// A model file that names its features (XGBoost's feature_names) is matched to the data by those
// names, never by position: columns in another order, or other columns, are refused naming the
// first position where they differ (a tree ensemble fed permuted columns still predicts, wrongly).
import { XaiError } from '@xai/core';

/** The feature names a model file carries, if any (a tree model's `info.featureNames`). */
export function modelFeatureNames(model: object): readonly string[] | undefined {
  const names = (model as { readonly info?: { readonly featureNames?: readonly string[] } }).info?.featureNames;
  return names !== undefined && names.length > 0 ? names : undefined;
}

/**
 * BAD_INPUT when the model in `file` names its features and `columns` (the data's model columns,
 * in order) are not those names in that order; `where` names the data, `fn` and `arg` the flag.
 * @example checkNamedFeatures(treeModel, 'm.json', ['a', 'b'], 'd.csv', { fn: 'xai explain', arg: '--data' })
 * @since 0.3.0
 */
export function checkNamedFeatures(
  model: object,
  file: string,
  columns: readonly string[],
  where: string,
  at: { readonly fn: string; readonly arg: string },
): void {
  const names = modelFeatureNames(model);
  if (names === undefined) return;
  const n = Math.max(names.length, columns.length);
  for (let j = 0; j < n; j++) {
    if (names[j] === columns[j]) continue;
    const same = names.length === columns.length && [...names].sort().join('\0') === [...columns].sort().join('\0');
    const shown = names.length > 40 ? `${names.slice(0, 40).join(', ')}, …` : names.join(', ');
    throw new XaiError(
      'BAD_INPUT',
      `${file} names its features (feature_names) and ${where} does not give them in its order: column ${j + 1} is ${JSON.stringify(names[j] ?? '(none)')} in the model, ${JSON.stringify(columns[j] ?? '(none)')} in the data; ${same ? 'the same columns in another order: reorder them to' : 'the model was trained on'} ${shown}`,
      { fn: at.fn, arg: at.arg, value: columns[j] ?? null, file },
    );
  }
}
