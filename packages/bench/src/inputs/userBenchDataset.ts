import type { Preprocessing } from '@xai/core';
import { XaiError, checkOptions, enumOption, inputEncoding } from '@xai/core';
import { loadUserDataset } from '@xai/data/node';
import type { UserDataset } from '@xai/data/node';
import type { BenchDataset } from './loadBenchDataset.js';
import type { ChoiceOf } from '../config/settings.js';
import { USER_DATA_KEYS } from '../config/settings.js';
import { choiceSetting } from '../config/settingValues.js';

/** A user's CSV as the CLI names it: `--data my.csv --label y [--test t.csv] [--schema s.json] [--missing drop-rows]`. */
export interface UserDataSpec {
  readonly data: string;
  readonly label: string;
  readonly test?: string;
  readonly schema?: string;
  /** Columns to drop (`--ignore a,b`: ids, free text), added to the schema's `ignore`; the model files keep them. */
  readonly ignore?: readonly string[];
  /**
   * A missing value in a numeric column or the label: an error naming the cell (default), its row
   * dropped, or (numeric columns, for tree models) read as NaN; see {@link dataMissingPolicy}.
   */
  readonly missing?: ChoiceOf<'missing'> | 'nan';
  /** The CSV files' encoding (core's INPUT_ENCODINGS). @defaultValue strict UTF-8 */
  readonly encoding?: string;
  /** Their decimal mark (see `@xai/data`'s parseUserDataset). @defaultValue 'auto' */
  readonly decimal?: ChoiceOf<'decimal'>;
}

/** A user dataset as the bench uses it, plus what a model trained on it must carry. */
export interface UserBenchDataset extends BenchDataset {
  /** Raw rows → model inputs (feature names, kinds, scaler, label classes): saved in the model file. */
  readonly preprocessing: Preprocessing;
  readonly warnings: readonly string[];
  /** The loader's own dataset (raw splits, targets, provenance). */
  readonly user: UserDataset;
}

/**
 * `--data my.csv --label y [--test t.csv] [--schema s.json]` → the bench's dataset, through
 * `@xai/data`'s `loadUserDataset` (schema inferred or read, seeded stratified split when no
 * test file, min-max fitted on train). The dataset id is the file name without `.csv`; its
 * training settings are the generic `default` row. Classification only in the bench (the
 * metrics it runs need classes): a regression label is BAD_INPUT naming the column.
 * @example const ds = await loadUserBenchDataset({ data: 'my.csv', label: 'y' }, { seed: 0 })
 * @since 0.2.0
 */
export async function loadUserBenchDataset(spec: UserDataSpec, options: { readonly seed: number }): Promise<UserBenchDataset> {
  const fn = 'loadUserBenchDataset';
  checkOptions(spec, USER_DATA_KEYS, fn, 'spec');
  checkOptions(options, ['seed'], fn);
  // The label comes from --label, or from a --schema file that names it.
  if ((typeof spec.label !== 'string' || spec.label.length === 0) && spec.schema === undefined) {
    throw new XaiError('BAD_OPTION', `--data ${spec.data} needs --label <column> (the label column of the CSV)`, {
      fn: 'xai',
      arg: '--label',
      value: spec.label,
    });
  }
  const ds = await loadUserDataset(spec.data, {
    ...(spec.label ? { label: spec.label } : {}),
    seed: options.seed,
    ...(spec.test !== undefined ? { test: spec.test } : {}),
    ...(spec.schema !== undefined ? { schema: spec.schema } : {}),
    ...(spec.ignore !== undefined && spec.ignore.length > 0 ? { ignore: spec.ignore } : {}),
    ...(spec.missing !== undefined
      ? { missing: enumOption(spec.missing, fn, '--missing', { values: ['error', 'drop-rows', 'nan'] }) }
      : {}),
    ...(spec.encoding !== undefined ? { encoding: inputEncoding(spec.encoding, 'xai', '--encoding') } : {}),
    ...(spec.decimal !== undefined ? { decimal: choiceSetting('decimal', spec.decimal, { fn: 'xai', arg: '--decimal' }) } : {}),
  });
  if (ds.task !== 'classification') {
    throw new XaiError(
      'BAD_INPUT',
      `${spec.data}: label ${JSON.stringify(ds.preprocessing.label?.name ?? spec.label)} is a regression target; the bench's metrics need classes (declare "task": "classification" in a --schema file if it is one); explain and score a regression model with xai explain / xai evaluate --instances <csv>`,
      { fn, arg: '--label', value: spec.label, file: spec.data },
    );
  }
  return {
    id: ds.name,
    trainingName: 'user',
    train: ds.train,
    test: ds.test,
    schema: ds.schema,
    ...(ds.validation ? { validation: ds.validation } : {}),
    hash: ds.hash,
    processingHash: ds.processingHash,
    provenance: ds.provenance,
    preprocessing: ds.preprocessing,
    warnings: ds.provenance.warnings,
    user: ds,
  };
}
